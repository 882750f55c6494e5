package dev.lakeops.tools.cdc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakeops.tools.Finding;
import dev.lakeops.tools.ProbeException;
import dev.lakeops.tools.Severity;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Debezium's metrics judged per connector, with the attribute names Debezium's MBeans have. */
class DebeziumMetricsAnalyzerTest {

  private static final String JMX = "service:jmx:rmi:///jndi/rmi://w1:9999/jmxrmi";
  private final DebeziumMetricsAnalyzer analyzer =
      new DebeziumMetricsAnalyzer(Duration.ofSeconds(60));

  @Test
  void aConnectedConnectorReadingCloseToTheDatabaseStreamsOk() {
    List<Finding> findings =
        analyzer.analyze(
            connect(connector("orders-cdc", "RUNNING", "shop")),
            metrics(streaming("shop", true, 850, 100, 8192)));

    Finding f = only(findings);
    assertThat(f.code()).isEqualTo(DebeziumMetricsAnalyzer.STREAM_OK);
    assertThat(f.severity()).isEqualTo(Severity.OK);
    assertThat(f.summary())
        .contains("orders-cdc")
        .contains("mysql-bin.000003:4711")
        .contains("850 ms");
    assertThat(f.evidence())
        .containsEntry("connector", "orders-cdc")
        .containsEntry("server", "shop")
        .containsEntry("plugin", "mariadb")
        .containsEntry("jmx", JMX)
        .containsEntry("connected", "true")
        .containsEntry("msBehindSource", "850")
        .containsEntry("binlogFile", "mysql-bin.000003")
        .containsEntry("binlogPosition", "4711")
        .containsEntry("eventsSeen", "42");
  }

  @Test
  void aRunningTaskWhoseBinlogClientLostTheDatabaseIsDisconnected() {
    Finding f =
        only(
            analyzer.analyze(
                connect(connector("orders-cdc", "RUNNING", "shop")),
                metrics(streaming("shop", false, 850, 100, 8192))));

    assertThat(f.code()).isEqualTo(DebeziumMetricsAnalyzer.DISCONNECTED);
    assertThat(f.severity()).isEqualTo(Severity.CRITICAL);
    assertThat(f.summary()).contains("not connected").contains("2 disconnect(s)");
  }

  @Test
  void readingFurtherBehindThanTheThresholdIsBehind() {
    Finding f =
        only(
            analyzer.analyze(
                connect(connector("orders-cdc", "RUNNING", "shop")),
                metrics(streaming("shop", true, 125_000, 100, 8192))));

    assertThat(f.code()).isEqualTo(DebeziumMetricsAnalyzer.BEHIND);
    assertThat(f.severity()).isEqualTo(Severity.WARN);
    assertThat(f.summary()).contains("125 s behind").contains("more than 60 s");
    // exactly at the threshold is still fine
    assertThat(
            only(analyzer.analyze(
                    connect(connector("orders-cdc", "RUNNING", "shop")),
                    metrics(streaming("shop", true, 60_000, 100, 8192))))
                .code())
        .isEqualTo(DebeziumMetricsAnalyzer.STREAM_OK);
  }

  @Test
  void aFullQueueNamesKafkaAsTheBottleneck() {
    Finding f =
        only(
            analyzer.analyze(
                connect(connector("orders-cdc", "RUNNING", "shop")),
                metrics(streaming("shop", true, 900, 0, 8192))));

    assertThat(f.code()).isEqualTo(DebeziumMetricsAnalyzer.QUEUE_FULL);
    assertThat(f.summary()).contains("8192 records");
    assertThat(f.evidence())
        .containsEntry("queueRemaining", "0")
        .containsEntry("queueTotal", "8192");
  }

  @Test
  void duringItsSnapshotAConnectorIsNotYetConnectedAndThatIsNoFault() {
    DebeziumMetrics.Group snapshot =
        group(
            "shop",
            "snapshot",
            Map.of(
                "SnapshotRunning", "true",
                "SnapshotCompleted", "false",
                "TotalTableCount", "3",
                "RemainingTableCount", "2",
                "SnapshotDurationInSeconds", "41"));
    List<Finding> findings =
        analyzer.analyze(
            connect(connector("orders-cdc", "RUNNING", "shop")),
            metrics(snapshot, streaming("shop", false, -1, 100, 8192)));

    assertThat(findings)
        .extracting(Finding::code)
        .containsExactly(
            DebeziumMetricsAnalyzer.SNAPSHOT_RUNNING, DebeziumMetricsAnalyzer.STREAM_OK);
    assertThat(findings.get(0).summary()).contains("2 of 3 table(s) left after 41 s");
    assertThat(findings.get(0).evidence()).containsEntry("snapshotKind", "initial");
    assertThat(findings.get(1).summary()).doesNotContain("behind");
  }

