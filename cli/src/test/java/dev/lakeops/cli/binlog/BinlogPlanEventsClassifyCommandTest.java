package dev.lakeops.cli.binlog;

import dev.lakeops.cli.LakeopsCli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.lakeops.tools.Json;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code lakeops binlog events | plan | classify}: exit codes, JSON shapes and errors without stack traces. */
class BinlogPlanEventsClassifyCommandTest {

  private static final Path CLEAN = Path.of("../tools/src/test/resources/binlog/mariadb-10.11-crc32.000002");

  @TempDir Path dir;
  private final StringWriter out = new StringWriter();
  private final StringWriter err = new StringWriter();

  private int run(String... args) {
    return LakeopsCli.commandLine().setOut(new PrintWriter(out)).setErr(new PrintWriter(err)).execute(args);
  }

  private int runWithStdin(String stdin, String... args) {
    InputStream saved = System.in;
    System.setIn(new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)));
    try {
      return run(args);
    } finally {
      System.setIn(saved);
    }
  }

  private Path damaged() throws Exception {
    byte[] content = Files.readAllBytes(CLEAN);
    content[1990] ^= (byte) 0xff;
    return Files.write(dir.resolve("mysql-bin.000002"), content);
  }

  @Test
  void eventsListsAPageAsJsonAndExitsZeroWhenNothingIsDamaged() throws Exception {
    assertThat(run("binlog", "events", CLEAN.toString(), "--from", "1776", "--limit", "3", "--json")).isEqualTo(0);

    JsonNode listing = Json.mapper().readTree(out.toString());
    assertThat(listing.path("events")).hasSize(3);
    assertThat(listing.path("events").get(0).path("offset").asLong()).isEqualTo(1776);
    assertThat(listing.path("events").get(0).path("info").asText()).isEqualTo("GTID 0-1-6 BEGIN");
    assertThat(listing.path("events").get(0).path("crc").asText()).isEqualTo("OK");
    assertThat(listing.path("limitReached").asBoolean()).isTrue();
    assertThat(listing.path("nextOffset").asLong()).isEqualTo(listing.path("events").get(2).path("offset").asLong()
        + listing.path("events").get(2).path("size").asLong());
  }

  @Test
  void eventsMarksTheDamagedEventAndExitsOne() throws Exception {
    assertThat(run("binlog", "events", damaged().toString(), "--from", "1900", "--limit", "3")).isEqualTo(1);

    assertThat(out.toString()).contains("1961", "UPDATE_ROWS_V1", "MISMATCH", "DAMAGED: stored CRC32");
  }

  @Test
  void eventsRejectsABadLimitByName() {
    assertThat(run("binlog", "events", CLEAN.toString(), "--limit", "0")).isEqualTo(2);

    assertThat(out.toString()).contains("--limit 0").doesNotContain("Exception");
  }

  @Test
  void planPrintsTheOptionsWithConnectorSettingsAsJson() throws Exception {
    assertThat(run("binlog", "plan", damaged().toString(), "--replica-gtid", "0-1-9", "--replica-purged", "0-1-2",
        "--json")).isEqualTo(1);

    JsonNode plan = Json.mapper().readTree(out.toString());
    assertThat(plan.path("status").asText()).isEqualTo("DAMAGED");
    assertThat(plan.path("gap").path("restartPosition").asLong()).isEqualTo(1776);
    assertThat(plan.path("gap").path("resumePosition").asLong()).isEqualTo(2068);
    JsonNode replica = plan.path("options").get(0);
    assertThat(replica.path("name").asText()).isEqualTo("read-from-replica");
    assertThat(replica.path("loss").path("kind").asText()).isEqualTo("NONE");
    JsonNode skip = plan.path("options").get(1);
    assertThat(skip.path("name").asText()).isEqualTo("specific-offset-after-damage");
    assertThat(skip.path("connectorOptions").path("scan.startup.specific-offset.pos").asText()).isEqualTo("2068");
    assertThat(skip.path("loss").path("kind").asText()).isEqualTo("LOST");
    assertThat(plan.path("backfill").path("tables").get(0).asText()).isEqualTo("shop.orders");
  }

  @Test
  void planTextNamesEachOptionAndTheBackfillQuery() throws Exception {
    assertThat(run("binlog", "plan", damaged().toString())).isEqualTo(1);

    assertThat(out.toString()).contains("read-from-replica", "'scan.startup.specific-offset.pos' = '2068'",
        "skip-with-warn", "FROM `shop`.`orders`");
  }

  @Test
  void planOfACleanFileExitsZero() {
    assertThat(run("binlog", "plan", CLEAN.toString())).isEqualTo(0);

    assertThat(out.toString()).contains("CLEAN");
  }

  @Test
  void planRejectsAMalformedReplicaSetByName() throws Exception {
    assertThat(run("binlog", "plan", damaged().toString(), "--replica-gtid", "0-1", "--json")).isEqualTo(2);

    assertThat(Json.mapper().readTree(out.toString()).path("error").asText()).contains("'0-1'");
  }

  @Test
  void planNamesAMissingFile() {
    assertThat(run("binlog", "plan", dir.resolve("nope.000001").toString())).isEqualTo(2);

    assertThat(out.toString()).contains("NOT_FOUND", "nope.000001").doesNotContain("Exception:");
  }

  @Test
  void classifyReadsStdinAndPrintsTheParsedFields() throws Exception {
    String text = "io.debezium.DebeziumException: bogus data in log event; the first event 'mysql-bin.000001' at 1000, "
        + "the last event read from 'mysql-bin.000001' at 1000, the last byte read from 'mysql-bin.000001' at 1019. "
        + "Error code: 1236; SQLSTATE: HY000.";

    assertThat(runWithStdin(text, "binlog", "classify", "--json")).isEqualTo(0);

    JsonNode c = Json.mapper().readTree(out.toString());
    assertThat(c.path("category").asText()).isEqualTo("BOGUS_DATA");
    assertThat(c.path("file").asText()).isEqualTo("mysql-bin.000001");
    assertThat(c.path("position").asLong()).isEqualTo(1000);
    assertThat(c.path("errorCode").asInt()).isEqualTo(1236);
  }

  @Test
  void classifyExitsOneOnUnknownText() {
    assertThat(runWithStdin("something else entirely", "binlog", "classify")).isEqualTo(1);

    assertThat(out.toString()).contains("UNKNOWN", "Caused by");
  }
}
