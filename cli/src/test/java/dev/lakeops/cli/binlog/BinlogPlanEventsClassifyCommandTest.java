package dev.lakeops.cli.binlog;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.lakeops.cli.BinlogFiles;
import dev.lakeops.cli.CliRun;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code lakeops binlog events | plan | classify}: exit codes, JSON shapes and errors without stack
 * traces.
 */
class BinlogPlanEventsClassifyCommandTest {

  @TempDir Path dir;
  private final CliRun cli = new CliRun();

  @Test
  void eventsListsAPageAsJsonAndExitsZeroWhenNothingIsDamaged() throws Exception {
    assertThat(
            cli.run(
                "binlog",
                "events",
                BinlogFiles.CLEAN.toString(),
                "--from",
                "1776",
                "--limit",
                "3",
                "--json"))
        .isEqualTo(0);

    JsonNode listing = cli.json();
    assertThat(listing.path("events")).hasSize(3);
    assertThat(listing.path("events").get(0).path("offset").asLong()).isEqualTo(1776);
    assertThat(listing.path("events").get(0).path("info").asText()).isEqualTo("GTID 0-1-6 BEGIN");
    assertThat(listing.path("events").get(0).path("crc").asText()).isEqualTo("OK");
    assertThat(listing.path("limitReached").asBoolean()).isTrue();
    assertThat(listing.path("nextOffset").asLong())
        .isEqualTo(
            listing.path("events").get(2).path("offset").asLong()
                + listing.path("events").get(2).path("size").asLong());
  }

  @Test
  void eventsMarksTheDamagedEventAndExitsOne() throws Exception {
    assertThat(
            cli.run(
                "binlog",
                "events",
                BinlogFiles.damaged(dir).toString(),
                "--from",
                "1900",
                "--limit",
                "3"))
        .isEqualTo(1);

    assertThat(cli.out()).contains("1961", "UPDATE_ROWS_V1", "MISMATCH", "DAMAGED: stored CRC32");
  }

  @Test
  void eventsRejectsABadLimitByName() {
    assertThat(cli.run("binlog", "events", BinlogFiles.CLEAN.toString(), "--limit", "0"))
        .isEqualTo(2);

    assertThat(cli.out()).contains("--limit 0").doesNotContain("Exception");
  }

  @Test
  void planPrintsTheOptionsWithConnectorSettingsAsJson() throws Exception {
    assertThat(
            cli.run(
                "binlog",
                "plan",
                BinlogFiles.damaged(dir).toString(),
                "--replica-gtid",
                "0-1-9",
                "--replica-purged",
                "0-1-2",
                "--json"))
        .isEqualTo(1);

    JsonNode plan = cli.json();
    assertThat(plan.path("status").asText()).isEqualTo("DAMAGED");
    assertThat(plan.path("gap").path("restartPosition").asLong()).isEqualTo(1776);
    assertThat(plan.path("gap").path("resumePosition").asLong()).isEqualTo(2068);
    JsonNode replica = plan.path("options").get(0);
    assertThat(replica.path("name").asText()).isEqualTo("read-from-replica");
    assertThat(replica.path("loss").path("kind").asText()).isEqualTo("NONE");
    JsonNode skip = plan.path("options").get(1);
    assertThat(skip.path("name").asText()).isEqualTo("specific-offset-after-damage");
    assertThat(skip.path("connectorOptions").path("scan.startup.specific-offset.pos").asText())
        .isEqualTo("2068");
    assertThat(skip.path("loss").path("kind").asText()).isEqualTo("LOST");
    assertThat(plan.path("backfill").path("tables").get(0).asText()).isEqualTo("shop.orders");
  }

  @Test
  void planTextNamesEachOptionAndTheBackfillQuery() throws Exception {
    assertThat(cli.run("binlog", "plan", BinlogFiles.damaged(dir).toString())).isEqualTo(1);

    assertThat(cli.out())
        .contains(
            "read-from-replica",
            "'scan.startup.specific-offset.pos' = '2068'",
            "skip-with-warn",
            "FROM `shop`.`orders`");
  }

  @Test
  void planOfACleanFileExitsZero() {
    assertThat(cli.run("binlog", "plan", BinlogFiles.CLEAN.toString())).isEqualTo(0);

    assertThat(cli.out()).contains("CLEAN");
  }

  @Test
  void planRejectsAMalformedReplicaSetByName() throws Exception {
    assertThat(
            cli.run(
                "binlog",
                "plan",
                BinlogFiles.damaged(dir).toString(),
                "--replica-gtid",
                "0-1",
                "--json"))
        .isEqualTo(2);

    assertThat(cli.json().path("error").asText()).contains("'0-1'");
  }

  @Test
  void planNamesAMissingFile() {
    assertThat(cli.run("binlog", "plan", dir.resolve("nope.000001").toString())).isEqualTo(2);

    assertThat(cli.out()).contains("NOT_FOUND", "nope.000001").doesNotContain("Exception:");
  }

  @Test
  void classifyReadsStdinAndPrintsTheParsedFields() throws Exception {
    String text =
        "io.debezium.DebeziumException: bogus data in log event; the first event 'mysql-bin.000001'"
            + " at 1000, the last event read from 'mysql-bin.000001' at 1000, the last byte read"
            + " from 'mysql-bin.000001' at 1019. Error code: 1236; SQLSTATE: HY000.";

    assertThat(cli.runWithStdin(text, "binlog", "classify", "--json")).isEqualTo(0);

    JsonNode c = cli.json();
    assertThat(c.path("category").asText()).isEqualTo("BOGUS_DATA");
    assertThat(c.path("file").asText()).isEqualTo("mysql-bin.000001");
    assertThat(c.path("position").asLong()).isEqualTo(1000);
    assertThat(c.path("errorCode").asInt()).isEqualTo(1236);
  }

  @Test
  void classifyExitsOneOnUnknownText() {
    assertThat(cli.runWithStdin("something else entirely", "binlog", "classify")).isEqualTo(1);

    assertThat(cli.out()).contains("UNKNOWN", "Caused by");
  }
}
