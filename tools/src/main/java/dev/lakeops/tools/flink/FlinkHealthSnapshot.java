package dev.lakeops.tools.flink;

import static java.util.Objects.requireNonNull;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * Everything the health probe read about one job at one moment. Each part is null (or empty) when
 * its endpoint could not be read; {@code failures} says which and why, so one failing endpoint
 * never loses the others.
 *
 * @param restUrl the cluster
 * @param flinkVersion as the cluster reports it, when known
 * @param status the job, its state history and vertices (always read: without it there is no job)
 * @param metrics job metrics such as {@code numRestarts}
 * @param exceptions the exception history, newest first
 * @param checkpoints checkpoint counts and history
 * @param checkpointSettings interval, timeout and friends
 * @param checkpointDetail per-vertex progress of the checkpoint most worth explaining (the oldest
 *     in progress, else the latest failed)
 * @param sources source vertices' progress
 * @param watermarks per vertex
 * @param failures endpoints that could not be read
 * @param capturedAt when the capture finished, by lakeops' clock
 * @param endpoints every endpoint read, in order
 */
public record FlinkHealthSnapshot(
    String restUrl,
    @Nullable String flinkVersion,
    JobStatus status,
    @Nullable JobMetrics metrics,
    @Nullable List<FlinkException> exceptions,
    @Nullable CheckpointStats checkpoints,
    @Nullable CheckpointSettings checkpointSettings,
    @Nullable CheckpointDetail checkpointDetail,
    List<SourceSample> sources,
    List<VertexWatermark> watermarks,
    List<EndpointFailure> failures,
    Instant capturedAt,
    List<String> endpoints) {

  public FlinkHealthSnapshot {
    requireNonNull(restUrl, "restUrl");
    requireNonNull(status, "status");
    exceptions = exceptions == null ? null : List.copyOf(exceptions);
    sources = List.copyOf(sources);
    watermarks = List.copyOf(watermarks);
    failures = List.copyOf(failures);
    requireNonNull(capturedAt, "capturedAt");
    endpoints = List.copyOf(endpoints);
  }

  public FlinkJobSummary job() {
    return status.job();
  }

  /**
   * "Now" for age computations: the JobManager's clock when it sent one, so that figures compare
   * against timestamps from the same clock; lakeops' clock otherwise.
   */
  public long nowMillis() {
    return status.nowMillis() > 0 ? status.nowMillis() : capturedAt.toEpochMilli();
  }

  public Optional<FlinkVertex> vertex(String vertexId) {
    return status.vertices().stream().filter(v -> v.id().equals(vertexId)).findFirst();
  }
}
