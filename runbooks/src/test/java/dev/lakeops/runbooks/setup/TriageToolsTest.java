package dev.lakeops.runbooks.setup;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.runbooks.AlertSignal;
import dev.lakeops.runbooks.Category;
import dev.lakeops.runbooks.TriageReport;
import dev.lakeops.runbooks.route.AlertExamples;
import dev.lakeops.tools.ToolReport;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The one setup of both front doors: the same keys give the same tools; only the reach differs. */
class TriageToolsTest {

  static final Path CLEAN =
      Path.of("../tools/src/test/resources/binlog/mariadb-10.11-crc32.000002");

  @TempDir Path dir;

  private List<Map<String, String>> configurations() {
    Map<String, String> full = new HashMap<>();
    full.put("lakeops.flink.rest-url", "http://127.0.0.1:9");
    full.put("lakeops.flink.clusters.eu.rest-url", "http://127.0.0.1:8");
    full.put("lakeops.kafka.clusters.prod.bootstrap-servers", "127.0.0.1:1");
    full.put("lakeops.tables.warehouse", dir.toString());
    full.put("lakeops.binlog.dir", dir.toString());
    full.put("lakeops.binlog.servers.primary.jdbc-url", "jdbc:mariadb://127.0.0.1:9/");
    full.put("lakeops.binlog.servers.primary.user", "lakeops");
    return List.of(Map.of(), Map.of("lakeops.flink.rest-url", "http://127.0.0.1:9"), full);
  }

  @Test
  void theCommandLineAndTheAgentHaveTheSameToolsForTheSameKeys() {
    for (Map<String, String> keys : configurations()) {
      List<String> cli = TriageTools.forCommandLine(keys, Clock.systemUTC()).registry().names();
      List<String> agent = TriageTools.forAgent(keys, Clock.systemUTC(), null).registry().names();

      assertThat(agent).as("keys %s", keys).containsExactlyElementsOf(cli);
    }
  }

  @Test
  void withoutABinlogDirTheAgentsVerifierNamesTheKeyToSetAndReadsNothing() throws Exception {
    Path damaged = damagedCopy();

    ToolReport agent =
        TriageTools.forAgent(Map.of(), Clock.systemUTC(), null)
            .registry()
            .call("binlog.verify", Map.of("path", damaged.toString()));
    ToolReport cli =
        TriageTools.forCommandLine(Map.of(), Clock.systemUTC())
            .registry()
            .call("binlog.verify", Map.of("path", damaged.toString()));

    assertThat(agent.status()).isEqualTo(ToolReport.Status.ERROR);
    assertThat(agent.error())
        .isEqualTo(
            "binlog.verify is not set up in this lakeops: set lakeops.binlog.dir to the directory"
                + " of the binlog files alerts may name");
    assertThat(cli.status()).isEqualTo(ToolReport.Status.OK);
  }

  @Test
  void withoutAWarehouseTheAgentsTableToolsNameTheKeyToSet() {
    ToolReport r =
        TriageTools.forAgent(Map.of(), Clock.systemUTC(), null)
            .registry()
            .call("table.snapshots", Map.of("table", "shop.orders"));

    assertThat(r.status()).isEqualTo(ToolReport.Status.ERROR);
    assertThat(r.error()).contains("set lakeops.tables.warehouse");
  }

  @Test
  void theAgentsPlannerFindsTheCorruptionOfAFileInTheBinlogDirAndRefusesOneOutsideIt()
      throws Exception {
    damagedCopy();
    TriageTools tools =
        TriageTools.forAgent(
            Map.of("lakeops.binlog.dir", dir.toString(), "lakeops.alerts.similarity.model", "none"),
            Clock.systemUTC(),
            null);

    TriageReport inside =
        tools.planner(Clock.systemUTC(), AlertExamples.NONE).triage(alert("mysql-bin.000002"));
    ToolReport outside =
        tools.registry().call("binlog.verify", Map.of("path", CLEAN.toAbsolutePath().toString()));

    assertThat(inside.verdict().category()).isEqualTo(Category.BINLOG_CORRUPTION);
    assertThat(outside.status()).isEqualTo(ToolReport.Status.ERROR);
    assertThat(outside.error()).contains("is outside the binlog directory");
  }

  @Test
  void theOlderBinlogDirKeysStillWorkTheSharedKeyFirst() throws Exception {
    Path other = Files.createDirectory(dir.resolve("other"));

    assertThat(
            TriageConfig.fromProperties(Map.of("lakeops.llm.binlog-dir", dir.toString()))
                .binlogDir())
        .contains(dir.toAbsolutePath().normalize());
    assertThat(
            TriageConfig.fromProperties(
                    Map.of(
                        "lakeops.chat.binlog-dir", other.toString(),
                        "lakeops.llm.binlog-dir", dir.toString()))
                .binlogDir())
        .contains(other.toAbsolutePath().normalize());
    assertThat(
            TriageConfig.fromProperties(
                    Map.of(
                        "lakeops.binlog.dir", dir.toString(),
                        "lakeops.chat.binlog-dir", other.toString()))
                .binlogDir())
        .contains(dir.toAbsolutePath().normalize());
  }

  private Path damagedCopy() throws Exception {
    byte[] content = Files.readAllBytes(CLEAN);
    content[1990] ^= (byte) 0xff;
    return Files.write(dir.resolve("mysql-bin.000002"), content);
  }

  private static AlertSignal alert(String file) {
    return new AlertSignal(
        Map.of("alertname", "CdcBinlogCorrupted", "binlog_path", file),
        Map.of("summary", "CDC source stopped"));
  }
}
