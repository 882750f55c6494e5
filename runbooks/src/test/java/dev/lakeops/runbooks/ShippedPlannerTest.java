package dev.lakeops.runbooks;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.lakeops.runbooks.plan.DeterministicPlanner;
import dev.lakeops.runbooks.tool.BinlogBindings;
import dev.lakeops.runbooks.tool.FlinkBindings;
import dev.lakeops.runbooks.tool.KafkaBindings;
import dev.lakeops.runbooks.tool.ToolRegistry;
import dev.lakeops.tools.Json;
import dev.lakeops.tools.ToolReport;
import dev.lakeops.tools.binlog.BinlogTools;
import dev.lakeops.tools.flink.BackpressureAnalyzer;
import dev.lakeops.tools.flink.FlinkClusters;
import dev.lakeops.tools.flink.FlinkJobProbe;
import dev.lakeops.tools.flink.FlinkRestClient;
import dev.lakeops.tools.flink.FlinkTools;
import dev.lakeops.tools.kafka.KafkaClusters;
import dev.lakeops.tools.kafka.KafkaProbeOptions;
import dev.lakeops.tools.kafka.KafkaTools;
import dev.lakeops.tools.kafka.LagHistory;
import dev.lakeops.tools.kafka.LagRules;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The planner over every shipped runbook and the real tool bindings: which runbook an alert or a
 * question picks, and triage of real binlog files (a clean fixture and a damaged copy).
 */
class ShippedPlannerTest {

  private static final Path CLEAN =
      Path.of("../tools/src/test/resources/binlog/mariadb-10.11-crc32.000002");

  // Flink at a closed port and no Kafka profiles: selection needs no server, triage of those fails
  // cleanly.
  private final ToolRegistry tools =
      new ToolRegistry()
          .registerAll(
              FlinkBindings.of(
                  FlinkClusters.single(
                      new FlinkTools(
                          new FlinkJobProbe(
                              new FlinkRestClient("http://127.0.0.1:9", Duration.ofSeconds(1))),
                          new BackpressureAnalyzer()))))
          .registerAll(
              KafkaBindings.of(
                  new KafkaTools(
                      KafkaClusters.of(List.of()),
                      KafkaProbeOptions.defaults(),
                      LagRules.defaults(),
                      LagHistory.defaults(),
                      Clock.systemUTC()),
                  KafkaClusters.of(List.of())))
          .registerAll(BinlogBindings.of(new BinlogTools()));
  private final DeterministicPlanner planner =
      DeterministicPlanner.shipped(tools, Clock.systemUTC());

  private static AlertSignal alert(Map<String, String> labels, String summary) {
    return new AlertSignal(labels, Map.of("summary", summary));
  }

  private String chosen(AlertSignal alert) {
    return planner.choose(alert).map(Runbook::id).orElse("none");
  }

  @Test
  void picksTheRunbookWhoseLabelsMatchExactly() {
    assertThat(chosen(alert(Map.of("alertname", "FlinkJobBackpressured", "job_name", "j"), "x")))
        .isEqualTo("flink-backpressure");
    assertThat(
            chosen(alert(Map.of("alertname", "FlinkJobDelayed", "job_name", "j"), "backpressure")))
        .isEqualTo("flink-delay");
    assertThat(chosen(alert(Map.of("alertname", "FlinkCheckpointFailing", "job_name", "j"), "x")))
        .isEqualTo("flink-checkpoint-failures");
    assertThat(chosen(alert(Map.of("alertname", "FlinkJobRestarting", "job_name", "j"), "x")))
        .isEqualTo("flink-restart-loop");
    assertThat(chosen(alert(Map.of("alertname", "KafkaConsumerLag", "consumergroup", "g"), "x")))
        .isEqualTo("kafka-lag");
    assertThat(chosen(alert(Map.of("alertname", "CdcBinlogCorrupted", "binlog_path", "/b"), "x")))
        .isEqualTo("cdc-binlog-corruption");
    assertThat(chosen(alert(Map.of("alertname", "LakeTableDuplicateKeys", "table", "db.t"), "x")))
        .isEqualTo("table-duplicates-after-failover");
  }

  @Test
  void fallsBackToKeywordsAndPrefersTheRunbookWithMoreOfThem() {
    assertThat(
            chosen(
                alert(
                    Map.of("alertname", "OrdersLate", "job_name", "j"),
                    "orders output is late, watermark behind")))
        .isEqualTo("flink-delay");
    assertThat(chosen(alert(Map.of("alertname", "X", "job_name", "j"), "checkpoint expired")))
        .isEqualTo("flink-checkpoint-failures");
    assertThat(
            chosen(
                alert(
                    Map.of("alertname", "X", "topic", "t", "sink_count", "5"),
                    "the counts don't match")))
        .isEqualTo("kafka-count-mismatch");
    assertThat(
            chosen(
                alert(
                    Map.of("alertname", "X", "table", "db.t"),
                    "too many small files, compaction backlog")))
        .isEqualTo("table-small-files");
  }

