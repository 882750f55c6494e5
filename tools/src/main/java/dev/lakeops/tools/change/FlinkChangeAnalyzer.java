package dev.lakeops.tools.change;

import dev.lakeops.tools.Severity;
import dev.lakeops.tools.change.FlinkChangeSnapshot.FlinkJar;
import dev.lakeops.tools.change.FlinkJobInstance.Restore;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * What changed about one Flink job name (pure). The runs of the name, from this capture and from
 * earlier ones (a run the cluster no longer lists is remembered), are put in start order; each run
 * after the first is a resubmission of the one before it:
 *
 * <ul>
 *   <li>{@code change.flink.job-resubmitted} / {@code change.flink.job-started} at the run's start;
 *   <li>{@code change.flink.parallelism} and {@code change.flink.config}: the run against the one
 *       before it, and one run against itself between two captures (a rescale in place);
 *   <li>{@code change.flink.savepoint-restore} when the run restored a savepoint (or a retained
 *       checkpoint) at start; {@code change.flink.fresh-start} when a resubmitted run never
 *       restored: WARN when the run before had state, since its sources start over and its sinks
 *       write again what was written (the restart that duplicates writes);
 *   <li>{@code change.flink.restart}: failovers of the newest run (exception-history timestamps);
 *   <li>{@code change.flink.jar-uploaded}: jars uploaded to the cluster.
 * </ul>
 *
 * Every change carries its time; {@link ChangeFindings} keeps those in the window.
 */
public final class FlinkChangeAnalyzer {

  /**
   * A restore this close after a run's start is the start's own (from a savepoint or retained
   * checkpoint).
   */
  static final Duration INITIAL_RESTORE = Duration.ofMinutes(2);

  /**
   * Failures closer together than this are one failover (several tasks of a region fail at once).
   */
  static final long SAME_FAILOVER_MILLIS = 1_000;

  /**
   * @param earlier earlier captures of the same job name on the same cluster, oldest first
   */
  public List<Change> analyze(FlinkChangeSnapshot now, List<FlinkChangeSnapshot> earlier) {
    List<Change> changes = new ArrayList<>();
    List<FlinkJobInstance> runs = runs(now, earlier);
    for (int i = 0; i < runs.size(); i++) {
      FlinkJobInstance run = runs.get(i);
      FlinkJobInstance before = i == 0 ? null : runs.get(i - 1);
      changes.addAll(new RunChanges(now, run, before).all());
    }
    if (!now.runs().isEmpty()) {
      restarts(now, now.runs().get(0)).ifPresent(changes::add);
    }
    List<FlinkChangeSnapshot> all = new ArrayList<>(earlier);
    all.add(now);
    for (int i = 1; i < all.size(); i++) {
      changes.addAll(inPlace(all.get(i - 1), all.get(i)));
    }
    changes.addAll(jars(now));
    return changes;
  }

  /** Every run known, oldest first: this capture's, then remembered ones it no longer lists. */
  static List<FlinkJobInstance> runs(FlinkChangeSnapshot now, List<FlinkChangeSnapshot> earlier) {
    Map<String, FlinkJobInstance> byId = new LinkedHashMap<>();
    for (FlinkChangeSnapshot s : earlier) {
      s.runs().forEach(r -> byId.put(r.jobId(), r));
    }
    now.runs().forEach(r -> byId.put(r.jobId(), r));
    List<FlinkJobInstance> runs = new ArrayList<>(byId.values());
    runs.sort(Comparator.comparingLong(FlinkJobInstance::startTimeMillis));
    return runs;
  }

  /** The changes a run brought at its start. */
  private static final class RunChanges {
    private final FlinkChangeSnapshot now;
    private final FlinkJobInstance run;
    private final @Nullable FlinkJobInstance before;
    private final Instant start;

    RunChanges(FlinkChangeSnapshot now, FlinkJobInstance run, @Nullable FlinkJobInstance before) {
      this.now = now;
      this.run = run;
      this.before = before;
      this.start = Instant.ofEpochMilli(run.startTimeMillis());
    }

