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
import dev.lakeops.tools.ToolReport;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConfiguredChatToolsTest {

  @TempDir
  Path dir;

  @Test
  void binlogVerifyReadsOnlyInsideTheConfiguredDirectory() throws Exception {
    ConfiguredChatTools tools = new ConfiguredChatTools(null, null, null, dir, Clock.systemUTC());

    ToolReport outside = tools.binlogVerify("../../etc/passwd").orElseThrow();
    assertThat(outside.status()).isEqualTo(ToolReport.Status.ERROR);
    assertThat(outside.error()).contains("outside the binlog directory");

    Path elsewhere = Files.createTempFile("outside", ".bin");
    Files.createSymbolicLink(dir.resolve("link.000001"), elsewhere);
    assertThat(tools.binlogVerify("link.000001").orElseThrow().error()).contains("outside the binlog directory");
    Files.delete(elsewhere);

    ToolReport missing = tools.binlogVerify("mysql-bin.000001").orElseThrow();
    assertThat(missing.status()).isEqualTo(ToolReport.Status.NO_DATA);
  }

  @Test
  void unconfiguredToolsAreAbsent() {
    ConfiguredChatTools tools = new ConfiguredChatTools(null, null, null, null, Clock.systemUTC());
    assertThat(tools.lag("g")).isEmpty();
    assertThat(tools.tableSnapshots("lake.orders")).isEmpty();
    assertThat(tools.binlogVerify("f")).isEmpty();
  }

  @Test
  void tableSnapshotsListsTheSnapshotsOfARealTableNewestFirst() {
    Catalog catalog = Catalog.local(dir);
    catalog.createDatabaseIfNotExists("lake");
    Table table = catalog.createTable(Identifier.of("lake", "orders"), TableDefinition.builder()
        .column("id", AtomicType.of(TypeRoot.INT)).column("v", AtomicType.string())
        .option("bucket", "1").option("bucket-key", "id").option("file.format", "parquet").build());
    for (int commit = 1; commit <= 2; commit++) {
      try (TableWrite write = table.newWrite("chat-test")) {
        write.write(Row.of(commit, "v" + commit));
        table.newCommit().commit(write.prepareCommit(commit));
      }
    }

    ToolReport report = new ConfiguredChatTools(null, null, dir, null, Clock.systemUTC()).tableSnapshots("lake.orders").orElseThrow();

    assertThat(report.status()).isEqualTo(ToolReport.Status.OK);
    assertThat(report.findings()).extracting(f -> f.evidence().get("snapshot_id")).containsExactly("2", "1");
    assertThat(report.findings()).allMatch(f -> f.code().equals("table.snapshot") && f.evidence().get("commit_user").equals("chat-test"));
  }

  @Test
  void tableSnapshotsNameAMissingTableOrAMalformedName() throws Exception {
    Files.createDirectories(dir.resolve("lake.db"));
    ConfiguredChatTools tools = new ConfiguredChatTools(null, null, dir, null, Clock.systemUTC());

    ToolReport missing = tools.tableSnapshots("lake.orders").orElseThrow();
    assertThat(missing.status()).isEqualTo(ToolReport.Status.NO_DATA);
    assertThat(missing.error()).contains("lake.orders");

    ToolReport malformed = tools.tableSnapshots("orders").orElseThrow();
    assertThat(malformed.status()).isEqualTo(ToolReport.Status.ERROR);
    assertThat(malformed.error()).contains("expected database.table");
  }
}
