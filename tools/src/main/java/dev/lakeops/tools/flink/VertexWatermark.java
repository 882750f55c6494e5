package dev.lakeops.tools.flink;

import org.jspecify.annotations.Nullable;

/**
 * The lowest input watermark over a vertex's subtasks ({@code /vertices/:vid/watermarks}); null
 * when no subtask has one yet (Flink sends {@code Long.MIN_VALUE}).
 */
public record VertexWatermark(FlinkVertex vertex, @Nullable Long minWatermarkMillis) {}
