package dev.lakeops.tools.change;

import static java.util.Objects.requireNonNull;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * One run (one job id) of a Flink job name, as the REST API shows it. Parts the probe could not
 * read, or that the cluster does not report, are null (or empty); the analyzer then says less.
 *
 * @param startTimeMillis {@code start-time} of {@code /jobs/overview}
 * @param endTimeMillis {@code end-time}; null while the job runs ({@code -1})
 * @param jobParallelism {@code execution-config.job-parallelism} of {@code /jobs/:id/config}; null
 *     unread
 * @param vertexParallelism vertex name to parallelism ({@code /jobs/:id}), in job order; empty
 *     unread
 * @param userConfig {@code execution-config.user-config} (the job's global parameters); null unread
 * @param executionConfig the other {@code execution-config} values as text (restart strategy, mode,
 *     ...)
 * @param checkpoints counts and the latest restore of {@code /jobs/:id/checkpoints}; null unread or
 *     disabled
 * @param failureTimes the exception history's timestamps, newest first; read for the newest run
 *     only
 * @param numRestarts the {@code numRestarts} job metric; read for a running newest run only
 */
public record FlinkJobInstance(
    String jobId,
    String name,
    String state,
    long startTimeMillis,
    @Nullable Long endTimeMillis,
    @Nullable Integer jobParallelism,
    Map<String, Integer> vertexParallelism,
    @Nullable Map<String, String> userConfig,
    Map<String, String> executionConfig,
    @Nullable Checkpoints checkpoints,
    List<Long> failureTimes,
    @Nullable Long numRestarts) {

  /**
   * The checkpoint counts and the latest restore of a run.
   *
   * @param completed checkpoints completed in this run
   * @param restored restores in this run (from a savepoint at start, or from checkpoints on
   *     failover)
   * @param latestRestore {@code latest.restored}; null when the run never restored (a start without
   *     state)
   */
  public record Checkpoints(long completed, long restored, @Nullable Restore latestRestore) {}

  /** {@code latest.restored}: what a run restored from and when. */
  public record Restore(
      long checkpointId,
      long restoreTimestampMillis,
      boolean savepoint,
      @Nullable String externalPath) {}

  public FlinkJobInstance {
    requireNonNull(jobId, "jobId");
    requireNonNull(name, "name");
    requireNonNull(state, "state");
    vertexParallelism = Collections.unmodifiableMap(new LinkedHashMap<>(vertexParallelism));
    userConfig =
        userConfig == null ? null : Collections.unmodifiableMap(new LinkedHashMap<>(userConfig));
    executionConfig = Collections.unmodifiableMap(new LinkedHashMap<>(executionConfig));
    failureTimes = List.copyOf(failureTimes);
  }

  /**
   * The run's parallelism: the job's setting, else the highest vertex parallelism; null when
   * neither was read.
   */
  public @Nullable Integer parallelism() {
    if (jobParallelism != null && jobParallelism > 0) {
      return jobParallelism;
    }
    return vertexParallelism.values().stream().max(Integer::compare).orElse(null);
  }

  /**
   * Whether the run had state to carry over: it completed a checkpoint or restored one; null when
   * unknown.
   */
  public @Nullable Boolean hadState() {
    return checkpoints == null
        ? null
        : checkpoints.completed() > 0 || checkpoints.latestRestore() != null;
  }
}
