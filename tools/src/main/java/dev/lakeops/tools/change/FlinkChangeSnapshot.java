package dev.lakeops.tools.change;

import static java.util.Objects.requireNonNull;

import dev.lakeops.tools.flink.EndpointFailure;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * What the change probe read about one job name on one Flink cluster at one moment; the analyzer
 * judges it without I/O.
 *
 * @param restUrl the cluster's REST base URL
 * @param job the job name the runs share
 * @param capturedAt when it was read
 * @param runs every run of that name the cluster still lists (it keeps finished jobs for {@code
 *     jobstore.expiration-time}, an hour by default), newest first, at most a few
 * @param jars the uploaded jars ({@code /jars}); null when the cluster lists none (no web
 *     submission)
 * @param failures endpoints that could not be read; what they would have told is null in the runs
 * @param endpoints every endpoint read, in order
 */
public record FlinkChangeSnapshot(
    String restUrl,
    String job,
    Instant capturedAt,
    List<FlinkJobInstance> runs,
    @Nullable List<FlinkJar> jars,
    List<EndpointFailure> failures,
    List<String> endpoints) {

  /** One uploaded jar: {@code /jars} {@code files[]}. */
  public record FlinkJar(String id, String name, long uploadedMillis) {}

  public FlinkChangeSnapshot {
    requireNonNull(restUrl, "restUrl");
    requireNonNull(job, "job");
    requireNonNull(capturedAt, "capturedAt");
    runs = List.copyOf(runs);
    jars = jars == null ? null : List.copyOf(jars);
    failures = List.copyOf(failures);
    endpoints = List.copyOf(endpoints);
  }

  public Optional<FlinkJobInstance> run(String jobId) {
    return runs.stream().filter(r -> r.jobId().equals(jobId)).findFirst();
  }

  /** The history key: one job name on one cluster. */
  public String key() {
    return restUrl + " " + job;
  }
}
