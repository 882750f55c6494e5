package dev.lakeops.agent.console.picture;

import dev.lakeops.runbooks.Category;
import dev.lakeops.runbooks.TriageReport;
import dev.lakeops.tools.Finding;
import dev.lakeops.tools.ToolReport;
import dev.lakeops.tools.flink.BackpressureAnalyzer;
import dev.lakeops.tools.flink.CheckpointAnalyzer;
import dev.lakeops.tools.flink.CheckpointEntry;
import dev.lakeops.tools.flink.CheckpointSettings;
import dev.lakeops.tools.flink.CheckpointStats;
import dev.lakeops.tools.flink.FlinkException;
import dev.lakeops.tools.flink.FlinkHealthSnapshot;
import dev.lakeops.tools.flink.FlinkJobSnapshot;
import dev.lakeops.tools.flink.FlinkJobSummary;
import dev.lakeops.tools.flink.FlinkVertex;
import dev.lakeops.tools.flink.JobMetrics;
import dev.lakeops.tools.flink.JobStatus;
import dev.lakeops.tools.flink.RestartAnalyzer;
import dev.lakeops.tools.flink.SubtaskLoad;
import dev.lakeops.tools.flink.VertexSample;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Triage reports holding what the real Flink analyzers found on hand-built snapshots, the shapes of
 * {@code tools}' own analyzer tests.
 */
public final class FlinkReportsForTests {

  static final long NOW = 1_800_000_000_000L;
  static final String JOB_ID = "0123456789abcdef0123456789abcdef";

  private FlinkReportsForTests() {}

  /** Source and map backpressured, {@code bottleneck} busy, the sink idle. */
  public static TriageReport backpressured(String bottleneck) {
    return backpressure(
        List.of(
            vertex("src", "Source: orders", List.of(), load(0, 10, 980), load(1, 12, 975)),
            vertex("map", "enrich", List.of("src"), load(0, 30, 960), load(1, 25, 965)),
            vertex("slow", bottleneck, List.of("map"), load(0, 995, 0), load(1, 990, 0)),
            vertex("sink", "Sink: out", List.of("slow"), load(0, 5, 0), load(1, 4, 0))));
  }

  /** Subtask 1 of the aggregation hot, its two siblings near idle: key skew. */
  public static TriageReport keySkew() {
    return backpressure(
        List.of(
            vertex("src", "Source: orders", List.of(), load(0, 10, 950), load(1, 10, 960)),
            vertex(
                "agg",
                "per-shop-total",
                List.of("src"),
                new SubtaskLoad(0, 40.0, 0.0, 960.0, 70.0),
                new SubtaskLoad(1, 999.0, 0.0, 1.0, 720.0),
                new SubtaskLoad(2, 35.0, 0.0, 965.0, 66.0)),
            vertex("sink", "Sink: totals", List.of("agg"), load(0, 5, 0))));
  }

