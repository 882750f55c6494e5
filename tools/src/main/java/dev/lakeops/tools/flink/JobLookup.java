package dev.lakeops.tools.flink;

import com.fasterxml.jackson.databind.JsonNode;
import dev.lakeops.tools.ProbeException;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;

/**
 * Finds a job by name or id on one cluster, recording every endpoint it reads. Shared by the Flink
 * probes so they resolve names the same way.
 */
final class JobLookup {

  private static final Pattern JOB_ID = Pattern.compile("[0-9a-f]{32}");

  private final FlinkRest rest;
  private final List<String> endpoints;

  JobLookup(FlinkRest rest, List<String> endpoints) {
    this.rest = rest;
    this.endpoints = endpoints;
  }

  static boolean isJobId(String job) {
    return JOB_ID.matcher(job).matches();
  }

  /**
   * The job with that 32-hex-digit id, else the job with that name; among jobs sharing a name the
   * running one wins, then the most recently started.
   *
   * @throws ProbeException {@code NOT_FOUND} naming the jobs that exist; other codes when the
   *     cluster cannot be read
   */
  FlinkJobSummary resolve(String job) {
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
    return jobs.stream()
        .filter(j -> j.name().equals(job))
        .max(
            Comparator.comparing(FlinkJobSummary::isRunning)
                .thenComparingLong(FlinkJobSummary::startTimeMillis))
        .orElseThrow(
            () ->
                new ProbeException(
                    ProbeException.Code.NOT_FOUND, "GET " + path, noSuchJob(job, jobs)));
  }

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
