package dev.lakeops.tools.flink;

import static java.util.Objects.requireNonNull;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A job as {@code GET /jobs/:jid} shows it: identity and state, the JobManager's clock, when the
 * job last entered each state ({@code timestamps}, 0 = never), and its vertices in DAG order.
 *
 * @param job id, name, state and start time
 * @param nowMillis the JobManager's clock when it answered ({@code now}); -1 when not sent
 * @param stateTimestamps state name to the epoch millis it was last entered
 * @param vertices sources first
 */
public record JobStatus(
    FlinkJobSummary job,
    long nowMillis,
    Map<String, Long> stateTimestamps,
    List<FlinkVertex> vertices) {

  public JobStatus {
    requireNonNull(job, "job");
    stateTimestamps = java.util.Collections.unmodifiableMap(new TreeMap<>(stateTimestamps));
    vertices = List.copyOf(vertices);
  }

  /** When the job last entered {@code state}, or 0 when it never did. */
  public long enteredAt(String state) {
    return stateTimestamps.getOrDefault(state, 0L);
  }
}
