package dev.lakeops.cli.triage;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.lakeops.cli.CliRun;
import dev.lakeops.table.Table;
import dev.lakeops.table.catalog.Catalog;
import dev.lakeops.table.catalog.Identifier;
import dev.lakeops.table.catalog.TableDefinition;
import dev.lakeops.table.data.Row;
import dev.lakeops.table.types.AtomicType;
import dev.lakeops.table.types.TypeRoot;
import dev.lakeops.table.write.TableWrite;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code lakeops triage --alert FILE --warehouse DIR}: the table runbooks on tables the engine
 * wrote.
 */
class TriageTableCommandTest {

  @TempDir Path dir;
  private final CliRun cli = new CliRun();

  private Path payload(String labels) throws Exception {
    return Files.writeString(
        dir.resolve("alert.json"),
        "{\"version\":\"4\",\"status\":\"firing\",\"alerts\":[{\"status\":\"firing\","
            + "\"labels\":{"
            + labels
            + "},\"annotations\":{\"summary\":\"duplicate rows in payments\"}}]}");
  }

  /**
   * db.payments, an append table: job-a commits payments 1..10 at checkpoints 1..5, then job-b
   * replays them from checkpoint 1.
   */
  private Table statelessRestart(Path warehouse, boolean restart) {
    Catalog catalog = Catalog.local(warehouse);
    catalog.createDatabaseIfNotExists("db");
    Table t =
        catalog.createTable(
            Identifier.of("db", "payments"),
            TableDefinition.builder()
                .column("order_id", AtomicType.of(TypeRoot.BIGINT))
                .column("amount", AtomicType.of(TypeRoot.INT))
                .option("file.format", "avro")
                .build());
    for (String user : restart ? List.of("job-a", "job-b") : List.of("job-a")) {
      for (int checkpoint = 1; checkpoint <= 5; checkpoint++) {
        try (TableWrite write = t.newWrite(user)) {
          List<Row> rows = new ArrayList<>();
          rows.add(Row.of((long) 2 * checkpoint - 1, 2 * checkpoint - 1));
          rows.add(Row.of((long) 2 * checkpoint, 2 * checkpoint));
          rows.forEach(write::write);
          t.newCommit().commit(write.prepareCommit(checkpoint));
        }
      }
    }
    return t;
  }

  @Test
  void triagesDuplicatesAfterAStatelessRestartInATableOfTheWarehouse() throws Exception {
    Path warehouse = Files.createDirectories(dir.resolve("warehouse"));
    Table t = statelessRestart(warehouse, true);
    Path alert =
        payload(
            "\"alertname\":\"LakeTableDuplicateKeys\",\"table\":\"db.payments\",\"keys\":\"order_id\"");

    int exit =
        cli.run(
            "triage", "--alert", alert.toString(), "--warehouse", warehouse.toString(), "--json");

    assertThat(exit).as(cli.err()).isZero();
    JsonNode report = cli.json().get(0);
    assertThat(report.path("runbook").asText()).isEqualTo("table-duplicates-after-failover");
    JsonNode verdict = report.path("verdict");
    assertThat(verdict.path("category").asText()).isEqualTo("DUPLICATES");
    assertThat(verdict.path("entities").path("table").asText()).isEqualTo("db.payments");
    assertThat(verdict.path("entities").path("snapshot").asText()).isEqualTo("6");
    assertThat(verdict.path("entities").path("rollbackTo").asText()).isEqualTo("5");
    JsonNode rollback = verdict.path("proposals").get(1);
    assertThat(rollback.path("action").asText()).isEqualTo("table.rollback_to_as_latest");
    assertThat(rollback.path("args").path("table").asText()).isEqualTo(t.paths().root().toString());
    assertThat(rollback.path("args").path("snapshot").asText()).isEqualTo("5");
  }

  @Test
  void printsNoFaultForAHealthyTableAsMarkdown() throws Exception {
    Path warehouse = Files.createDirectories(dir.resolve("warehouse"));
    statelessRestart(warehouse, false);
    Path alert =
        payload(
            "\"alertname\":\"LakeTableDuplicateKeys\",\"table\":\"db.payments\",\"keys\":\"order_id\"");

    int exit = cli.run("triage", "--alert", alert.toString(), "--warehouse", warehouse.toString());

    assertThat(exit).as(cli.err()).isZero();
    assertThat(cli.out()).contains("NO_FAULT").contains("table-duplicates-after-failover");
  }

  @Test
  void readsTheWarehouseKeyOfTheConfigFileInTheWorkingDirectory() throws Exception {
    assertThat(TriageCommand.configuredWarehouse(dir)).isEmpty();
    Path config = Files.createDirectories(dir.resolve("config")).resolve("application.properties");
    Files.writeString(
        config,
        "lakeops.flink.rest-url=http://127.0.0.1:8081\n"
            + "lakeops.tables.warehouse = /data/warehouse \n");

    assertThat(TriageCommand.configuredWarehouse(dir)).isEqualTo("/data/warehouse");
  }

  @Test
  void refusesAWarehouseThatIsNotADirectory() throws Exception {
    Path alert = payload("\"alertname\":\"LakeTableDuplicateKeys\",\"table\":\"db.payments\"");

    int exit =
        cli.run(
            "triage",
            "--alert",
            alert.toString(),
            "--warehouse",
            dir.resolve("missing").toString());

    assertThat(exit).isEqualTo(2);
    assertThat(cli.err())
        .contains("--warehouse")
        .contains("no such directory")
        .doesNotContain("Exception");
  }
}
