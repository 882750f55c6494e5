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
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code lakeops changes}: the change probe of every triage, from the command line. */
class ChangesCommandTest {

  @TempDir Path dir;
  private final CliRun cli = new CliRun();

  /** db.payments committed by job-a, then by job-b: a writer restarted under a new commit user. */
  private void writtenByTwoUsers(Path warehouse) {
    Catalog catalog = Catalog.local(warehouse);
    catalog.createDatabaseIfNotExists("db");
    Table t =
        catalog.createTable(
            Identifier.of("db", "payments"),
            TableDefinition.builder()
                .column("order_id", AtomicType.of(TypeRoot.BIGINT))
                .option("file.format", "avro")
                .build());
    long id = 0;
    for (String user : List.of("job-a", "job-b")) {
      for (int checkpoint = 1; checkpoint <= 2; checkpoint++) {
        try (TableWrite write = t.newWrite(user)) {
          write.write(Row.of(++id));
          t.newCommit().commit(write.prepareCommit(checkpoint));
        }
      }
    }
  }

  @Test
  void reportsANewCommitUserOfATableInTheWarehouse() throws Exception {
    Path warehouse = Files.createDirectories(dir.resolve("warehouse"));
    writtenByTwoUsers(warehouse);

    int exit =
        cli.run("changes", "--table", "db.payments", "--warehouse", warehouse.toString(), "--json");

    assertThat(exit).as(cli.err()).isZero();
    JsonNode report = cli.json();
    assertThat(report.path("tool").asText()).isEqualTo("changes.recent");
    assertThat(report.path("findings").findValuesAsText("code"))
        .contains("change.table.new-commit-user");
  }

  @Test
  void saysWhatToNameWhenNothingIsNamed() {
    int exit = cli.run("changes", "--lookback", "30m");

    assertThat(exit).isEqualTo(2);
    assertThat(cli.err()).contains("--job, --table, --topic, --group");
  }

  @Test
  void namesAWindowThatDoesNotRead() throws Exception {
    Path warehouse = Files.createDirectories(dir.resolve("warehouse"));
    writtenByTwoUsers(warehouse);

    int exit =
        cli.run(
            "changes",
            "--table",
            "db.payments",
            "--warehouse",
            warehouse.toString(),
            "--since",
            "yesterday");

    assertThat(exit).isEqualTo(1);
    assertThat(cli.out() + cli.err()).contains("since").contains("yesterday");
  }
}
