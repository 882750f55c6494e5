package dev.lakeops.tools.flink;

import java.util.List;

/**
 * The answer of {@code /jobs/:jid/vertices/:vid/backpressure}: Flink's own level ({@code ok} when
 * the ratio is at most 0.10, {@code low} up to 0.5, {@code high} above) and per-subtask ratios.
 */
public record VertexBackpressure(String level, List<Subtask> subtasks) {

  public VertexBackpressure {
    subtasks = List.copyOf(subtasks);
  }

  /** One subtask's share of the last second spent backpressured, idle and busy (0..1). */
  public record Subtask(
      int subtask, String level, double ratio, double idleRatio, double busyRatio) {}

  public double maxRatio() {
    return subtasks.stream().mapToDouble(Subtask::ratio).max().orElse(0);
  }

  public double maxBusyRatio() {
    return subtasks.stream().mapToDouble(Subtask::busyRatio).max().orElse(0);
  }
}
