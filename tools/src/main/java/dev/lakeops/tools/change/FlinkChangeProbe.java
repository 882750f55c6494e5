package dev.lakeops.tools.change;

import com.fasterxml.jackson.databind.JsonNode;
import dev.lakeops.tools.ProbeException;
import dev.lakeops.tools.change.FlinkChangeJson.Config;
import dev.lakeops.tools.change.FlinkChangeJson.Row;
import dev.lakeops.tools.change.FlinkChangeSnapshot.FlinkJar;
import dev.lakeops.tools.change.FlinkJobInstance.Checkpoints;
import dev.lakeops.tools.flink.EndpointFailure;
import dev.lakeops.tools.flink.FlinkRest;
import dev.lakeops.tools.flink.JobLookup;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;

/**
 * Captures the runs of one Flink job name from the REST API, for what changed: every run of the
 * name {@code /jobs/overview} still lists (newest first, at most {@link #MAX_RUNS}), each with its
 * vertex parallelism ({@code /jobs/:id}), execution config ({@code /jobs/:id/config}) and
 * checkpoint counts with the latest restore ({@code /jobs/:id/checkpoints}); for the newest run
 * also its exception-history timestamps and {@code numRestarts}; and the uploaded jars when the
 * cluster lists them ({@code /jars}, 404 without web submission). Does no judging.
 *
 * <p>Only the overview must be readable; any other endpoint that fails is recorded as an {@link
 * EndpointFailure} and the capture goes on.
 */
public final class FlinkChangeProbe {

  /** Runs of one name read in detail: the newest and the few before it. */
  static final int MAX_RUNS = 5;

  static final int MAX_EXCEPTIONS = 50;

  private final FlinkRest rest;
  private final Clock clock;

  public FlinkChangeProbe(FlinkRest rest, Clock clock) {
    this.rest = rest;
    this.clock = clock;
  }

  /**
   * Captures the runs of the job named {@code job}, or of the name of the job with that id.
   *
   * @throws ProbeException {@code NOT_FOUND} naming the jobs that exist when no job has that name
   *     or id; other codes (with the endpoint) when {@code /jobs/overview} cannot be read
   */
  public FlinkChangeSnapshot capture(String job) {
    if (job == null || job.isBlank()) {
      throw new IllegalArgumentException("Flink job name or id is empty");
    }
    Capture capture = new Capture();
    String path = "/v1/jobs/overview";
    List<Row> rows = FlinkChangeJson.overview("GET " + rest.baseUrl() + path, capture.read(path));
    String name = resolve(job.strip(), rows, path, capture.endpoints);
    List<Row> mine =
        rows.stream()
            .filter(r -> r.name().equals(name))
            .sorted(Comparator.comparingLong(Row::startTimeMillis).reversed())
            .limit(MAX_RUNS)
            .toList();
    List<FlinkJobInstance> runs = new ArrayList<>();
    for (int i = 0; i < mine.size(); i++) {
      runs.add(capture.run(mine.get(i), i == 0));
    }
    return new FlinkChangeSnapshot(
        rest.baseUrl(),
        name,
        clock.instant(),
        runs,
        capture.jars(),
        capture.failures,
        capture.endpoints);
  }

  private String resolve(String job, List<Row> rows, String path, List<String> endpoints) {
    for (Row r : rows) {
      if (r.jobId().equals(job)) {
        return r.name();
      }
    }
    if (rows.stream().anyMatch(r -> r.name().equals(job))) {
      return job;
    }
    try {
      // The reporter's label form of the name, or a task of the job: resolved as every probe does.
      return new JobLookup(rest, endpoints).resolve(job).name();
    } catch (ProbeException e) {
      if (e.code() != ProbeException.Code.NOT_FOUND) {
        throw e;
      }
    }
    String known =
        rows.isEmpty()
            ? "none"
            : rows.stream()
                .map(Row::name)
                .distinct()
                .limit(10)
                .map(n -> "'" + n + "'")
                .collect(Collectors.joining(", "));
    throw new ProbeException(
        ProbeException.Code.NOT_FOUND,
        "GET " + rest.baseUrl() + path,
        "no Flink job named or with id '"
            + job
            + "' on "
            + rest.baseUrl()
            + " (jobs there: "
            + known
            + ")");
  }

  /** One capture: the endpoints read and the failures met. */
  private final class Capture {
    private final List<String> endpoints = new ArrayList<>();
    private final List<EndpointFailure> failures = new ArrayList<>();

    FlinkJobInstance run(Row row, boolean newest) {
      String job = "/v1/jobs/" + row.jobId();
      Map<String, Integer> vertices = section(job, FlinkChangeJson::vertexParallelism, false);
      Config config = section(job + "/config", FlinkChangeJson::config, false);
      Checkpoints checkpoints = section(job + "/checkpoints", FlinkChangeJson::checkpoints, true);
      List<Long> failureTimes = List.of();
      Long restarts = null;
      if (newest) {
        List<Long> times =
            section(
                job + "/exceptions?maxExceptions=" + MAX_EXCEPTIONS,
                FlinkChangeJson::failureTimes,
                false);
        failureTimes = times == null ? List.of() : times;
        if ("RUNNING".equals(row.state()) || "RESTARTING".equals(row.state())) {
          restarts =
              section(
                  job + "/metrics?get=numRestarts",
                  (e, b) -> FlinkChangeJson.metric(e, b, "numRestarts"),
                  false);
        }
      }
      return new FlinkJobInstance(
          row.jobId(),
          row.name(),
          row.state(),
          row.startTimeMillis(),
          row.endTimeMillis(),
          config == null ? null : config.jobParallelism(),
          vertices == null ? Map.of() : vertices,
          config == null ? null : config.userConfig(),
          config == null ? Map.of() : config.other(),
          checkpoints,
          failureTimes,
          restarts);
    }

    @Nullable List<FlinkJar> jars() {
      return section("/v1/jars", FlinkChangeJson::jars, true);
    }

    /** Reads {@code path}; a failure names the full endpoint, base URL included. */
    JsonNode read(String path) {
      String endpoint = "GET " + rest.baseUrl() + path;
      endpoints.add(endpoint);
      try {
        return rest.get(path);
      } catch (ProbeException e) {
        throw e.endpoint().equals(endpoint)
            ? e
            : new ProbeException(e.code(), endpoint, e.getMessage(), e);
      }
    }

    /**
     * Reads and parses one endpoint; a failure is recorded and yields null. With {@code
     * notFoundIsAbsent}, a 404 means "nothing there" (checkpointing disabled, no web submission)
     * and is not a failure.
     */
    private <T> @Nullable T section(
        String path, BiFunction<String, JsonNode, T> parse, boolean notFoundIsAbsent) {
      try {
        return parse.apply("GET " + rest.baseUrl() + path, read(path));
      } catch (ProbeException e) {
        if (e.code() == ProbeException.Code.UNREACHABLE
            || e.code() == ProbeException.Code.UNAUTHORIZED) {
          throw e; // the cluster went away mid-capture: nothing more will read
        }
        if (!(notFoundIsAbsent && e.code() == ProbeException.Code.NOT_FOUND)) {
          failures.add(new EndpointFailure(e.endpoint(), e.code(), e.getMessage()));
        }
        return null;
      }
    }
  }
}