  @Test
  void saysWhichLabelsAreMissingWhenARunbookFitsButCannotRun() {
    TriageReport report = planner.triage(alert(Map.of("alertname", "KafkaConsumerLag"), "lag"));

    assertThat(report.verdict().category()).isEqualTo(Category.NO_RUNBOOK);
    assertThat(report.verdict().headline())
        .contains("kafka-lag needs group (label consumergroup or consumer_group or group)");
  }

  @Test
  void triagesAChatQuestionUsingItsNameValuePairsAsLabels() {
    TriageReport report =
        planner.triageQuestion("Why is consumergroup=orders-sink lag growing on kafka_cluster=eu?");

    assertThat(report.runbook()).isEqualTo("kafka-lag");
    assertThat(report.verdict().category()).isEqualTo(Category.NOT_FOUND);
    assertThat(report.verdict().headline()).contains("No Kafka cluster named 'eu'");
    assertThat(report.verdict().entities())
        .containsEntry("group", "orders-sink")
        .containsEntry("cluster", "eu");
  }

  @Test
  void reportsAnUnreachableFlinkClusterAsProbeFailed() {
    TriageReport report =
        planner.triage(
            alert(Map.of("alertname", "FlinkJobRestarting", "job_name", "orders"), "restarting"));

    assertThat(report.runbook()).isEqualTo("flink-restart-loop");
    assertThat(report.verdict().category()).isEqualTo(Category.PROBE_FAILED);
    assertThat(report.verdict().entities())
        .containsEntry("job", "orders")
        .containsEntry("cluster", "default");
  }

  @Test
  void findsNoFaultInACleanBinlogFile() {
    TriageReport report =
        planner.triage(
            alert(
                Map.of("alertname", "CdcBinlogCorrupted", "binlog_path", CLEAN.toString()),
                "cdc source failed"));

    assertThat(report.verdict().category()).isEqualTo(Category.NO_FAULT);
    assertThat(report.verdict().entities())
        .containsEntry("binlogFile", CLEAN.toString())
        .containsKey("restartPosition");
    assertThat(report.evidenceCodes()).containsExactly("binlog.ok");
  }

  @Test
  void namesTheFileOffsetAndRestartPositionOfADamagedBinlog(@TempDir Path dir) throws IOException {
    Path damaged = dir.resolve("mysql-bin.000002");
    Files.copy(CLEAN, damaged, StandardCopyOption.REPLACE_EXISTING);
    byte[] bytes = Files.readAllBytes(damaged);
    bytes[1500] ^= (byte) 0x5a;
    Files.write(damaged, bytes);

    TriageReport report =
        planner.triage(
            alert(
                Map.of("alertname", "CdcBinlogCorrupted", "binlog_path", damaged.toString()),
                "binlog checksum"));

    assertThat(report.verdict().category()).isEqualTo(Category.BINLOG_CORRUPTION);
    Map<String, String> entities = report.verdict().entities();
    assertThat(entities)
        .containsEntry("binlogFile", damaged.toString())
        .containsKeys("binlogOffset", "restartPosition", "damage");
    assertThat(Long.parseLong(entities.get("binlogOffset"))).isBetween(4L, 1500L);
    assertThat(Long.parseLong(entities.get("restartPosition")))
        .isLessThanOrEqualTo(Long.parseLong(entities.get("binlogOffset")));
    assertThat(report.evidenceCodes()).contains(entities.get("damage"), "binlog.restart-position");
    assertThat(report.verdict().nextActions())
        .anySatisfy(a -> assertThat(a).contains("offset " + entities.get("restartPosition")));
  }

  @Test
  void saysNotFoundForABinlogPathThatDoesNotExist() {
    TriageReport report =
        planner.triage(
            alert(
                Map.of(
                    "alertname", "CdcBinlogCorrupted", "binlog_path", "/no/such/mysql-bin.000001"),
                "x"));

    assertThat(report.verdict().category()).isEqualTo(Category.NOT_FOUND);
    assertThat(report.tools())
        .extracting(ToolReport::status)
        .containsExactly(ToolReport.Status.NO_DATA);
  }

  @Test
  void answersTableRunbooksWithAProbeFailureWhileTheTableToolsAreNotBound() {
    TriageReport report =
        planner.triage(
            alert(
                Map.of("alertname", "LakeTableDuplicateKeys", "table", "db.orders"),
                "duplicate rows"));

    assertThat(report.verdict().category()).isEqualTo(Category.PROBE_FAILED);
    assertThat(report.verdict().headline()).contains("tool table.duplicate_keys is not available");
  }

  @Test
  void keepsItsReportReadableAsJsonWithTheNewFields(@TempDir Path dir) throws IOException {
    TriageReport report =
        planner.triage(
            alert(Map.of("alertname", "CdcBinlogCorrupted", "binlog_path", CLEAN.toString()), "x"));

    String json = Json.compact(report);
    JsonNode tree = Json.mapper().readTree(json);
    TriageReport back = Json.mapper().readValue(json, TriageReport.class);

    assertThat(tree.path("verdict").path("window").path("from").isMissingNode()).isFalse();
    assertThat(tree.path("steps").get(0).path("step").asText()).isEqualTo("verify-file");
    assertThat(back.verdict()).isEqualTo(report.verdict());
    assertThat(back.findingsById()).isEqualTo(report.findingsById());
  }
}
