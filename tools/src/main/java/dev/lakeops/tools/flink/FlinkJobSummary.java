package dev.lakeops.tools.flink;

import static java.util.Objects.requireNonNull;

/** One row of {@code /jobs/overview}. */
public record FlinkJobSummary(String jobId, String name, String state, long startTimeMillis) {

  public FlinkJobSummary {
    requireNonNull(jobId, "jobId");
    requireNonNull(name, "name");
    requireNonNull(state, "state");
  }

  public boolean isRunning() {
    return "RUNNING".equals(state);
  }
}
