package dev.lakeops.tools.flink;

import static java.util.Objects.requireNonNull;

import java.util.List;
import java.util.OptionalDouble;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * What was observed of one vertex: per-subtask load and, when sampled, Flink's backpressure view.
 */
public record VertexSample(
    FlinkVertex vertex, List<SubtaskLoad> subtasks, @Nullable VertexBackpressure backpressure) {

  public VertexSample {
    requireNonNull(vertex, "vertex");
    subtasks = List.copyOf(subtasks);
  }

  public boolean hasLoadMetrics() {
    return subtasks.stream().anyMatch(SubtaskLoad::isReported);
  }

  /** Highest backpressured share (0..1) over subtasks; falls back to the backpressure endpoint. */
  public double maxBackPressuredRatio() {
    OptionalDouble fromMetrics = max(SubtaskLoad::backPressuredMsPerSecond);
    if (fromMetrics.isPresent()) {
      return fromMetrics.getAsDouble() / 1000.0;
    }
    return backpressure == null ? 0 : backpressure.maxRatio();
  }

  /** Highest busy share (0..1) over subtasks; falls back to the backpressure endpoint. */
  public double maxBusyRatio() {
    OptionalDouble fromMetrics = max(SubtaskLoad::busyMsPerSecond);
    if (fromMetrics.isPresent()) {
      return fromMetrics.getAsDouble() / 1000.0;
    }
    return backpressure == null ? 0 : backpressure.maxBusyRatio();
  }

  public OptionalDouble max(Function<SubtaskLoad, @Nullable Double> metric) {
    return subtasks.stream()
        .map(metric)
        .filter(v -> v != null)
        .mapToDouble(Double::doubleValue)
        .max();
  }

  /** The metric summed over the subtasks that report it; empty when none does. */
  public OptionalDouble sum(Function<SubtaskLoad, @Nullable Double> metric) {
    List<Double> values = subtasks.stream().map(metric).filter(v -> v != null).toList();
    return values.isEmpty()
        ? OptionalDouble.empty()
        : OptionalDouble.of(values.stream().mapToDouble(Double::doubleValue).sum());
  }

  public OptionalDouble average(Function<SubtaskLoad, @Nullable Double> metric) {
    return subtasks.stream()
        .map(metric)
        .filter(v -> v != null)
        .mapToDouble(Double::doubleValue)
        .average();
  }
}
