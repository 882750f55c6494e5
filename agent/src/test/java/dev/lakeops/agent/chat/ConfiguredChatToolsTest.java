package dev.lakeops.agent.chat;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.table.Table;
import dev.lakeops.table.catalog.Catalog;
import dev.lakeops.table.catalog.Identifier;
import dev.lakeops.table.catalog.TableDefinition;
import dev.lakeops.table.data.Row;
import dev.lakeops.table.types.AtomicType;
import dev.lakeops.table.types.TypeRoot;
import dev.lakeops.table.write.TableWrite;
import dev.lakeops.tools.Finding;
import dev.lakeops.tools.ToolReport;
import dev.lakeops.tools.binlog.BinlogTools;
import dev.lakeops.tools.kafka.KafkaCluster;
import dev.lakeops.tools.kafka.KafkaClusters;
import dev.lakeops.tools.kafka.KafkaProbeOptions;
import dev.lakeops.tools.kafka.KafkaTools;
import dev.lakeops.tools.kafka.LagHistory;
import dev.lakeops.tools.kafka.LagRules;
import dev.lakeops.tools.table.TableLocator;
import dev.lakeops.tools.table.TableTools;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConfiguredChatToolsTest {

  @TempDir Path dir;

  private static ToolReport verify(ConfiguredChatTools tools, String file) {
    return tools.call(BinlogTools.VERIFY, Map.of("path", file)).orElseThrow();
  }

  private static ToolReport snapshots(ConfiguredChatTools tools, String table) {
    return tools.call(TableTools.SNAPSHOTS, Map.of("table", table)).orElseThrow();
  }

  @Test
  void binlogVerifyReadsOnlyInsideTheConfiguredDirectory() throws Exception {
    ConfiguredChatTools tools = new ConfiguredChatTools(null, null, null, dir);

    ToolReport outside = verify(tools, "../../etc/passwd");
    assertThat(outside.status()).isEqualTo(ToolReport.Status.ERROR);
    assertThat(outside.tool()).isEqualTo(BinlogTools.VERIFY);
    assertThat(outside.error()).contains("outside the binlog directory");

    Path elsewhere = Files.createTempFile("outside", ".bin");
    Files.createSymbolicLink(dir.resolve("link.000001"), elsewhere);
    assertThat(verify(tools, "link.000001").error()).contains("outside the binlog directory");
    Files.delete(elsewhere);

    ToolReport missing = verify(tools, "mysql-bin.000001");
    assertThat(missing.status()).isEqualTo(ToolReport.Status.NO_DATA);
  }

  @Test
  void unconfiguredToolsAreAbsent() {
    ConfiguredChatTools tools = new ConfiguredChatTools(null, null, null, null);
    assertThat(tools.call(KafkaTools.LAG, Map.of("group", "g"))).isEmpty();
    assertThat(tools.call(TableTools.SNAPSHOTS, Map.of("table", "lake.orders"))).isEmpty();
    assertThat(tools.call(BinlogTools.VERIFY, Map.of("path", "f"))).isEmpty();
  }

  @Test
  void lagAsksTheConfiguredClusterWhateverTheMessageSays() {
    KafkaTools kafka =
        new KafkaTools(
            KafkaClusters.of(List.of(new KafkaCluster("prod", "127.0.0.1:1", Map.of()))),
            KafkaProbeOptions.defaults().withTimeout(Duration.ofMillis(300)),
            LagRules.defaults(),
            LagHistory.defaults(),
            Clock.systemUTC());
    ConfiguredChatTools tools = new ConfiguredChatTools(kafka, "prod", null, null);

    ToolReport lag =
        tools
            .call(KafkaTools.LAG, Map.of("group", "g", "cluster", "staging", "samples", "1"))
            .orElseThrow();
    ToolReport bad =
        tools.call(KafkaTools.LAG, Map.of("group", "g", "samples", "lots")).orElseThrow();

    assertThat(lag.tool()).isEqualTo(KafkaTools.LAG);
    assertThat(lag.params())
        .containsEntry("cluster", "prod")
        .containsEntry("bootstrap", "127.0.0.1:1");
    assertThat(lag.error()).startsWith("UNREACHABLE");
    assertThat(bad.status()).isEqualTo(ToolReport.Status.ERROR);
    assertThat(bad.error())
        .contains("parameter samples must be a whole number from 1 to 20, was 'lots'");
  }

  @Test
  void tableSnapshotsIsTheTableToolWithItsFindingCodes() {
    Catalog catalog = Catalog.local(dir);
    catalog.createDatabaseIfNotExists("lake");
    Table table =
        catalog.createTable(
            Identifier.of("lake", "orders"),
            TableDefinition.builder()
                .column("id", AtomicType.of(TypeRoot.INT))
                .column("v", AtomicType.string())
                .option("bucket", "1")
                .option("bucket-key", "id")
                .option("file.format", "parquet")
                .build());
    for (int commit = 1; commit <= 2; commit++) {
      try (TableWrite write = table.newWrite("chat-test")) {
        write.write(Row.of(commit, "v" + commit));
        table.newCommit().commit(write.prepareCommit(commit));
      }
    }

    ToolReport report =
        snapshots(
            new ConfiguredChatTools(null, null, TableLocator.local(dir), null), "lake.orders");

    assertThat(report.status()).isEqualTo(ToolReport.Status.OK);
    assertThat(report.tool()).isEqualTo(TableTools.SNAPSHOTS);
    assertThat(report.findings())
        .extracting(Finding::code)
        .containsExactly("table.snapshots.latest", "table.snapshots.tags");
    assertThat(report.findings().get(0).evidence())
        .containsEntry("latestSnapshot", "2")
        .containsEntry("earliestSnapshot", "1")
        .containsEntry("commitUser", "chat-test");
  }

  @Test
  void tableSnapshotsNameAMissingTableOrOneOutsideTheWarehouse() throws Exception {
    Files.createDirectories(dir.resolve("lake.db"));
    ConfiguredChatTools tools = new ConfiguredChatTools(null, null, TableLocator.local(dir), null);

    ToolReport missing = snapshots(tools, "lake.orders");
    assertThat(missing.status()).isEqualTo(ToolReport.Status.NO_DATA);
    assertThat(missing.error()).contains("lake.orders");

    ToolReport outside = snapshots(tools, "orders");
    assertThat(outside.status()).isEqualTo(ToolReport.Status.ERROR);
    assertThat(outside.error())
        .contains("is outside the warehouse")
        .contains("name it database.table");
  }
}
