package dev.lakeops.tools.cdc;

import dev.lakeops.tools.Finding;
import dev.lakeops.tools.ProbeException;
import dev.lakeops.tools.Severity;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Judges the Debezium metrics of the connectors in a {@link ConnectSnapshot}: whether each running
 * connector's binlog client is connected, how far behind the database it reads, whether its queue
 * to Kafka Connect is full, and how its snapshot stands. A connector is matched to its MBeans by
 * {@code topic.prefix} (or {@code database.server.name}, Debezium 1.x). Connectors that are not
 * RUNNING are left to {@link ConnectAnalyzer}: their metrics are gone or stale. Pure.
 */
public final class DebeziumMetricsAnalyzer {

  public static final String STREAM_OK = "cdc.stream.ok";
  public static final String DISCONNECTED = "cdc.stream.disconnected";
  public static final String BEHIND = "cdc.stream.behind";
  public static final String QUEUE_FULL = "cdc.stream.queue-full";
  public static final String SNAPSHOT_RUNNING = "cdc.snapshot.running";
  public static final String SNAPSHOT_ABORTED = "cdc.snapshot.aborted";
  public static final String ABSENT = "cdc.metrics.absent";
  public static final String UNREACHABLE = "cdc.metrics.unreachable";

  /** Every code this analyzer emits. */
  public static final List<String> CODES =
      List.of(
          STREAM_OK,
          DISCONNECTED,
          BEHIND,
          QUEUE_FULL,
          SNAPSHOT_RUNNING,
          SNAPSHOT_ABORTED,
          ABSENT,
          UNREACHABLE);

  public static final Duration DEFAULT_BEHIND = Duration.ofSeconds(60);

  // evidence key of each attribute worth quoting, in the order shown
  private static final Map<String, String> STREAMING =
      orderedMap(
          "Connected", "connected",
          "MilliSecondsBehindSource", "msBehindSource",
          "MilliSecondsSinceLastEvent", "msSinceLastEvent",
          "TotalNumberOfEventsSeen", "eventsSeen",
          "NumberOfCommittedTransactions", "committedTransactions",
          "BinlogFilename", "binlogFile",
          "BinlogPosition", "binlogPosition",
          "GtidSet", "gtids",
          "NumberOfDisconnects", "disconnects",
          "NumberOfSkippedEvents", "skippedEvents",
          "QueueRemainingCapacity", "queueRemaining",
          "QueueTotalCapacity", "queueTotal",
          "LastTransactionId", "lastTransaction");
  private static final Map<String, String> SNAPSHOT =
      orderedMap(
          "SnapshotRunning", "snapshotRunning",
          "SnapshotCompleted", "snapshotCompleted",
          "SnapshotAborted", "snapshotAborted",
          "TotalTableCount", "tables",
          "RemainingTableCount", "tablesRemaining",
          "SnapshotDurationInSeconds", "snapshotSeconds",
          "RowsScanned", "rowsScanned",
          "ChunkId", "chunk");

  private final Duration behind;

  public DebeziumMetricsAnalyzer() {
    this(DEFAULT_BEHIND);
  }

  /**
   * @param behind how far behind the database a connected connector may read before {@link #BEHIND}
   */
  public DebeziumMetricsAnalyzer(Duration behind) {
    if (behind.isNegative() || behind.isZero()) {
      throw new IllegalArgumentException("Invalid behind threshold: " + behind);
    }
    this.behind = behind;
  }

