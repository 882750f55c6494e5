package dev.lakeops.tools.flink;

import com.fasterxml.jackson.databind.JsonNode;
import dev.lakeops.tools.ProbeException;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;

/**
 * Finds a job by name or id on one cluster, recording every endpoint it reads. Shared by every
 * probe that names a Flink job (the Flink probes, the change probe, the Flink source offsets of the
 * Kafka lag probe) so they resolve names the same way.
 */
public final class JobLookup {

  private static final Pattern JOB_ID = Pattern.compile("[0-9a-f]{32}");

  private final FlinkRest rest;
  private final List<String> endpoints;

  /**
   * @param endpoints where each endpoint read is recorded ({@code GET <base URL><path>})
   */
  public JobLookup(FlinkRest rest, List<String> endpoints) {
    this.rest = rest;
    this.endpoints = endpoints;
  }

  static boolean isJobId(String job) {
    return JOB_ID.matcher(job).matches();
  }

  /** Jobs whose vertices are read to find a task name; the running and newest first. */
  private static final int TASK_SEARCH_LIMIT = 20;

  /**
   * The job with that 32-hex-digit id, else the job with that name, else the job with that name as
   * Flink's Prometheus reporter exports it ({@link #reporterForm}: {@code orders-to-lake} is the
   * label value {@code orders_to_lake}), else the job that has a task (vertex) of that name (an
   * alert of the reporter's task scope may carry only {@code task_name}). Among jobs that match the
   * running one wins, then the most recently started.
   *
   * @throws ProbeException {@code NOT_FOUND} naming the jobs that exist; other codes when the
   *     cluster cannot be read
   */
  public FlinkJobSummary resolve(String job) {
    if (isJobId(job)) {
      String path = "/v1/jobs/" + job;
      try {
        return FlinkRestJson.jobSummary("GET " + path, read(path));
      } catch (ProbeException e) {
        if (e.code() != ProbeException.Code.NOT_FOUND) {
          throw e;
        }
        // A 32-hex name is unusual but legal: fall back to names.
      }
    }
    String path = "/v1/jobs/overview";
    List<FlinkJobSummary> jobs = FlinkRestJson.jobsOverview("GET " + path, read(path));
    Optional<FlinkJobSummary> byName = best(jobs.stream().filter(j -> j.name().equals(job)));
    if (byName.isPresent()) {
      return byName.get();
    }
    String filtered = reporterForm(job);
    Optional<FlinkJobSummary> byLabel =
        best(jobs.stream().filter(j -> reporterForm(j.name()).equals(filtered)));
    if (byLabel.isPresent()) {
      return byLabel.get();
    }
    return byTask(job, jobs)
        .orElseThrow(
            () ->
                new ProbeException(
                    ProbeException.Code.NOT_FOUND, "GET " + path, noSuchJob(job, jobs)));
  }

  private static final Comparator<FlinkJobSummary> PREFERRED =
      Comparator.comparing(FlinkJobSummary::isRunning)
          .thenComparingLong(FlinkJobSummary::startTimeMillis);

  private static Optional<FlinkJobSummary> best(Stream<FlinkJobSummary> jobs) {
    return jobs.max(PREFERRED);
  }

  /**
   * The job with a vertex named {@code task}, exactly or in the reporter's form; reads the vertices
   * of at most {@link #TASK_SEARCH_LIMIT} jobs, running and newest first.
   */
  private Optional<FlinkJobSummary> byTask(String task, List<FlinkJobSummary> jobs) {
    String filtered = reporterForm(task);
    List<FlinkJobSummary> candidates =
        jobs.stream().sorted(PREFERRED.reversed()).limit(TASK_SEARCH_LIMIT).toList();
    for (FlinkJobSummary j : candidates) {
      String path = "/v1/jobs/" + j.jobId();
      JsonNode vertices = read(path).path("vertices");
      for (JsonNode v : vertices) {
        String name = v.path("name").asText("");
        if (!name.isEmpty() && (name.equals(task) || reporterForm(name).equals(filtered))) {
          return Optional.of(j);
        }
      }
    }
    return Optional.empty();
  }

  /**
   * A name as Flink's Prometheus reporter writes it into a label value: with its default {@code
   * filterLabelValueCharacters=true} every character outside {@code [a-zA-Z0-9:_]} becomes {@code
   * _}.
   */
  static String reporterForm(String name) {
    return REPORTER_UNALLOWED.matcher(name).replaceAll("_");
  }

  private static final Pattern REPORTER_UNALLOWED = Pattern.compile("[^a-zA-Z0-9:_]");

  private String noSuchJob(String job, List<FlinkJobSummary> jobs) {
    if (jobs.isEmpty()) {
      return "no such job: '" + job + "' (the cluster at " + rest.baseUrl() + " has no jobs)";
    }
    String known =
        jobs.stream()
            .limit(10)
            .map(j -> "'" + j.name() + "' (" + j.state() + ")")
            .collect(Collectors.joining(", "));
    return "no such job: '"
        + job
        + "' (jobs on "
        + rest.baseUrl()
        + ": "
        + known
        + (jobs.size() > 10 ? ", ..." : "")
        + ")";
  }

  /** The cluster's Flink version, or null when it cannot be told; it is evidence only. */
  @Nullable String flinkVersion() {
    try {
      String v = read("/v1/overview").path("flink-version").asText("");
      return v.isEmpty() ? null : v;
    } catch (ProbeException e) {
      if (e.code() == ProbeException.Code.BAD_RESPONSE
          || e.code() == ProbeException.Code.NOT_FOUND) {
        return null;
      }
      throw e;
    }
  }

  JsonNode read(String path) {
    endpoints.add("GET " + rest.baseUrl() + path);
    return rest.get(path);
  }
}
