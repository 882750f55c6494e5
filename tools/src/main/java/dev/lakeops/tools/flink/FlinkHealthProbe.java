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
import java.util.function.BiFunction;
import org.jspecify.annotations.Nullable;

/**
 * Captures a job's health from the Flink REST API: state history, restart metrics, exception
 * history, checkpoint statistics, configuration and the per-vertex progress of the checkpoint worth
 * explaining, source progress and watermarks. Does no judging.
 *
 * <p>Only the job itself must be readable; every other endpoint that fails is recorded as an {@link
 * EndpointFailure} and the capture goes on, so partial results are kept. Flink answers {@code []}
 * for job metrics straight after a restart; that answer is retried with backoff.
 */
public final class FlinkHealthProbe {

  static final List<String> JOB_METRICS =
      List.of(
          JobMetrics.NUM_RESTARTS,
          JobMetrics.UPTIME,
          JobMetrics.DOWNTIME,
          JobMetrics.RESTARTING_TIME,
          JobMetrics.COMPLETED_CHECKPOINTS,
          JobMetrics.FAILED_CHECKPOINTS);
  static final int MAX_EXCEPTIONS = 20;
  private static final int IDS_PER_REQUEST = 40;

  private final FlinkRest rest;
  private final Sampling sampling;
  private final Clock clock;

  public FlinkHealthProbe(FlinkRest rest, Sampling sampling, Clock clock) {
    this.rest = rest;
    this.sampling = sampling;
    this.clock = clock;
  }

  public FlinkHealthProbe(FlinkRest rest) {
    this(rest, Sampling.defaults(), Clock.systemUTC());
  }

  /** The cluster's base URL, for evidence. */
  public String restUrl() {
    return rest.baseUrl();
  }

  /**
   * Captures the job named {@code job} (or with that id) once.
   *
   * @throws ProbeException {@code NOT_FOUND} naming the jobs that exist when there is no such job;
   *     other codes when the job itself cannot be read
   */
  public FlinkHealthSnapshot capture(String job) {
    if (job == null || job.isBlank()) {
      throw new IllegalArgumentException("Flink job name or id is empty");
    }
    List<String> endpoints = new ArrayList<>();
    JobLookup lookup = new JobLookup(rest, endpoints);
    String version = lookup.flinkVersion();
    FlinkJobSummary summary = lookup.resolve(job.strip());
    return new Capture(lookup, endpoints).run(summary.jobId(), version);
  }

  /**
   * Captures the job, and when the first capture looks like a fault (not RUNNING, no job metrics,
   * an endpoint failed) captures it again after the sampling backoff, resolving the name anew so a
   * redeploy shows as a changed job id. Observation analyzers compare the captures.
   */
  public FlinkObservation observe(String job) {
    FlinkHealthSnapshot first = capture(job);
    if (sampling.attempts() < 2 || !looksFaulty(first)) {
      return new FlinkObservation(List.of(first));
    }
    Pauses.sleep(sampling.backoff());
    try {
      return new FlinkObservation(List.of(first, capture(job)));
    } catch (ProbeException e) {
      // The job vanished between the two captures: keep what was seen and say so.
      List<EndpointFailure> failures = new ArrayList<>(first.failures());
      failures.add(EndpointFailure.of(e));
      return new FlinkObservation(List.of(withFailures(first, failures)));
    }
  }

  static boolean looksFaulty(FlinkHealthSnapshot s) {
    return !s.job().isRunning()
        || s.metrics() == null
        || s.metrics().values().isEmpty()
        || !s.failures().isEmpty();
  }

  private static FlinkHealthSnapshot withFailures(
      FlinkHealthSnapshot s, List<EndpointFailure> failures) {
    return new FlinkHealthSnapshot(
        s.restUrl(),
        s.flinkVersion(),
        s.status(),
        s.metrics(),
        s.exceptions(),
        s.checkpoints(),
        s.checkpointSettings(),
        s.checkpointDetail(),
        s.sources(),
        s.watermarks(),
        failures,
        s.capturedAt(),
        s.endpoints());
  }

  /** One capture: the endpoints read and the failures met so far. */
  private final class Capture {
    private final JobLookup lookup;
    private final List<String> endpoints;
    private final List<EndpointFailure> failures = new ArrayList<>();

    Capture(JobLookup lookup, List<String> endpoints) {
      this.lookup = lookup;
      this.endpoints = endpoints;
    }