  public List<Finding> analyze(ConnectSnapshot s, DebeziumMetrics m) {
    List<Finding> out = new ArrayList<>();
    for (ConnectSnapshot.Connector c : s.connectors()) {
      String server = server(c);
      if (server == null || !c.state().equals("RUNNING")) {
        continue;
      }
      List<DebeziumMetrics.Group> groups = m.forServer(server);
      List<DebeziumMetrics.Group> streaming = in(groups, "streaming");
      List<DebeziumMetrics.Group> snapshot = in(groups, "snapshot");
      String subject = "connector " + c.name() + " (" + server + ") via JMX " + m.jmxUrl();
      if (streaming.isEmpty() && snapshot.isEmpty()) {
        Map<String, String> e = base(c, server, m);
        e.put(
            "serversSeen",
            String.join(",", m.groups().stream().map(g -> g.server()).distinct().toList()));
        out.add(
            new Finding(
                Severity.INFO,
                ABSENT,
                subject,
                "No Debezium metrics for "
                    + server
                    + " at "
                    + m.jmxUrl()
                    + ": its task runs in another worker's JVM, or this is not the worker's JMX.",
                e,
                m.sources()));
        continue;
      }
      boolean snapshotting = false;
      boolean streamStarted = streaming.stream().anyMatch(g -> isTrue(g.get("Connected")));
      for (DebeziumMetrics.Group g : snapshot) {
        Map<String, String> e = evidence(c, server, m, g, SNAPSHOT);
        if (isTrue(g.get("SnapshotRunning"))) {
          String kind = incremental(g) ? "incremental" : streamStarted ? "signalled" : "initial";
          e.put("snapshotKind", kind);
          // the stream waits for an initial snapshot, not for one a signal asked while it runs
          snapshotting |= kind.equals("initial");
          out.add(
              new Finding(
                  Severity.INFO, SNAPSHOT_RUNNING, subject, running(c, g, kind), e, m.sources()));
        } else if (isTrue(g.get("SnapshotAborted"))) {
          out.add(
              new Finding(
                  Severity.WARN,
                  SNAPSHOT_ABORTED,
                  subject,
                  "Connector "
                      + c.name()
                      + "'s snapshot was aborted: the lake tables may lack rows the snapshot did"
                      + " not reach ("
                      + orDash(g.get("RemainingTableCount"))
                      + " of "
                      + orDash(g.get("TotalTableCount"))
                      + " table(s) left).",
                  e,
                  m.sources()));
        }
      }
      for (DebeziumMetrics.Group g : streaming) {
        out.add(streaming(c, server, m, g, subject, snapshotting));
      }
    }
    return out;
  }

  /** The finding for a JMX agent that could not be read ({@code e} names the URL). */
  public List<Finding> unreachable(String jmxUrl, ProbeException e) {
    Map<String, String> evidence = new LinkedHashMap<>();
    evidence.put("jmx", jmxUrl);
    evidence.put("error", e.code().name());
    evidence.put("message", e.getMessage());
    return List.of(
        new Finding(
            Severity.WARN,
            UNREACHABLE,
            "JMX " + jmxUrl,
            "The Debezium metrics at "
                + jmxUrl
                + " could not be read ("
                + e.getMessage()
                + "); the connectors are judged from the REST API alone.",
            evidence,
            List.of(e.endpoint())));
  }

  private Finding streaming(
      ConnectSnapshot.Connector c,
      String server,
      DebeziumMetrics m,
      DebeziumMetrics.Group g,
      String subject,
      boolean snapshotting) {
    Map<String, String> e = evidence(c, server, m, g, STREAMING);
    String position =
        g.get("BinlogFilename") == null
            ? ""
            : " at " + g.get("BinlogFilename") + ":" + orDash(g.get("BinlogPosition"));
    if (!isTrue(g.get("Connected")) && !snapshotting) {
      return new Finding(
          Severity.CRITICAL,
          DISCONNECTED,
          subject,
          "Connector "
              + c.name()
              + " is RUNNING but its binlog client is not connected to the database"
              + position
              + " ("
              + orDash(g.get("NumberOfDisconnects"))
              + " disconnect(s) so far, last event "
              + orDash(g.get("MilliSecondsSinceLastEvent"))
              + " ms ago): no change streams while it reconnects.",
          e,
          m.sources());
    }
    long behindMs = number(g.get("MilliSecondsBehindSource"));
    if (behindMs > behind.toMillis()) {
      return new Finding(
          Severity.WARN,
          BEHIND,
          subject,
          "Connector "
              + c.name()
              + " reads "
              + behindMs / 1000
              + " s behind the database"
              + position
              + " (more than "
              + behind.toSeconds()
              + " s): the lake tables it feeds are at least that stale.",
          e,
          m.sources());
    }
    long remaining = number(g.get("QueueRemainingCapacity"));
    long total = number(g.get("QueueTotalCapacity"));
    if (remaining == 0 && total > 0) {
      return new Finding(
          Severity.WARN,
          QUEUE_FULL,
          subject,
          "Connector "
              + c.name()
              + "'s queue between the binlog reader and Kafka Connect is full ("
              + total
              + " records): sending to Kafka is the bottleneck, and the reader waits.",
          e,
          m.sources());
    }
    return new Finding(
        Severity.OK,
        STREAM_OK,
        subject,
        "Connector "
            + c.name()
            + " is connected and streaming"
            + position
            + (behindMs >= 0 ? ", " + behindMs + " ms behind the database at its last event" : "")
            + ".",
        e,
        m.sources());
  }

