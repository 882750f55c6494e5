package dev.lakeops.cli.binlog;

import dev.lakeops.cli.LakeopsCli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.lakeops.tools.Json;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code lakeops binlog verify}: exit 0 only when every file is OK, and the JSON contract per file. */
class BinlogCommandTest {

  /** The recorded MariaDB fixture of the tools module (Maven runs tests from the module directory). */
  private static final Path CLEAN = Path.of("../tools/src/test/resources/binlog/mariadb-10.11-crc32.000002");

  @TempDir Path dir;
  private final StringWriter out = new StringWriter();
  private final StringWriter err = new StringWriter();

  private int run(String... args) {
    return LakeopsCli.commandLine().setOut(new PrintWriter(out)).setErr(new PrintWriter(err)).execute(args);
  }

  @Test
  void exitsZeroForACleanFile() {
    assertThat(run("binlog", "verify", CLEAN.toString())).isEqualTo(0);
    assertThat(out.toString()).contains("binlog.ok", "lastCommittedGtid: 0-1-9");
  }

  @Test
  void printsTheDamageAndRestartPositionAsJsonAndExitsOne() throws Exception {
    byte[] content = Files.readAllBytes(CLEAN);
    content[1990] ^= (byte) 0xff;
    Path damaged = Files.write(dir.resolve("mysql-bin.000002"), content);

    assertThat(run("binlog", "verify", "--json", damaged.toString(), CLEAN.toString())).isEqualTo(1);

    JsonNode files = Json.mapper().readTree(out.toString());
    assertThat(files).hasSize(2);
    JsonNode bad = files.get(0);
    assertThat(bad.path("status").asText()).isEqualTo("CORRUPT");
    assertThat(bad.path("firstBadEvent").path("offset").asLong()).isEqualTo(1961);
    assertThat(bad.path("firstBadEvent").path("type").asText()).isEqualTo("UPDATE_ROWS_V1");
    assertThat(bad.path("restartPosition").asLong()).isEqualTo(1776);
    assertThat(bad.path("lastCommittedGtid").asText()).isEqualTo("0-1-5");
    assertThat(bad.path("resyncOffset").asLong()).isEqualTo(2037);
    assertThat(bad.path("damagedTransactions").asLong()).isEqualTo(1);
    assertThat(bad.path("affectedTables").get(0).asText()).isEqualTo("shop.orders");
    assertThat(files.get(1).path("status").asText()).isEqualTo("OK");
  }

  @Test
  void namesAMissingFileWithoutAStackTrace() {
    assertThat(run("binlog", "verify", dir.resolve("nope.000001").toString())).isEqualTo(1);
    assertThat(out.toString()).contains("NOT_FOUND", "nope.000001").doesNotContain("Exception");
  }
}
