package dev.lakeops.cli.triage;

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

/** {@code lakeops triage --alert FILE}: deterministic triage of an Alertmanager payload, on real binlog files. */
class TriageCommandTest {

  private static final Path CLEAN = Path.of("../tools/src/test/resources/binlog/mariadb-10.11-crc32.000002");

  @TempDir Path dir;
  private final StringWriter out = new StringWriter();
  private final StringWriter err = new StringWriter();

  private int run(String... args) {
    return LakeopsCli.commandLine().setOut(new PrintWriter(out)).setErr(new PrintWriter(err)).execute(args);
  }

  private Path payload(String alerts) throws Exception {
    return Files.writeString(dir.resolve("alert.json"), "{\"version\":\"4\",\"status\":\"firing\",\"alerts\":[" + alerts + "]}");
  }

  private static String binlogAlert(Path file, String status) {
    return "{\"status\":\"" + status + "\",\"labels\":{\"alertname\":\"CdcBinlogCorrupted\",\"binlog_path\":\"" + file.toAbsolutePath()
        + "\"},\"annotations\":{\"summary\":\"CDC source stopped\"}}";
  }

  @Test
  void namesTheDamagedEventAndTheRestartPositionOfABrokenBinlog() throws Exception {
    byte[] content = Files.readAllBytes(CLEAN);
    content[1990] ^= (byte) 0xff;
    Path damaged = Files.write(dir.resolve("mysql-bin.000002"), content);

    int exit = run("triage", "--alert", payload(binlogAlert(damaged, "firing") + "," + binlogAlert(CLEAN, "firing")).toString(), "--json");

    assertThat(exit).isZero();
    JsonNode reports = Json.mapper().readTree(out.toString());
    assertThat(reports).hasSize(2);
    JsonNode bad = reports.get(0);
    assertThat(bad.path("runbook").asText()).isEqualTo("cdc-binlog-corruption");
    assertThat(bad.path("verdict").path("category").asText()).isEqualTo("BINLOG_CORRUPTION");
    JsonNode entities = bad.path("verdict").path("entities");
    assertThat(entities.path("binlogFile").asText()).isEqualTo(damaged.toAbsolutePath().toString());
    assertThat(entities.path("binlogOffset").asText()).isEqualTo("1961");
    assertThat(entities.path("restartPosition").asText()).isEqualTo("1776");
    assertThat(entities.path("affectedTables").asText()).isEqualTo("shop.orders");
    assertThat(bad.path("verdict").path("evidence").get(0).asText()).isEqualTo("verify-file#1");
    assertThat(reports.get(1).path("verdict").path("category").asText()).isEqualTo("NO_FAULT");
  }

  @Test
  void printsMarkdownAndSkipsResolvedAlerts() throws Exception {
    int exit = run("triage", "--alert", payload(binlogAlert(CLEAN, "firing") + "," + binlogAlert(CLEAN, "resolved")).toString());

    assertThat(exit).isZero();
    assertThat(out.toString()).contains("**Verdict:** NO_FAULT").contains("cdc-binlog-corruption").doesNotContain("\n---\n");
  }

  @Test
  void answersNoRunbookForAnAlertNothingFits() throws Exception {
    int exit = run("triage", "--alert", payload("{\"labels\":{\"alertname\":\"DiskFull\"}}").toString(), "--json");

    assertThat(exit).isZero();
    assertThat(Json.mapper().readTree(out.toString()).get(0).path("verdict").path("category").asText()).isEqualTo("NO_RUNBOOK");
  }

  @Test
  void refusesAMalformedPayloadNamingTheField() throws Exception {
    int exit = run("triage", "--alert", payload("{\"labels\":{\"alertname\":7}}").toString());

    assertThat(exit).isEqualTo(2);
    assertThat(err.toString()).contains("alerts[0].labels.alertname must be a string").doesNotContain("Exception");
  }

  @Test
  void refusesAFileThatIsNotJsonWithItsLine() throws Exception {
    Path file = Files.writeString(dir.resolve("bad.json"), "{\n\"version\": \"4\",\n alerts: []}");

    assertThat(run("triage", "--alert", file.toString())).isEqualTo(2);
    assertThat(err.toString()).contains("bad.json: not JSON at line 3");
  }
}