  /** A chain of {@code n} vertices, backpressured down to vertex {@code n - 2}, then busy. */
  public static TriageReport chain(int n) {
    List<VertexSample> vertices = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      List<String> in = i == 0 ? List.of() : List.of("v" + (i - 1));
      SubtaskLoad load =
          i < n - 2 ? load(0, 10, 990) : i == n - 2 ? load(0, 990, 0) : load(0, 3, 0);
      vertices.add(vertex("v" + i, "op-" + i, in, load));
    }
    return backpressure(vertices);
  }

  static TriageReport backpressure(List<VertexSample> vertices) {
    FlinkJobSnapshot snapshot =
        new FlinkJobSnapshot(
            "http://flink:8081",
            "2.3.0",
            new FlinkJobSummary(JOB_ID, "orders-to-lake", "RUNNING", 1L),
            vertices,
            Instant.EPOCH,
            List.of("GET http://flink:8081/v1/jobs/" + JOB_ID),
            1);
    List<Finding> findings = new BackpressureAnalyzer().analyze(snapshot);
    return TriageReportsForTests.of(
        Category.BACKPRESSURE,
        List.of(
            new ToolReport(
                ToolReport.Status.OK,
                "flink.backpressure",
                Map.of("job", "orders-to-lake"),
                findings,
                null)));
  }

  /** Checkpoints every 3 s with a 10 s timeout: the given ones, newest first. */
  public static TriageReport checkpoints(CheckpointEntry... newestFirst) {
    List<CheckpointEntry> history = List.of(newestFirst);
    CheckpointStats stats =
        new CheckpointStats(
            history.size(),
            history.stream().filter(CheckpointEntry::isCompleted).count(),
            history.stream().filter(CheckpointEntry::isFailed).count(),
            0,
            0,
            history,
            history.stream().filter(CheckpointEntry::isCompleted).findFirst().orElse(null),
            history.stream().filter(CheckpointEntry::isFailed).findFirst().orElse(null),
            0);
    FlinkHealthSnapshot s =
        health(stats, new CheckpointSettings(3_000, 10_000, false, 0), List.of(), 0);
    return TriageReportsForTests.of(
        Category.CHECKPOINT_FAILURE,
        List.of(
            new ToolReport(
                ToolReport.Status.OK,
                "flink.checkpoints",
                Map.of("job", "orders-to-lake"),
                new CheckpointAnalyzer().analyze(s),
                null)));
  }

  public static CheckpointEntry completed(long id, long agoMs, long durationMs) {
    return new CheckpointEntry(
        id,
        "COMPLETED",
        NOW - agoMs,
        NOW - agoMs + durationMs,
        durationMs,
        1000,
        1000,
        0,
        0,
        4,
        4,
        null,
        0);
  }

  public static CheckpointEntry expired(long id, long agoMs) {
    return new CheckpointEntry(
        id,
        "FAILED",
        NOW - agoMs,
        -1,
        10_000,
        0,
        0,
        0,
        0,
        4,
        2,
        "Checkpoint expired before completing.",
        NOW - agoMs + 10_000);
  }

  /** A job restarting: one failure at each of {@code agoMs}. */
  public static TriageReport restarts(long... agoMs) {
    List<FlinkException> history = new ArrayList<>();
    for (long ago : agoMs) {
      history.add(
          new FlinkException(
              "java.lang.IllegalStateException",
              "boom",
              List.of(),
              List.of(),
              NOW - ago,
              "lake-writer: Writer (1/2)",
              "localhost:-1"));
    }
    history.sort((x, y) -> Long.compare(y.timestampMillis(), x.timestampMillis()));
    FlinkHealthSnapshot s = health(null, null, history, agoMs.length);
    return TriageReportsForTests.of(
        Category.RESTART_LOOP,
        List.of(
            new ToolReport(
                ToolReport.Status.OK,
                "flink.job",
                Map.of("job", "orders-to-lake"),
                new RestartAnalyzer().analyze(s),
                null)));
  }

  private static FlinkHealthSnapshot health(
      CheckpointStats stats,
      CheckpointSettings settings,
      List<FlinkException> exceptions,
      double restarts) {
    JobStatus status =
        new JobStatus(
            new FlinkJobSummary(JOB_ID, "orders-to-lake", "RUNNING", NOW - 7_200_000),
            NOW,
            Map.of("RUNNING", NOW - 3_600_000),
            List.of(
                new FlinkVertex("a0", "Source: orders", 2, "RUNNING", List.of()),
                new FlinkVertex("b0", "lake-writer: Writer", 2, "RUNNING", List.of("a0"))));
    return new FlinkHealthSnapshot(
        "http://flink:8081",
        "2.3.0",
        status,
        new JobMetrics(Map.of(JobMetrics.NUM_RESTARTS, restarts, JobMetrics.UPTIME, 60_000.0)),
        exceptions,
        stats,
        settings,
        null,
        List.of(),
        List.of(),
        List.of(),
        Instant.ofEpochMilli(NOW),
        List.of("GET http://flink:8081/v1/jobs/" + JOB_ID + "/checkpoints"));
  }

  static VertexSample vertex(String id, String name, List<String> inputs, SubtaskLoad... loads) {
    return new VertexSample(
        new FlinkVertex(id, name, loads.length, "RUNNING", inputs), List.of(loads), null);
  }

  /** A subtask's load: busy and backpressured ms/s, idle the rest. */
  static SubtaskLoad load(int subtask, double busy, double backPressured) {
    return new SubtaskLoad(subtask, busy, backPressured, Math.max(0, 1000 - busy - backPressured));
  }
}