    List<Change> all() {
      List<Change> out = new ArrayList<>();
      if (run.startTimeMillis() <= 0) {
        return out; // a run without a start time cannot be placed
      }
      out.add(before == null ? started() : resubmitted());
      if (before != null) {
        parallelism(before, run, start, null, now).ifPresent(out::add);
        config(before, run, start, null, now).ifPresent(out::add);
      }
      restore().ifPresent(out::add);
      return out;
    }

    private Change started() {
      return change(ChangeCodes.FLINK_JOB_STARTED, start)
          .phrase("started")
          .summary(
              "Job '"
                  + run.name()
                  + "' started at "
                  + start
                  + " as "
                  + run.jobId()
                  + " ("
                  + run.state()
                  + ", parallelism "
                  + text(run.parallelism())
                  + "); no earlier run of the name is listed or remembered.")
          .after(run.jobId())
          .detail("jobId", run.jobId())
          .detail("state", run.state())
          .detail("parallelism", run.parallelism())
          .build();
    }

    private Change resubmitted() {
      String ended =
          before.endTimeMillis() == null
              ? "still " + before.state()
              : before.state() + " at " + Instant.ofEpochMilli(before.endTimeMillis());
      return change(ChangeCodes.FLINK_JOB_RESUBMITTED, start)
          .phrase("resubmitted")
          .summary(
              "Job '"
                  + run.name()
                  + "' was resubmitted at "
                  + start
                  + " as "
                  + run.jobId()
                  + ", replacing "
                  + before.jobId()
                  + " ("
                  + ended
                  + ").")
          .before(before.jobId())
          .after(run.jobId())
          .detail("jobId", run.jobId())
          .detail("state", run.state())
          .detail("previousJobId", before.jobId())
          .detail("previousState", before.state())
          .detail("previousStart", Instant.ofEpochMilli(before.startTimeMillis()))
          .detail(
              "previousEnd",
              before.endTimeMillis() == null ? null : Instant.ofEpochMilli(before.endTimeMillis()))
          .detail("previousListed", now.run(before.jobId()).isPresent())
          .build();
    }

    /** A restore at start, or none (a fresh start) for a resubmission. */
    private Optional<Change> restore() {
      if (run.checkpoints() == null) {
        return Optional.empty(); // checkpoints unread or disabled: whether it restored is unknown
      }
      Restore r = run.checkpoints().latestRestore();
      if (r != null && isInitial(r)) {
        Instant at = Instant.ofEpochMilli(r.restoreTimestampMillis());
        String kind = r.savepoint() ? "savepoint" : "retained checkpoint";
        return Optional.of(
            change(ChangeCodes.FLINK_SAVEPOINT_RESTORE, at)
                .phrase(
                    "restored from "
                        + kind
                        + (r.externalPath() == null ? "" : " " + lastSegment(r.externalPath())))
                .summary(
                    "Run "
                        + run.jobId()
                        + " of '"
                        + run.name()
                        + "' restored its state from "
                        + kind
                        + " "
                        + r.checkpointId()
                        + (r.externalPath() == null ? "" : " at " + r.externalPath())
                        + " when it started.")
                .after(
                    r.externalPath() == null ? "checkpoint " + r.checkpointId() : r.externalPath())
                .detail("jobId", run.jobId())
                .detail("kind", kind)
                .detail("checkpointId", r.checkpointId())
                .detail("externalPath", r.externalPath())
                .detail("restoredAt", at)
                .build());
      }
      if (r != null || before == null) {
        return Optional
            .empty(); // a later failover's restore hides the start's; a first run has nothing to
        // restore
      }
      Boolean hadState = before.hadState();
      return Optional.of(
          change(ChangeCodes.FLINK_FRESH_START, start)
              .severity(Boolean.TRUE.equals(hadState) ? Severity.WARN : Severity.INFO)
              .phrase("fresh start without state")
              .summary(
                  "Run "
                      + run.jobId()
                      + " of '"
                      + run.name()
                      + "' started without restoring any state"
                      + (Boolean.TRUE.equals(hadState)
                          ? " although the run before it had completed "
                              + before.checkpoints().completed()
                              + " checkpoint(s): its sources start from their initial offsets and"
                              + " its sinks write again what was written, the restart that"
                              + " duplicates writes."
                          : "."))
              .before(
                  before.jobId()
                      + (hadState == null
                          ? " (state unknown)"
                          : Boolean.TRUE.equals(hadState) ? " (had state)" : " (no state)"))
              .after(run.jobId() + " (no restore)")
              .detail("jobId", run.jobId())
              .detail("previousJobId", before.jobId())
              .detail("previousHadState", hadState == null ? "unknown" : hadState)
              .detail(
                  "previousCompletedCheckpoints",
                  before.checkpoints() == null ? null : before.checkpoints().completed())
              .build());
    }

