package dev.lakeops.cli.binlog;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.lakeops.cli.BinlogFiles;
import dev.lakeops.cli.CliRun;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code lakeops binlog verify}: exit 0 only when every file is OK, and the JSON contract per file.
 */
class BinlogCommandTest {

  @TempDir Path dir;
  private final CliRun cli = new CliRun();

  @Test
  void exitsZeroForACleanFile() {
    assertThat(cli.run("binlog", "verify", BinlogFiles.CLEAN.toString())).isEqualTo(0);
    assertThat(cli.out()).contains("binlog.ok", "lastCommittedGtid: 0-1-9");
  }

  @Test
  void printsTheDamageAndRestartPositionAsJsonAndExitsOne() throws Exception {
    Path damaged = BinlogFiles.damaged(dir);

    assertThat(
            cli.run("binlog", "verify", "--json", damaged.toString(), BinlogFiles.CLEAN.toString()))
        .isEqualTo(1);

    JsonNode files = cli.json();
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
    assertThat(cli.run("binlog", "verify", dir.resolve("nope.000001").toString())).isEqualTo(1);
    assertThat(cli.out()).contains("NOT_FOUND", "nope.000001").doesNotContain("Exception");
  }
}
