package dev.lakeops.tools.flink;

import com.fasterxml.jackson.databind.JsonNode;
import dev.lakeops.tools.ProbeException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;

/**
 * Captures one job's shape and load from the Flink REST API (versioned {@code /v1/...} paths, which
 * Flink 1.18 to 2.x all serve): the job, its vertices and DAG, per-subtask busy / backpressured /
 * idle time and Flink's backpressure sample per vertex. Does no judging.
 */
public final class FlinkJobProbe {

  private static final java.util.regex.Pattern JOB_ID = java.util.regex.Pattern.compile("[0-9a-f]{32}");

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
        return new FlinkJobSnapshot(rest.baseUrl(), version, capture.job(), capture.samples(), clock.instant(), attemptEndpoints, attempt);
      }
      sleep(pause);
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
      List<VertexSample> samples = vertices.stream().map(v -> new VertexSample(v, List.of(), null)).toList();
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
      }
      String path = jobPath + "/vertices/" + vertex.id() + "/metrics?get=" + URLEncoder.encode(String.join(",", ids), StandardCharsets.UTF_8);
      List<SubtaskLoad> chunk = FlinkRestJson.subtaskLoads("GET " + path, read(path, endpoints), to);
      loads.addAll(chunk.subList(from, to));
    }
    return loads;
  }

  private @Nullable VertexBackpressure backpressure(String jobPath, FlinkVertex vertex, List<String> endpoints) {
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
    if (JOB_ID.matcher(job).matches()) {
      String path = "/v1/jobs/" + job;
      try {
        return FlinkRestJson.jobSummary("GET " + path, read(path, endpoints));
      } catch (ProbeException e) {
        if (e.code() != ProbeException.Code.NOT_FOUND) {
          throw e;
        }
        // A 32-hex name is unusual but legal: fall back to names.
      }
    }
    String path = "/v1/jobs/overview";
    List<FlinkJobSummary> jobs = FlinkRestJson.jobsOverview("GET " + path, read(path, endpoints));
    return jobs.stream()
        .filter(j -> j.name().equals(job))
        .max(Comparator.comparing(FlinkJobSummary::isRunning).thenComparingLong(FlinkJobSummary::startTimeMillis))
        .orElseThrow(() -> new ProbeException(ProbeException.Code.NOT_FOUND, "GET " + path, noSuchJob(job, jobs)));
  }

  private String noSuchJob(String job, List<FlinkJobSummary> jobs) {
    if (jobs.isEmpty()) {
      return "no such job: '" + job + "' (the cluster at " + rest.baseUrl() + " has no jobs)";
    }
    String known = jobs.stream().limit(10).map(j -> "'" + j.name() + "' (" + j.state() + ")").collect(Collectors.joining(", "));
    return "no such job: '" + job + "' (jobs on " + rest.baseUrl() + ": " + known + (jobs.size() > 10 ? ", ..." : "") + ")";
  }

  private @Nullable String flinkVersion(List<String> endpoints) {
    try {
      String v = read("/v1/overview", endpoints).path("flink-version").asText("");
      return v.isEmpty() ? null : v;
    } catch (ProbeException e) {
      if (e.code() == ProbeException.Code.BAD_RESPONSE || e.code() == ProbeException.Code.NOT_FOUND) {
        return null; // version is evidence only; the job endpoints decide
      }
      throw e;
    }
  }

  private JsonNode read(String path, List<String> endpoints) {
    endpoints.add("GET " + rest.baseUrl() + path);
    return rest.get(path);
  }

  private static void sleep(Duration pause) {
    if (pause.isZero()) {
      return;
    }
    try {
      Thread.sleep(pause.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new ProbeException(ProbeException.Code.TIMEOUT, "sampling pause", "interrupted while waiting to re-probe", e);
    }
  }
}
