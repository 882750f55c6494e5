package dev.lakeops.cli.triage;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.lakeops.cli.BinlogFiles;
import dev.lakeops.cli.CliRun;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code lakeops triage --alert FILE}: deterministic triage of an Alertmanager payload, on real
 * binlog files.
 */
class TriageCommandTest {

  @TempDir Path dir;
  private final CliRun cli = new CliRun();

  private Path payload(String alerts) throws Exception {
    return Files.writeString(
        dir.resolve("alert.json"),
        "{\"version\":\"4\",\"status\":\"firing\",\"alerts\":[" + alerts + "]}");
  }

  private static String binlogAlert(Path file, String status) {
    return "{\"status\":\""
        + status
        + "\",\"labels\":{\"alertname\":\"CdcBinlogCorrupted\",\"binlog_path\":\""
        + file.toAbsolutePath()
        + "\"},\"annotations\":{\"summary\":\"CDC source stopped\"}}";
  }

  @Test
  void namesTheDamagedEventAndTheRestartPositionOfABrokenBinlog() throws Exception {
    Path damaged = BinlogFiles.damaged(dir);

    int exit =
        cli.run(
            "triage",
            "--alert",
            payload(binlogAlert(damaged, "firing") + "," + binlogAlert(BinlogFiles.CLEAN, "firing"))
                .toString(),
            "--json");

    assertThat(exit).isZero();
    JsonNode reports = cli.json();
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
    int exit =
        cli.run(
            "triage",
            "--alert",
            payload(
                    binlogAlert(BinlogFiles.CLEAN, "firing")
                        + ","
                        + binlogAlert(BinlogFiles.CLEAN, "resolved"))
                .toString());

    assertThat(exit).isZero();
    assertThat(cli.out())
        .contains("**Verdict:** NO_FAULT")
        .contains("cdc-binlog-corruption")
        .doesNotContain("\n---\n");
  }

  @Test
  void answersNoRunbookForAnAlertNothingFits() throws Exception {
    int exit =
        cli.run(
            "triage",
            "--alert",
            payload("{\"labels\":{\"alertname\":\"DiskFull\"}}").toString(),
            "--json");

    assertThat(exit).isZero();
    assertThat(cli.json().get(0).path("verdict").path("category").asText()).isEqualTo("NO_RUNBOOK");
  }

  @Test
  void refusesAMalformedPayloadNamingTheField() throws Exception {
    int exit = cli.run("triage", "--alert", payload("{\"labels\":{\"alertname\":7}}").toString());

    assertThat(exit).isEqualTo(2);
    assertThat(cli.err())
        .contains("alerts[0].labels.alertname must be a string")
        .doesNotContain("Exception");
  }

  @Test
  void refusesAFileThatIsNotJsonWithItsLine() throws Exception {
    Path file = Files.writeString(dir.resolve("bad.json"), "{\n\"version\": \"4\",\n alerts: []}");

    assertThat(cli.run("triage", "--alert", file.toString())).isEqualTo(2);
    assertThat(cli.err()).contains("bad.json: not JSON at line 3");
  }
}
