package dev.lakeops.cli.table;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.lakeops.cli.CliRun;
import dev.lakeops.cli.CliTables;
import dev.lakeops.table.Table;
import dev.lakeops.table.data.Row;
import dev.lakeops.table.data.RowKind;
import dev.lakeops.table.io.LocalFileIO;
import dev.lakeops.table.maintenance.ExpireRetention;
import dev.lakeops.table.maintenance.SnapshotExpiration;
import dev.lakeops.table.write.TableWrite;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code lakeops table changes}: rows per snapshot with their kinds, consumers, and errors. */
class TableChangesCommandTest {

  private static final ObjectMapper MAPPER = new ObjectMapper();

  @TempDir Path dir;

  private String warehouse;
  private Table orders;
  private final CliRun cli = new CliRun();

  @BeforeEach
  void writeWarehouse() {
    warehouse = CliTables.warehouse(dir).toString();
    orders = Table.load(new LocalFileIO(), dir.resolve("db.db").resolve("orders"));
    // snapshot 3 deletes a row
    try (TableWrite write = orders.newWrite(CliTables.USER)) {
      write.write(Row.ofKind(RowKind.DELETE, "2024-01-01", 2, null, null));
      orders.newCommit().commit(write.prepareCommit(3));
    }
  }

  private List<String> lines() {
    List<String> lines = new ArrayList<>();
    for (String l : cli.out().split("\n")) {
      if (!l.isBlank()) {
        lines.add(l);
      }
    }
    return lines;
  }

  @Test
  void printsEachSnapshotsChangesOneRowPerLineWithKindAndSnapshot() {
    assertThat(cli.run("table", "changes", "db.orders", "--warehouse", warehouse, "--from", "2"))
        .as(cli.err())
        .isZero();

    assertThat(lines())
        .containsExactlyInAnyOrder(
            "+I snapshot=2 dt=2024-01-01 id=1 name=apple, green price=1.75",
            "+I snapshot=2 dt=2024-01-02 id=4 name=kiwi price=null",
            "-D snapshot=3 dt=2024-01-01 id=2 name=null price=null");
    assertThat(lines().get(2)).startsWith("-D snapshot=3");
  }

  @Test
  void printsOneJsonObjectPerLineAndStopsAtTo() throws Exception {
    assertThat(
            cli.run(
                "table",
                "changes",
                "db.orders",
                "--warehouse",
                warehouse,
                "--from",
                "1",
                "--to",
                "1",
                "--json"))
        .as(cli.err())
        .isZero();

    List<JsonNode> rows = new ArrayList<>();
    for (String line : lines()) {
      rows.add(MAPPER.readTree(line));
    }
    assertThat(rows).hasSize(3);
    assertThat(rows).allSatisfy(r -> assertThat(r.get("snapshot").asLong()).isEqualTo(1));
    assertThat(rows).allSatisfy(r -> assertThat(r.get("kind").asText()).isEqualTo("+I"));
    assertThat(rows.stream().map(r -> r.get("row").get("name").asText()))
        .containsExactlyInAnyOrder("apple", "pear", "fig");
    assertThat(rows.get(0).get("row").get("price").isNumber()).isTrue();
  }

  @Test
  void aConsumerSavesItsPositionAfterEachSnapshotAndResumesThere() throws Exception {
    String[] args = {
      "table",
      "changes",
      "db.orders",
      "--warehouse",
      warehouse,
      "--from",
      "1",
      "--to",
      "1",
      "--consumer-id",
      "audit"
    };
    assertThat(cli.run(args)).as(cli.err()).isZero();
    Path consumer = dir.resolve("db.db/orders/consumer/consumer-audit");
    assertThat(Files.readString(consumer)).isEqualToIgnoringWhitespace("{\"nextSnapshot\":2}");

    assertThat(
            cli.run(
                "table",
                "changes",
                "db.orders",
                "--warehouse",
                warehouse,
                "--from",
                "1",
                "--consumer-id",
                "audit"))
        .as(cli.err())
        .isZero();
    assertThat(cli.err()).contains("consumer 'audit' resumes at snapshot 2");
    assertThat(lines()).hasSize(3).noneMatch(l -> l.contains("snapshot=1"));
    assertThat(Files.readString(consumer)).isEqualToIgnoringWhitespace("{\"nextSnapshot\":4}");

    // resumed from the saved position, --from is not needed
    assertThat(
            cli.run(
                "table",
                "changes",
                "db.orders",
                "--warehouse",
                warehouse,
                "--consumer-id",
                "audit"))
        .as(cli.err())
        .isZero();
    assertThat(lines()).isEmpty();
  }

  @Test
  void rejectsASnapshotThatDoesNotExistNamingTableAndRange() {
    assertThat(cli.run("table", "changes", "db.orders", "--warehouse", warehouse, "--from", "9"))
        .isEqualTo(2);
    assertThat(cli.err())
        .contains("--from 9: table db.orders has no snapshot 9 (snapshots 1..3 exist)")
        .doesNotContain("Exception");

    assertThat(
            cli.run(
                "table",
                "changes",
                "db.orders",
                "--warehouse",
                warehouse,
                "--from",
                "1",
                "--to",
                "7"))
        .isEqualTo(2);
    assertThat(cli.err()).contains("--to 7: table db.orders has no snapshot 7");
  }

  @Test
  void rejectsAnExpiredSnapshotSayingSo() {
    new SnapshotExpiration(orders.io(), orders.paths())
        .expire(new ExpireRetention(1, 100, Duration.ZERO, 50));

    assertThat(cli.run("table", "changes", "db.orders", "--warehouse", warehouse, "--from", "1"))
        .isEqualTo(2);
    assertThat(cli.err())
        .contains(
            "--from 1: table db.orders has no snapshot 1, it has expired (snapshots 3..3"
                + " exist)");
  }

  @Test
  void rejectsBadArgumentCombinations() {
    assertThat(
            cli.run(
                "table",
                "changes",
                "db.orders",
                "--warehouse",
                warehouse,
                "--from",
                "1",
                "--to",
                "2",
                "--follow"))
        .isEqualTo(2);
    assertThat(cli.err()).contains("--to and --follow: give one of them");

    assertThat(cli.run("table", "changes", "db.orders", "--warehouse", warehouse)).isEqualTo(2);
    assertThat(cli.err()).contains("--from N is required");

    assertThat(
            cli.run(
                "table", "changes", "db.orders", "--warehouse", warehouse, "--consumer-id", "new"))
        .isEqualTo(2);
    assertThat(cli.err())
        .contains("--from N is required (consumer 'new' of table db.orders has no saved position)");

    assertThat(
            cli.run(
                "table",
                "changes",
                "db.orders",
                "--warehouse",
                warehouse,
                "--from",
                "2",
                "--to",
                "1"))
        .isEqualTo(2);
    assertThat(cli.err()).contains("--to 1: must not be before --from 2");

    assertThat(
            cli.run(
                "table",
                "changes",
                "db.orders",
                "--warehouse",
                warehouse,
                "--from",
                "1",
                "--consumer-id",
                "a/b"))
        .isEqualTo(2);
    assertThat(cli.err()).contains("--consumer-id a/b").contains("Invalid consumer id");

    assertThat(cli.run("table", "changes", "db.nothing", "--warehouse", warehouse, "--from", "1"))
        .isEqualTo(2);
    assertThat(cli.err()).contains("no table 'nothing'");
  }
}
