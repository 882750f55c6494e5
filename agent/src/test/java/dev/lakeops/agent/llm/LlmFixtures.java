package dev.lakeops.agent.llm;

import dev.lakeops.runbooks.AlertSignal;
import dev.lakeops.runbooks.TriageReport;
import dev.lakeops.runbooks.plan.DeterministicPlanner;
import dev.lakeops.runbooks.tool.FlinkBindings;
import dev.lakeops.runbooks.tool.ToolRegistry;
import dev.lakeops.tools.binlog.BinlogTools;
import dev.lakeops.tools.flink.BackpressureAnalyzer;
import dev.lakeops.tools.flink.FlinkClusters;
import dev.lakeops.tools.flink.FlinkJobProbe;
import dev.lakeops.tools.flink.FlinkRestClient;
import dev.lakeops.tools.flink.FlinkTools;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * Real tools whose targets are real (binlog files) or fail fast (Flink on a port where nothing
 * listens).
 */
final class LlmFixtures {

  /** Nothing listens on port 1: every Flink call fails at once with "connection refused". */
  static final String CLOSED_FLINK = "http://127.0.0.1:1";

  private LlmFixtures() {}

  static FlinkTools unreachableFlink() {
    return new FlinkTools(
        new FlinkJobProbe(new FlinkRestClient(CLOSED_FLINK, Duration.ofSeconds(1))),
        new BackpressureAnalyzer());
  }

  /** Meters kept nowhere but in the returned object, for tests that do not read them. */
  static LlmMetrics metrics() {
    return new LlmMetrics(new SimpleMeterRegistry());
  }

  static ExecutorService threads() {
    return Executors.newCachedThreadPool(
        r -> {
          Thread t = new Thread(r, "llm-test");
          t.setDaemon(true);
          return t;
        });
  }

  /** Flink on the closed port and the binlog tools confined to {@code binlogDir}. */
  static LlmToolbox toolbox(ProposalPort proposals, ExecutorService threads, Path binlogDir) {
    return LlmToolbox.builder(proposals, threads)
        .add(unreachableFlink())
        .addConfined(new BinlogTools(), binlogDir)
        .build();
  }

  /**
   * The real deterministic triage of a backpressure alert against the unreachable cluster:
   * PROBE_FAILED.
   */
  static TriageReport deterministicReport(Map<String, String> annotations) {
    AlertSignal alert =
        new AlertSignal(
            Map.of("alertname", "FlinkJobBackpressured", "job_name", "orders-to-lake"),
            annotations);
    DeterministicPlanner planner =
        DeterministicPlanner.shipped(
            new ToolRegistry()
                .registerAll(FlinkBindings.of(FlinkClusters.single(unreachableFlink()))),
            Clock.systemUTC());
    return planner.triage(alert);
  }

  /**
   * The real deterministic triage of an alert about a database replica, which no runbook fits:
   * NO_RUNBOOK.
   */
  static TriageReport noRunbookReport() {
    AlertSignal alert =
        new AlertSignal(
            Map.of("alertname", "ReplicaChecksumErrors", "instance", "db-2:9104"),
            Map.of("summary", "db-2 stopped replicating: checksum errors"));
    DeterministicPlanner planner =
        DeterministicPlanner.shipped(
            new ToolRegistry()
                .registerAll(FlinkBindings.of(FlinkClusters.single(unreachableFlink()))),
            Clock.systemUTC());
    TriageReport report = planner.triage(alert);
    if (report.verdict().category() != dev.lakeops.runbooks.Category.NO_RUNBOOK) {
      throw new IllegalStateException("a runbook fits the fixture alert: " + report.verdict());
    }
    return report;
  }

  /** A copy of a recorded binlog fixture in {@code dir}. */
  static Path binlog(Path dir, String name) {
    try (InputStream in = LlmFixtures.class.getResourceAsStream("/llm/binlog/" + name)) {
      Path copy = dir.resolve(name);
      Files.copy(in, copy);
      return copy;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * A copy of the CRC32 fixture with one byte flipped inside the event at 1961 (UPDATE_ROWS of GTID
   * 0-1-6).
   */
  static Path damagedBinlog(Path dir) {
    Path file = binlog(dir, "mariadb-10.11-crc32.000002");
    try {
      byte[] bytes = Files.readAllBytes(file);
      bytes[2000] ^= 0x5a;
      Files.write(file, bytes);
      return file;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * A copy of the checksum-free fixture whose ANNOTATE_ROWS event at 642 (the SQL of GTID 0-1-11)
   * sets {@code note} to {@code value}: the event grows, and the log_pos of it and every later
   * event moves with it, so the file stays valid (the file has no CRCs after its format event).
   */
  static Path binlogWithNoteValue(Path dir, String value) {
    Path file = binlog(dir, "mariadb-10.11-none.000004");
    try {
      byte[] old = Files.readAllBytes(file);
      int at = 642;
      int size = le32(old, at + 9);
      String sql =
          "UPDATE shop.orders SET note='" + value.replace("'", "''") + "' WHERE customer_id=1";
      byte[] body = sql.getBytes(java.nio.charset.StandardCharsets.UTF_8);
      int delta = (19 + body.length) - size;
      java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
      out.write(old, 0, at);
      byte[] header = java.util.Arrays.copyOfRange(old, at, at + 19);
      put32(header, 9, 19 + body.length);
      put32(header, 13, le32(header, 13) + delta);
      out.write(header);
      out.write(body);
      for (int pos = at + size; pos < old.length; ) {
        int eventSize = le32(old, pos + 9);
        byte[] event = java.util.Arrays.copyOfRange(old, pos, pos + eventSize);
        put32(event, 13, le32(event, 13) + delta);
        out.write(event);
        pos += eventSize;
      }
      Files.write(file, out.toByteArray());
      return file;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static int le32(byte[] b, int at) {
    return (b[at] & 0xff)
        | (b[at + 1] & 0xff) << 8
        | (b[at + 2] & 0xff) << 16
        | (b[at + 3] & 0xff) << 24;
  }

  private static void put32(byte[] b, int at, int value) {
    b[at] = (byte) value;
    b[at + 1] = (byte) (value >>> 8);
    b[at + 2] = (byte) (value >>> 16);
    b[at + 3] = (byte) (value >>> 24);
  }

  static String json(String path) {
    return "{\"path\":\"" + path.replace("\\", "\\\\") + "\"}";
  }
}