    private boolean isInitial(Restore r) {
      long sinceStart = r.restoreTimestampMillis() - run.startTimeMillis();
      boolean early =
          sinceStart >= -SAME_FAILOVER_MILLIS && sinceStart <= INITIAL_RESTORE.toMillis();
      // A failover within the first minutes restores the run's own checkpoint; a savepoint restore
      // is always the start's.
      boolean failedBefore =
          run.failureTimes().stream().anyMatch(t -> t <= r.restoreTimestampMillis());
      return early && (r.savepoint() || !failedBefore);
    }

    private Change.Builder change(String code, Instant at) {
      return FlinkChangeAnalyzer.change(code, run.name(), at, now);
    }
  }

  static Optional<Change> parallelism(
      FlinkJobInstance a,
      FlinkJobInstance b,
      Instant at,
      @Nullable Instant notBefore,
      FlinkChangeSnapshot now) {
    if (a.vertexParallelism().isEmpty() || b.vertexParallelism().isEmpty()) {
      return Optional.empty();
    }
    Map<String, String> vertices = MapDiff.of(a.vertexParallelism(), b.vertexParallelism());
    boolean jobLevel =
        a.parallelism() != null
            && b.parallelism() != null
            && !a.parallelism().equals(b.parallelism());
    if (vertices.isEmpty() && !jobLevel) {
      return Optional.empty();
    }
    String what =
        jobLevel
            ? "parallelism " + MapDiff.arrow(a.parallelism(), b.parallelism())
            : "parallelism of " + MapDiff.describe(vertices, 2);
    Change.Builder c =
        change(ChangeCodes.FLINK_PARALLELISM, b.name(), at, now)
            .notBefore(notBefore)
            .phrase(what)
            .summary(
                "Job '"
                    + b.name()
                    + "' "
                    + (notBefore == null ? "run " + b.jobId() + " runs with " : "changed its ")
                    + what
                    + (notBefore == null
                        ? " (run " + a.jobId() + " before it)."
                        : " between two probes."))
            .before(a.parallelism())
            .after(b.parallelism())
            .detail("jobId", b.jobId())
            .detail("previousJobId", a.jobId());
    vertices.forEach((v, d) -> c.detail("vertex[" + v + "]", d));
    return Optional.of(c.build());
  }

  static Optional<Change> config(
      FlinkJobInstance a,
      FlinkJobInstance b,
      Instant at,
      @Nullable Instant notBefore,
      FlinkChangeSnapshot now) {
    Map<String, String> diff = new LinkedHashMap<>();
    if (a.userConfig() != null && b.userConfig() != null) {
      MapDiff.of(a.userConfig(), b.userConfig()).forEach((k, v) -> diff.put("user-config." + k, v));
    }
    if (!a.executionConfig().isEmpty() && !b.executionConfig().isEmpty()) {
      diff.putAll(MapDiff.of(a.executionConfig(), b.executionConfig()));
    }
    if (diff.isEmpty()) {
      return Optional.empty();
    }
    Change.Builder c =
        change(ChangeCodes.FLINK_CONFIG, b.name(), at, now)
            .notBefore(notBefore)
            .phrase("config " + MapDiff.describe(diff, 2))
            .summary(
                "Job '"
                    + b.name()
                    + "' runs with another configuration than "
                    + (notBefore == null ? "run " + a.jobId() : "before")
                    + ": "
                    + MapDiff.describe(diff, 5)
                    + ".")
            .before(a.jobId())
            .after(b.jobId())
            .detail("jobId", b.jobId())
            .detail("previousJobId", a.jobId());
    diff.forEach(c::detail);
    return Optional.of(c.build());
  }

