package dev.lakeops.agent.api;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import org.junit.jupiter.api.Test;

/** Without {@code lakeops.binlog.dir} the binlog runbook's verdict says which key to set. */
@QuarkusTest
class BinlogNotConfiguredTest {

  @Test
  void theVerdictNamesTheKeyToSet() {
    JsonPath incident =
        AlertWebhookResourceTest.awaitTriage(
            AlertWebhookResourceTest.postOne(
                AlertPayloads.group(BinlogTriageTest.binlogAlert("mysql-bin.000002"))));

    assertThat(incident.getString("status")).isEqualTo("TRIAGED");
    assertThat(incident.getString("report.runbook")).isEqualTo("cdc-binlog-corruption");
    assertThat(incident.getString("report.verdict.category")).isEqualTo("PROBE_FAILED");
    assertThat(incident.getString("report.verdict.headline"))
        .contains("binlog.verify is not set up in this lakeops: set lakeops.binlog.dir");
  }
}
