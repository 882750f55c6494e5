package dev.lakeops.agent.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.lakeops.runbooks.route.embedding.MiniLmSimilarity;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.path.json.JsonPath;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * {@code lakeops serve} triages a webhook alert about a broken binlog as {@code lakeops triage}
 * does: with {@code lakeops.binlog.dir} set, {@code binlog.verify} reads the file the alert names
 * inside it, and the embedding model of {@code lakeops.alerts.similarity.model} is not loaded at
 * start.
 */
@QuarkusTest
@TestProfile(BinlogTriageTest.WithBinlogDir.class)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class BinlogTriageTest {

  /** The recorded MariaDB fixture of the tools module (tests run from the module directory). */
  static final Path CLEAN =
      Path.of("../tools/src/test/resources/binlog/mariadb-10.11-crc32.000002");

  /** A directory holding a copy of the fixture with one byte flipped in the event at 1961. */
  public static final class WithBinlogDir implements QuarkusTestProfile {
    @Override
    public Map<String, String> getConfigOverrides() {
      try {
        Path dir = Files.createTempDirectory("lakeops-binlog");
        byte[] content = Files.readAllBytes(CLEAN);
        content[1990] ^= (byte) 0xff;
        Files.write(dir.resolve("mysql-bin.000002"), content);
        Files.copy(CLEAN, dir.resolve("mysql-bin.000003"));
        return Map.of(
            "lakeops.binlog.dir",
            dir.toString(),
            "lakeops.alerts.similarity.model",
            "all-minilm-l6-v2-q");
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }

  static ObjectNode binlogAlert(String file) {
    ObjectNode alert = AlertPayloads.alert("CdcBinlogCorrupted", "firing", "2026-11-30T10:00:00Z");
    ((ObjectNode) alert.get("labels")).put("binlog_path", file);
    ((ObjectNode) alert.get("annotations")).put("summary", "CDC source stopped");
    return alert;
  }

  @Test
  @Order(1)
  void theEmbeddingModelIsNotLoadedAtStart() {
    assertThat(MiniLmSimilarity.shared().loaded()).isFalse();
  }

  @Test
  void aCorruptBinlogFileInTheBinlogDirIsTriagedAsBinlogCorruption() {
    String id =
        AlertWebhookResourceTest.postOne(AlertPayloads.group(binlogAlert("mysql-bin.000002")));

    JsonPath incident = AlertWebhookResourceTest.awaitTriage(id);

    assertThat(incident.getString("status")).isEqualTo("TRIAGED");
    assertThat(incident.getString("report.runbook")).isEqualTo("cdc-binlog-corruption");
    assertThat(incident.getString("report.verdict.category")).isEqualTo("BINLOG_CORRUPTION");
    assertThat(incident.getString("report.verdict.entities.binlogOffset")).isEqualTo("1961");
    assertThat(incident.getString("report.verdict.entities.restartPosition")).isEqualTo("1776");
  }

  @Test
  void anIntactFileIsNoFaultAndAFileOutsideTheDirIsNotRead() {
    JsonPath intact =
        AlertWebhookResourceTest.awaitTriage(
            AlertWebhookResourceTest.postOne(AlertPayloads.group(binlogAlert("mysql-bin.000003"))));
    JsonPath outside =
        AlertWebhookResourceTest.awaitTriage(
            AlertWebhookResourceTest.postOne(
                AlertPayloads.group(binlogAlert(CLEAN.toAbsolutePath().toString()))));

    assertThat(intact.getString("report.verdict.category")).isEqualTo("NO_FAULT");
    assertThat(outside.getString("report.verdict.category")).isEqualTo("PROBE_FAILED");
    assertThat(outside.getString("report.tools[0].error"))
        .contains("is outside the binlog directory");
  }
}