  /** The same run seen by two captures: a rescale or reconfiguration in place. */
  private static List<Change> inPlace(FlinkChangeSnapshot a, FlinkChangeSnapshot b) {
    List<Change> out = new ArrayList<>();
    for (FlinkJobInstance later : b.runs()) {
      a.run(later.jobId())
          .ifPresent(
              earlier -> {
                parallelism(earlier, later, b.capturedAt(), a.capturedAt(), b).ifPresent(out::add);
                config(earlier, later, b.capturedAt(), a.capturedAt(), b).ifPresent(out::add);
              });
    }
    return out;
  }

  private static Optional<Change> restarts(FlinkChangeSnapshot now, FlinkJobInstance run) {
    List<Long> failovers = new ArrayList<>();
    long previous = Long.MAX_VALUE;
    for (long t : run.failureTimes()) {
      if (t >= run.startTimeMillis() && previous - t > SAME_FAILOVER_MILLIS) {
        failovers.add(t);
      }
      previous = t;
    }
    if (failovers.isEmpty()) {
      return Optional.empty();
    }
    Instant latest = Instant.ofEpochMilli(failovers.get(0));
    Restore r = run.checkpoints() == null ? null : run.checkpoints().latestRestore();
    String times = failovers.size() == 1 ? "once" : failovers.size() + " times";
    return Optional.of(
        change(ChangeCodes.FLINK_RESTART, run.name(), latest, now)
            .phrase("restarted " + times)
            .summary(
                "Run "
                    + run.jobId()
                    + " of '"
                    + run.name()
                    + "' failed and restarted "
                    + times
                    + ", latest at "
                    + latest
                    + (r == null || r.savepoint()
                        ? "."
                        : ", restoring checkpoint " + r.checkpointId() + "."))
            .detail("jobId", run.jobId())
            .detail("failovers", failovers.size())
            .detail("firstFailure", Instant.ofEpochMilli(failovers.get(failovers.size() - 1)))
            .detail("numRestarts", run.numRestarts())
            .detail("restoredCheckpoint", r == null || r.savepoint() ? null : r.checkpointId())
            .build());
  }

  private static List<Change> jars(FlinkChangeSnapshot now) {
    List<Change> out = new ArrayList<>();
    for (FlinkJar jar : now.jars() == null ? List.<FlinkJar>of() : now.jars()) {
      if (jar.uploadedMillis() <= 0) {
        continue;
      }
      Instant at = Instant.ofEpochMilli(jar.uploadedMillis());
      out.add(
          Change.of(
                  ChangeCodes.FLINK_JAR_UPLOADED,
                  "cluster " + now.restUrl(),
                  "flink cluster " + now.restUrl(),
                  at)
              .phrase("jar " + jar.name() + " uploaded")
              .summary(
                  "Jar " + jar.name() + " was uploaded to " + now.restUrl() + " at " + at + ".")
              .after(jar.name())
              .detail("jarId", jar.id())
              .source("GET " + now.restUrl() + "/v1/jars")
              .build());
    }
    return out;
  }

  static Change.Builder change(String code, String job, Instant at, FlinkChangeSnapshot now) {
    return Change.of(code, "job " + job, "flink job " + job, at)
        .sources(now.endpoints().stream().filter(e -> !e.contains("/vertices/")).limit(8).toList());
  }

  /**
   * {@code savepoint-a13c8f-d7ff98040aed} of {@code
   * file:/savepoints/savepoint-a13c8f-d7ff98040aed/}.
   */
  static String lastSegment(String path) {
    String p = path.replaceAll("/+$", "");
    return p.substring(p.lastIndexOf('/') + 1);
  }

  private static String text(@Nullable Object o) {
    return o == null ? "unknown" : o.toString();
  }
}