  // a signal's incremental snapshot reads chunks beside the stream: a client that lost the
  // database is a fault then
  @Test
  void duringAnIncrementalSnapshotTheStreamGoesOnAndADisconnectedClientIsAFault() {
    DebeziumMetrics.Group snapshot =
        group(
            "shop",
            "snapshot",
            Map.of(
                "SnapshotRunning", "true",
                "SnapshotCompleted", "false",
                "CapturedTables", "shop.orders",
                "ChunkId", "3f1c2d9e-0b7a-4c55-9d0e-6a1b2c3d4e5f",
                "SnapshotDurationInSeconds", "7"));
    List<Finding> findings =
        analyzer.analyze(
            connect(connector("orders-cdc", "RUNNING", "shop")),
            metrics(snapshot, streaming("shop", false, -1, 100, 8192)));

    assertThat(findings)
        .extracting(Finding::code)
        .containsExactly(
            DebeziumMetricsAnalyzer.SNAPSHOT_RUNNING, DebeziumMetricsAnalyzer.DISCONNECTED);
    assertThat(findings.get(0).summary())
        .contains("incremental snapshot of shop.orders")
        .contains("changes keep streaming");
    assertThat(findings.get(0).evidence())
        .containsEntry("chunk", "3f1c2d9e-0b7a-4c55-9d0e-6a1b2c3d4e5f")
        .containsEntry("snapshotKind", "incremental");
  }

  // a snapshot that starts while the client is connected, before its first chunk: a signal asked
  // it, so it is not the initial snapshot the stream waits for, and the stream is still judged
  @Test
  void aSnapshotStartingWhileTheClientIsConnectedIsNotTakenForTheInitialOne() {
    DebeziumMetrics.Group snapshot =
        group(
            "shop",
            "snapshot",
            Map.of(
                "SnapshotRunning", "true",
                "SnapshotCompleted", "false",
                "TotalTableCount", "2",
                "RemainingTableCount", "2",
                "SnapshotDurationInSeconds", "0"));
    List<Finding> findings =
        analyzer.analyze(
            connect(connector("orders-cdc", "RUNNING", "shop")),
            metrics(snapshot, streaming("shop", true, 90_000, 100, 8192)));

    assertThat(findings)
        .extracting(Finding::code)
        .containsExactly(DebeziumMetricsAnalyzer.SNAPSHOT_RUNNING, DebeziumMetricsAnalyzer.BEHIND);
    assertThat(findings.get(0).summary())
        .contains("starting a snapshot a signal asked while it streams")
        .contains("2 of 2 table(s) left after 0 s")
        .doesNotContain("changes stream once it ends");
    assertThat(findings.get(0).evidence()).containsEntry("snapshotKind", "signalled");
  }

  @Test
  void anAbortedSnapshotWarnsThatRowsMayBeMissing() {
    DebeziumMetrics.Group snapshot =
        group(
            "shop",
            "snapshot",
            Map.of(
                "SnapshotRunning",
                "false",
                "SnapshotAborted",
                "true",
                "TotalTableCount",
                "3",
                "RemainingTableCount",
                "1"));
    List<Finding> findings =
        analyzer.analyze(
            connect(connector("orders-cdc", "RUNNING", "shop")),
            metrics(snapshot, streaming("shop", true, 10, 100, 8192)));

    assertThat(findings)
        .extracting(Finding::code)
        .containsExactly(
            DebeziumMetricsAnalyzer.SNAPSHOT_ABORTED, DebeziumMetricsAnalyzer.STREAM_OK);
    assertThat(findings.get(0).severity()).isEqualTo(Severity.WARN);
  }

  @Test
  void metricsOfOtherConnectorsOnlyAreAbsentForThisOne() {
    Finding f =
        only(
            analyzer.analyze(
                connect(connector("orders-cdc", "RUNNING", "shop")),
                metrics(streaming("billing", true, 10, 100, 8192))));

    assertThat(f.code()).isEqualTo(DebeziumMetricsAnalyzer.ABSENT);
    assertThat(f.severity()).isEqualTo(Severity.INFO);
    assertThat(f.evidence()).containsEntry("serversSeen", "billing");
    assertThat(f.summary()).contains("another worker's JVM");
  }