  /** The connector's Debezium server name, or null when it is not a Debezium connector. */
  public static @Nullable String server(ConnectSnapshot.Connector c) {
    String type = c.connectorClass();
    if (type == null || !type.startsWith("io.debezium.")) {
      return null;
    }
    String prefix = c.config().get("topic.prefix");
    return prefix != null ? prefix : c.config().get("database.server.name");
  }

  /**
   * What a running snapshot means for the stream. An incremental one names its chunk; one that runs
   * while the binlog client is connected, before any chunk, was asked by a signal after the stream
   * started: an incremental snapshot before its first chunk, or a blocking one, which pauses the
   * stream until it ends. Debezium's metrics do not tell these two apart until a chunk is read.
   */
  private static String running(ConnectSnapshot.Connector c, DebeziumMetrics.Group g, String kind) {
    String tables =
        orDash(g.get("RemainingTableCount"))
            + " of "
            + orDash(g.get("TotalTableCount"))
            + " table(s) left after "
            + orDash(g.get("SnapshotDurationInSeconds"))
            + " s";
    switch (kind) {
      case "incremental":
        return "Connector "
            + c.name()
            + " is taking an incremental snapshot of "
            + orDash(g.get("CapturedTables"))
            + ", chunk "
            + orDash(g.get("ChunkId"))
            + " after "
            + orDash(g.get("SnapshotDurationInSeconds"))
            + " s; changes keep streaming beside it.";
      case "signalled":
        return "Connector "
            + c.name()
            + " is starting a snapshot a signal asked while it streams ("
            + tables
            + ", no chunk read yet): an incremental one streams changes beside it, a blocking one"
            + " pauses them until it ends.";
      default:
        return "Connector "
            + c.name()
            + " is taking its snapshot: "
            + tables
            + "; changes stream once it ends.";
    }
  }

  /**
   * An incremental snapshot (asked by a signal) names the chunk it reads; the initial or a blocking
   * snapshot has none, and the stream waits for it.
   */
  private static boolean incremental(DebeziumMetrics.Group g) {
    String chunk = g.get("ChunkId");
    return chunk != null && !chunk.isBlank();
  }

  private static List<DebeziumMetrics.Group> in(List<DebeziumMetrics.Group> groups, String ctx) {
    return groups.stream().filter(g -> g.context().equals(ctx)).toList();
  }

  private static Map<String, String> base(
      ConnectSnapshot.Connector c, String server, DebeziumMetrics m) {
    Map<String, String> e = new LinkedHashMap<>();
    e.put("connector", c.name());
    e.put("server", server);
    e.put("jmx", m.jmxUrl());
    return e;
  }

  private static Map<String, String> evidence(
      ConnectSnapshot.Connector c,
      String server,
      DebeziumMetrics m,
      DebeziumMetrics.Group g,
      Map<String, String> keys) {
    Map<String, String> e = base(c, server, m);
    e.put("plugin", g.plugin());
    if (g.task() != null) {
      e.put("task", g.task());
    }
    e.put("mbean", g.objectName());
    keys.forEach(
        (attribute, key) -> {
          String v = g.get(attribute);
          if (v != null && !v.isEmpty()) {
            e.put(key, v);
          }
        });
    return e;
  }

  private static boolean isTrue(@Nullable String v) {
    return "true".equalsIgnoreCase(v);
  }

  private static long number(@Nullable String v) {
    if (v == null) {
      return -1;
    }
    try {
      return Long.parseLong(v.strip());
    } catch (NumberFormatException e) {
      return -1;
    }
  }

  private static String orDash(@Nullable String v) {
    return v == null || v.isEmpty() ? "?" : v;
  }

  private static Map<String, String> orderedMap(String... pairs) {
    Map<String, String> m = new LinkedHashMap<>();
    for (int i = 0; i < pairs.length; i += 2) {
      m.put(pairs[i], pairs[i + 1]);
    }
    return java.util.Collections.unmodifiableMap(m);
  }
}
