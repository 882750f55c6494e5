package dev.lakeops.tools.flink;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Hand-built health snapshots for analyzer tests: a running two-vertex job, changed one part at a
 * time.
 */
final class Snapshots {

  static final long NOW = 1_800_000_000_000L;
  static final String JOB_ID = "0123456789abcdef0123456789abcdef";
  static final FlinkVertex SOURCE =
      new FlinkVertex("a0", "Source: orders", 2, "RUNNING", List.of());
  static final FlinkVertex SINK =
      new FlinkVertex("b0", "lake-writer: Writer", 2, "RUNNING", List.of("a0"));

  private String state = "RUNNING";
  private String jobId = JOB_ID;
  private Map<String, Double> metrics =
      Map.of(JobMetrics.NUM_RESTARTS, 0.0, JobMetrics.UPTIME, 3_600_000.0);
  private final List<FlinkException> exceptions = new ArrayList<>();
  private CheckpointStats checkpoints;
  private CheckpointSettings settings;
  private CheckpointDetail detail;
  private final List<SourceSample> sources = new ArrayList<>();
  private final List<VertexWatermark> watermarks = new ArrayList<>();
  private final List<EndpointFailure> failures = new ArrayList<>();
  private long runningSince = NOW - 3_600_000;

  static Snapshots running() {
    return new Snapshots();
  }

  Snapshots state(String s) {
    state = s;
    return this;
  }

  Snapshots jobId(String id) {
    jobId = id;
    return this;
  }

  Snapshots metrics(Map<String, Double> m) {
    metrics = m;
    return this;
  }

  Snapshots runningSince(long millis) {
    runningSince = millis;
    return this;
  }

  Snapshots exception(String trace, long agoMillis, String task) {
    exceptions.add(
        FlinkHealthJson.fromTrace(
            trace.split(":")[0], trace, NOW - agoMillis, task, "localhost:-1"));
    exceptions.sort((x, y) -> Long.compare(y.timestampMillis(), x.timestampMillis()));
    return this;
  }

  /** Adds parsed history entries, e.g. from {@link FlinkHealthJson#exceptions}. */
  Snapshots exceptions(List<FlinkException> parsed) {
    exceptions.addAll(parsed);
    exceptions.sort((x, y) -> Long.compare(y.timestampMillis(), x.timestampMillis()));
    return this;
  }

  Snapshots checkpoints(CheckpointSettings s, CheckpointEntry... newestFirst) {
    settings = s;
    List<CheckpointEntry> history = List.of(newestFirst);
    CheckpointEntry completed =
        history.stream().filter(CheckpointEntry::isCompleted).findFirst().orElse(null);
    CheckpointEntry failed =
        history.stream().filter(CheckpointEntry::isFailed).findFirst().orElse(null);
    long nCompleted = history.stream().filter(CheckpointEntry::isCompleted).count();
    long nFailed = history.stream().filter(CheckpointEntry::isFailed).count();
    checkpoints =
        new CheckpointStats(
            history.size(),
            nCompleted,
            nFailed,
            history.size() - nCompleted - nFailed,
            0,
            history,
            completed,
            failed,
            -1);
    return this;
  }

  /**
   * Counters that already count a failure Flink's history does not list yet (its two caches
   * disagree).
   */
  Snapshots countedButUnlistedFailure(CheckpointSettings s) {
    settings = s;
    checkpoints = new CheckpointStats(2, 0, 1, 1, 0, List.of(), null, null, -1);
    return this;
  }

  Snapshots detail(CheckpointDetail d) {
    detail = d;
    return this;
  }

  Snapshots source(SourceSample s) {
    sources.add(s);
    return this;
  }

  Snapshots watermark(FlinkVertex v, Long millis) {
    watermarks.add(new VertexWatermark(v, millis));
    return this;
  }

  Snapshots failure(EndpointFailure f) {
    failures.add(f);
    return this;
  }

  static CheckpointEntry completed(long id, long agoMillis, long durationMillis, long stateSize) {
    return new CheckpointEntry(
        id,
        "COMPLETED",
        NOW - agoMillis - durationMillis,
        NOW - agoMillis,
        durationMillis,
        stateSize,
        stateSize,
        0,
        0,
        4,
        4,
        null,
        -1);
  }

  static CheckpointEntry failed(long id, long agoMillis, String message) {
    return new CheckpointEntry(
        id,
        "FAILED",
        NOW - agoMillis - 1000,
        NOW - agoMillis - 990,
        1000,
        0,
        0,
        0,
        0,
        4,
        2,
        message,
        NOW - agoMillis);
  }

  FlinkHealthSnapshot build() {
    JobStatus status =
        new JobStatus(
            new FlinkJobSummary(jobId, "orders-to-lake", state, NOW - 7_200_000),
            NOW,
            Map.of("RUNNING", runningSince, "RESTARTING", 0L),
            List.of(SOURCE, SINK));
    return new FlinkHealthSnapshot(
        "http://flink:8081",
        "2.3.0",
        status,
        new JobMetrics(metrics),
        List.copyOf(exceptions),
        checkpoints,
        settings,
        detail,
        sources,
        watermarks,
        failures,
        Instant.ofEpochMilli(NOW),
        List.of("GET http://flink:8081/v1/jobs/" + jobId));
  }
}
