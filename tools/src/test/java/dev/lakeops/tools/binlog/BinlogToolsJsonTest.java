package dev.lakeops.tools.binlog;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.lakeops.tools.Json;
import dev.lakeops.tools.binlog.file.BinlogFixtures;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The JSON tools never throw: results as {status: ok, result}, bad input as {status: error|no_data,
 * error}.
 */
class BinlogToolsJsonTest {

  @TempDir Path dir;
  private final BinlogTools tools = new BinlogTools();

  private static JsonNode parse(String json) throws Exception {
    return Json.mapper().readTree(json);
  }

  @Test
  void planOfADamagedFile() throws Exception {
    Path file =
        BinlogFixtures.write(
            dir,
            "mysql-bin.000002",
            BinlogFixtures.flipped(BinlogFixtures.bytes(BinlogFixtures.CRC32), 1990));

    JsonNode answer = parse(tools.plan(List.of(file.toString()), "0-1-9"));

    assertThat(answer.path("status").asText()).isEqualTo("ok");
    assertThat(answer.path("result").path("gap").path("resumePosition").asLong()).isEqualTo(2068);
    assertThat(answer.path("result").path("replica").path("containsNeeded").asBoolean()).isTrue();
  }

  @Test
  void planErrorsAreJsonNamingTheInput() throws Exception {
    JsonNode missing = parse(tools.plan(List.of(dir.resolve("nope.000001").toString()), null));
    JsonNode badSet =
        parse(
            tools.plan(
                List.of(
                    BinlogFixtures.write(
                            dir, "a.000001", BinlogFixtures.bytes(BinlogFixtures.CRC32))
                        .toString()),
                "garbage"));
    JsonNode none = parse(tools.plan(null, null));

    assertThat(missing.path("status").asText()).isEqualTo("no_data");
    assertThat(missing.path("error").asText()).contains("nope.000001");
    assertThat(badSet.path("status").asText()).isEqualTo("error");
    assertThat(badSet.path("error").asText()).contains("garbage");
    assertThat(none.path("error").asText()).contains("at least one file");
  }

  @Test
  void classifyErrorNeverFails() throws Exception {
    JsonNode known =
        parse(
            tools.classifyError(
                "ERROR 1236 (HY000): Could not find first log file name in binary log index file"));
    JsonNode nothing = parse(tools.classifyError(null));

    assertThat(known.path("result").path("category").asText())
        .isEqualTo("FIRST_LOG_FILE_NOT_FOUND");
    assertThat(nothing.path("result").path("category").asText()).isEqualTo("UNKNOWN");
  }

  @Test
  void eventsCapsTheLimitAndPages() throws Exception {
    Path file =
        BinlogFixtures.write(dir, "mysql-bin.000002", BinlogFixtures.bytes(BinlogFixtures.CRC32));

    JsonNode page = parse(tools.events(file.toString(), 981L, 2));
    JsonNode capped = parse(tools.events(file.toString(), 0, 100_000));
    JsonNode bad = parse(tools.events(file.toString(), -5L, 1));

    assertThat(page.path("result").path("events")).hasSize(2);
    assertThat(page.path("result").path("events").get(0).path("offset").asLong()).isEqualTo(981);
    assertThat(capped.path("result").path("events")).hasSize(44);
    assertThat(bad.path("status").asText()).isEqualTo("error");
    assertThat(bad.path("error").asText()).contains("-5");
  }
}
