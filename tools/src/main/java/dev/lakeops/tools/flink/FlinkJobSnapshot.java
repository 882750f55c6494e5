package dev.lakeops.tools.flink;

import static java.util.Objects.requireNonNull;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * Everything the Flink probe captured about one job at one moment; analyzers judge it without I/O.
 *
 * @param restUrl the cluster the job runs on
 * @param flinkVersion as the cluster reports it, when known
 * @param job the job as listed by {@code /jobs/overview}
 * @param vertices the samples in topological order (sources first)
 * @param capturedAt when the capture finished
 * @param endpoints every endpoint read, in order, for evidence
 * @param attempts how many captures it took until the metrics were ready
 */
public record FlinkJobSnapshot(
    String restUrl,
    @Nullable String flinkVersion,
    FlinkJobSummary job,
    List<VertexSample> vertices,
    Instant capturedAt,
    List<String> endpoints,
    int attempts) {

  public FlinkJobSnapshot {
    requireNonNull(restUrl, "restUrl");
    requireNonNull(job, "job");
    vertices = List.copyOf(vertices);
    requireNonNull(capturedAt, "capturedAt");
    endpoints = List.copyOf(endpoints);
  }

  public Optional<VertexSample> vertex(String vertexId) {
    return vertices.stream().filter(v -> v.vertex().id().equals(vertexId)).findFirst();
  }

  /** The vertices that read from {@code vertexId}. */
  public List<VertexSample> downstreamOf(String vertexId) {
    return vertices.stream().filter(v -> v.vertex().inputIds().contains(vertexId)).toList();
  }
}