  @Test
  void connectorsThatAreNotRunningOrNotDebeziumAreLeftToTheRestVerdict() {
    ConnectSnapshot.Connector failed = connector("orders-cdc", "FAILED", "shop");
    ConnectSnapshot.Connector sink =
        new ConnectSnapshot.Connector(
            "s3-sink",
            "sink",
            "RUNNING",
            "w1:8083",
            null,
            List.of(),
            Map.of("connector.class", "io.confluent.connect.s3.S3SinkConnector"),
            List.of(),
            null);
    assertThat(
            analyzer.analyze(
                connect(failed, sink), metrics(streaming("shop", false, 10, 100, 8192))))
        .isEmpty();
  }

  @Test
  void aDebeziumOneConnectorIsMatchedByItsServerName() {
    Map<String, String> config = new LinkedHashMap<>();
    config.put("connector.class", "io.debezium.connector.mysql.MySqlConnector");
    config.put("database.server.name", "legacy");
    ConnectSnapshot.Connector old =
        new ConnectSnapshot.Connector(
            "legacy-cdc", "source", "RUNNING", "w1:8083", null, List.of(), config, List.of(), null);

    assertThat(
            only(analyzer.analyze(connect(old), metrics(streaming("legacy", true, 5, 10, 10))))
                .code())
        .isEqualTo(DebeziumMetricsAnalyzer.STREAM_OK);
  }

  @Test
  void anUnreadableJmxIsAWarningThatNamesTheAddressAndLeavesTheRestVerdict() {
    Finding f =
        only(
            analyzer.unreachable(
                JMX,
                new ProbeException(
                    ProbeException.Code.UNREACHABLE, JMX, "No JMX agent answers at " + JMX)));

    assertThat(f.code()).isEqualTo(DebeziumMetricsAnalyzer.UNREACHABLE);
    assertThat(f.severity()).isEqualTo(Severity.WARN);
    assertThat(f.evidence()).containsEntry("jmx", JMX).containsEntry("error", "UNREACHABLE");
    assertThat(f.summary()).contains(JMX).contains("REST API alone");
  }

  @Test
  void aThresholdThatIsNotPositiveIsRefused() {
    assertThatThrownBy(() -> new DebeziumMetricsAnalyzer(Duration.ZERO))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("PT0S");
  }

  private static Finding only(List<Finding> findings) {
    assertThat(findings).hasSize(1);
    return findings.get(0);
  }

  static ConnectSnapshot.Connector connector(String name, String state, String prefix) {
    Map<String, String> config = new LinkedHashMap<>();
    config.put("connector.class", "io.debezium.connector.mariadb.MariaDbConnector");
    config.put("topic.prefix", prefix);
    return new ConnectSnapshot.Connector(
        name,
        "source",
        state,
        "w1:8083",
        null,
        List.of(new ConnectSnapshot.Task(0, state, "w1:8083", null)),
        config,
        List.of(),
        null);
  }

  private static ConnectSnapshot connect(ConnectSnapshot.Connector... connectors) {
    return new ConnectSnapshot(
        "http://w1:8083", "4.1.2", List.of(connectors), List.of("GET /"), Instant.EPOCH);
  }

  private static DebeziumMetrics metrics(DebeziumMetrics.Group... groups) {
    return new DebeziumMetrics(JMX, List.of(groups), List.of("jmx " + JMX), Instant.EPOCH);
  }

  static DebeziumMetrics.Group streaming(
      String server, boolean connected, long behindMs, long queueRemaining, long queueTotal) {
    Map<String, String> a = new LinkedHashMap<>();
    a.put("Connected", Boolean.toString(connected));
    a.put("MilliSecondsBehindSource", Long.toString(behindMs));
    a.put("MilliSecondsSinceLastEvent", "1200");
    a.put("TotalNumberOfEventsSeen", "42");
    a.put("NumberOfCommittedTransactions", "7");
    a.put("BinlogFilename", "mysql-bin.000003");
    a.put("BinlogPosition", "4711");
    a.put("NumberOfDisconnects", "2");
    a.put("QueueRemainingCapacity", Long.toString(queueRemaining));
    a.put("QueueTotalCapacity", Long.toString(queueTotal));
    return group(server, "streaming", a);
  }

  private static DebeziumMetrics.Group group(String server, String context, Map<String, String> a) {
    return new DebeziumMetrics.Group(
        "debezium.mariadb:context=" + context + ",server=" + server + ",type=connector-metrics",
        "mariadb",
        server,
        context,
        null,
        a);
  }
}
