package dev.lakeops.tools.flink;

import com.fasterxml.jackson.databind.JsonNode;
import dev.lakeops.tools.Pauses;
import dev.lakeops.tools.ProbeException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * Captures one job's shape and load from the Flink REST API (versioned {@code /v1/...} paths, which
 * Flink 1.18 to 2.x all serve): the job, its vertices and DAG, per-subtask busy / backpressured /
 * idle time and Flink's backpressure sample per vertex. Does no judging.
 */
public final class FlinkJobProbe {

  private final FlinkRest rest;
  private final Sampling sampling;
  private final Clock clock;

  public FlinkJobProbe(FlinkRest rest, Sampling sampling, Clock clock) {
    this.rest = rest;
    this.sampling = sampling;
    this.clock = clock;
  }

  public FlinkJobProbe(FlinkRest rest) {
    this(rest, Sampling.defaults(), Clock.systemUTC());
  }

  /** The health probe of the same cluster, sampling the same way. */
  public FlinkHealthProbe healthProbe() {
    return new FlinkHealthProbe(rest, sampling, clock);
  }

  /** The cluster's base URL, for evidence. */
  public String restUrl() {
    return rest.baseUrl();
  }

  /** The REST API this probe reads, for other probes of the same cluster. */
  public FlinkRest rest() {
    return rest;
  }

  /** All jobs the cluster knows, as {@code /jobs/overview} lists them. */
  public List<FlinkJobSummary> jobs() {
    String path = "/v1/jobs/overview";
    return FlinkRestJson.jobsOverview("GET " + path, rest.get(path));
  }

  /**
   * Captures the job named {@code job} (or with that 32-hex-digit id). When several jobs share the
   * name, the running one wins, then the most recently started.
   *
   * @throws ProbeException {@code NOT_FOUND} naming the jobs that do exist when there is no such
   *     job; other codes when the cluster cannot be read
   */
  public FlinkJobSnapshot capture(String job) {
    if (job == null || job.isBlank()) {
      throw new IllegalArgumentException("Flink job name or id is empty");
    }
    List<String> endpoints = new ArrayList<>();
    String version = flinkVersion(endpoints);
    FlinkJobSummary summary = resolve(job.strip(), endpoints);
    Duration pause = sampling.backoff();
    for (int attempt = 1; ; attempt++) {
      List<String> attemptEndpoints = new ArrayList<>(endpoints);
      Capture capture = captureOnce(summary.jobId(), attemptEndpoints);
      boolean last = attempt >= sampling.attempts();
      if (capture.ready() || last) {
        return new FlinkJobSnapshot(
            rest.baseUrl(),
            version,
            capture.job(),
            capture.samples(),
            clock.instant(),
            attemptEndpoints,
            attempt);
      }
      Pauses.sleep(pause);
      pause = pause.multipliedBy(2);
    }
  }

  private record Capture(FlinkJobSummary job, List<VertexSample> samples, boolean ready) {}

  private Capture captureOnce(String jobId, List<String> endpoints) {
    String jobPath = "/v1/jobs/" + jobId;
    JsonNode details = read(jobPath, endpoints);
    FlinkJobSummary job = FlinkRestJson.jobSummary("GET " + jobPath, details);
    List<FlinkVertex> vertices = FlinkRestJson.vertices("GET " + jobPath, details);
    if (!job.isRunning()) {
      List<VertexSample> samples =
          vertices.stream().map(v -> new VertexSample(v, List.of(), null)).toList();
      return new Capture(job, samples, true); // no live metrics to wait for
    }
    List<VertexSample> samples = new ArrayList<>();
    boolean ready = true;
    int sampled = 0;
    for (FlinkVertex vertex : vertices) {
      if (sampled++ >= sampling.maxVertices()) {
        samples.add(new VertexSample(vertex, List.of(), null));
        continue;
      }
      List<SubtaskLoad> loads = loads(jobPath, vertex, endpoints);
      VertexBackpressure backpressure = backpressure(jobPath, vertex, endpoints);
      VertexSample sample = new VertexSample(vertex, loads, backpressure);
      ready &= sample.hasLoadMetrics() && backpressure != null;
      samples.add(sample);
    }
    return new Capture(job, samples, ready);
  }

  private List<SubtaskLoad> loads(String jobPath, FlinkVertex vertex, List<String> endpoints) {
    List<SubtaskLoad> loads = new ArrayList<>();
    for (int from = 0; from < vertex.parallelism(); from += sampling.subtasksPerRequest()) {
      int to = Math.min(vertex.parallelism(), from + sampling.subtasksPerRequest());
      List<String> ids = new ArrayList<>();
      for (int i = from; i < to; i++) {
        ids.add(i + "." + FlinkRestJson.BUSY);
        ids.add(i + "." + FlinkRestJson.BACKPRESSURED);
        ids.add(i + "." + FlinkRestJson.IDLE);
        ids.add(i + "." + FlinkRestJson.RECORDS_IN);
        ids.add(i + "." + FlinkRestJson.RECORDS_OUT);
      }
      String path =
          jobPath
              + "/vertices/"
              + vertex.id()
              + "/metrics?get="
              + URLEncoder.encode(String.join(",", ids), StandardCharsets.UTF_8);
      List<SubtaskLoad> chunk =
          FlinkRestJson.subtaskLoads("GET " + path, read(path, endpoints), to);
      loads.addAll(chunk.subList(from, to));
    }
    return loads;
  }

  private @Nullable VertexBackpressure backpressure(
      String jobPath, FlinkVertex vertex, List<String> endpoints) {
    String path = jobPath + "/vertices/" + vertex.id() + "/backpressure";
    try {
      return FlinkRestJson.backpressure("GET " + path, read(path, endpoints));
    } catch (ProbeException e) {
      if (e.code() != ProbeException.Code.BAD_RESPONSE) {
        throw e;
      }
      // Flink 2.3 answers HTTP 500 (NoSuchElementException) to the first backpressure request of a
      // vertex whose sample is not ready; the load metrics stand without it, so this is "not yet".
      return null;
    }
  }

  private FlinkJobSummary resolve(String job, List<String> endpoints) {
    return new JobLookup(rest, endpoints).resolve(job);
  }

  private @Nullable String flinkVersion(List<String> endpoints) {
    return new JobLookup(rest, endpoints).flinkVersion();
  }

  private JsonNode read(String path, List<String> endpoints) {
    endpoints.add("GET " + rest.baseUrl() + path);
    return rest.get(path);
  }
}