    FlinkHealthSnapshot run(String jobId, @Nullable String version) {
      String jobPath = "/v1/jobs/" + jobId;
      JobStatus status = FlinkHealthJson.jobStatus("GET " + jobPath, lookup.read(jobPath));
      JobMetrics metrics = jobMetrics(jobPath);
      List<FlinkException> exceptions =
          section(
              jobPath + "/exceptions?maxExceptions=" + MAX_EXCEPTIONS,
              FlinkHealthJson::exceptions,
              false);
      CheckpointStats checkpoints =
          section(jobPath + "/checkpoints", FlinkHealthJson::checkpoints, true);
      CheckpointSettings settings =
          section(jobPath + "/checkpoints/config", FlinkHealthJson::checkpointSettings, true);
      CheckpointDetail detail =
          checkpoints == null ? null : detail(jobPath, checkpoints, status.vertices());
      List<SourceSample> sources = new ArrayList<>();
      List<VertexWatermark> watermarks = new ArrayList<>();
      if (status.job().isRunning()) {
        List<FlinkVertex> sampled =
            status.vertices().stream().limit(sampling.maxVertices()).toList();
        for (FlinkVertex v : sampled) {
          if (v.inputIds().isEmpty()) {
            SourceSample s = source(jobPath, v);
            if (s != null) {
              sources.add(s);
            }
          }
          String path = jobPath + "/vertices/" + v.id() + "/watermarks";
          Long[] min = {null};
          Boolean read =
              section(
                  path,
                  (e, body) -> {
                    min[0] = FlinkHealthJson.minWatermark(e, body);
                    return Boolean.TRUE;
                  },
                  false);
          if (read != null) {
            watermarks.add(new VertexWatermark(v, min[0]));
          }
        }
      }
      return new FlinkHealthSnapshot(
          rest.baseUrl(),
          version,
          status,
          metrics,
          exceptions,
          checkpoints,
          settings,
          detail,
          sources,
          watermarks,
          failures,
          clock.instant(),
          endpoints);
    }

    private @Nullable JobMetrics jobMetrics(String jobPath) {
      String path = jobPath + "/metrics?get=" + String.join(",", JOB_METRICS);
      Duration pause = sampling.backoff();
      for (int attempt = 1; ; attempt++) {
        JobMetrics metrics = section(path, FlinkHealthJson::jobMetrics, false);
        if (metrics == null || !metrics.values().isEmpty() || attempt >= sampling.attempts()) {
          return metrics;
        }
        Pauses.sleep(pause);
        pause = pause.multipliedBy(2);
      }
    }

    /** The oldest checkpoint in progress, else the latest failed one, vertex by vertex. */
    private @Nullable CheckpointDetail detail(
        String jobPath, CheckpointStats stats, List<FlinkVertex> vertices) {
      CheckpointEntry chosen =
          stats.history().stream()
              .filter(CheckpointEntry::isInProgress)
              .reduce((newer, older) -> older)
              .orElse(stats.latestFailed());
      if (chosen == null) {
        return null;
      }
      String path = jobPath + "/checkpoints/details/" + chosen.id();
      List<CheckpointDetail.VertexAck> acks =
          section(path, (e, body) -> FlinkHealthJson.vertexAcks(e, body, vertices), false);
      if (acks == null) {
        return null;
      }
      List<CheckpointDetail.VertexAck> detailed = new ArrayList<>();
      for (CheckpointDetail.VertexAck ack : acks.stream().limit(sampling.maxVertices()).toList()) {
        CheckpointDetail.VertexAck withDelays =
            section(
                path + "/subtasks/" + ack.vertexId(),
                (e, body) -> FlinkHealthJson.withSubtasks(ack, body),
                false);
        detailed.add(withDelays == null ? ack : withDelays);
      }
      return new CheckpointDetail(chosen.id(), chosen.status(), detailed);
    }

    private @Nullable SourceSample source(String jobPath, FlinkVertex v) {
      String listPath = jobPath + "/vertices/" + v.id() + "/metrics";
      List<String> ids = section(listPath, SourceMetricsJson::wanted, false);
      if (ids == null) {
        return null;
      }
      List<JsonNode> answers = new ArrayList<>();
      for (int from = 0; from < ids.size(); from += IDS_PER_REQUEST) {
        List<String> chunk = ids.subList(from, Math.min(ids.size(), from + IDS_PER_REQUEST));
        String path =
            listPath + "?get=" + URLEncoder.encode(String.join(",", chunk), StandardCharsets.UTF_8);
        JsonNode answer = section(path, (e, body) -> body, false);
        if (answer != null && answer.isArray()) {
          answers.add(answer);
        }
      }
      return SourceMetricsJson.sample(v, answers);
    }

    /**
     * Reads and parses one endpoint; a failure is recorded and yields null. With {@code
     * notFoundIsAbsent}, a 404 means "nothing there" (e.g. checkpointing disabled) and is not a
     * failure.
     */
    private <T> @Nullable T section(
        String path, BiFunction<String, JsonNode, T> parse, boolean notFoundIsAbsent) {
      try {
        return parse.apply("GET " + path, lookup.read(path));
      } catch (ProbeException e) {
        if (!(notFoundIsAbsent && e.code() == ProbeException.Code.NOT_FOUND)) {
          failures.add(EndpointFailure.of(e));
        }
        return null;
      }
    }
  }
}
