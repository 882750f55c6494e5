package dev.lakeops.tools.flink;

import static java.util.Objects.requireNonNull;

import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * Per-vertex progress of one checkpoint ({@code /checkpoints/details/:cid} and its {@code
 * /subtasks/:vid}): which vertices have acknowledged, and how long barriers took to reach them
 * ({@code start_delay}) and to align.
 */
public record CheckpointDetail(long id, String status, List<VertexAck> vertices) {

  public CheckpointDetail {
    requireNonNull(status, "status");
    vertices = List.copyOf(vertices);
  }

  /**
   * One vertex's part in the checkpoint; the delays are maxima over its acknowledged subtasks and
   * null when none has acknowledged or the subtask details were not read.
   */
  public record VertexAck(
      String vertexId,
      String vertexName,
      int acknowledged,
      int subtasks,
      @Nullable Long maxStartDelayMillis,
      @Nullable Long maxAlignmentMillis,
      long alignmentBuffered) {

    public boolean complete() {
      return acknowledged >= subtasks;
    }
  }

  /** Vertices that have not acknowledged from every subtask, in DAG order. */
  public List<VertexAck> pending() {
    return vertices.stream().filter(v -> !v.complete()).toList();
  }
}
