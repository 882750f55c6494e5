package dev.lakeops.tools.flink;

import static dev.lakeops.tools.Checks.checkArgument;

import java.util.List;

/**
 * One or two captures of the same job, oldest first. A second capture is taken when the first
 * looked like a fault, so that a transient answer is not reported as one.
 */
public record FlinkObservation(List<FlinkHealthSnapshot> captures) {

  public FlinkObservation {
    captures = List.copyOf(captures);
    checkArgument(!captures.isEmpty(), "An observation needs at least one capture");
  }

  public FlinkHealthSnapshot first() {
    return captures.get(0);
  }

  /** The newest capture: what analyzers judge. */
  public FlinkHealthSnapshot latest() {
    return captures.get(captures.size() - 1);
  }
}
