package dev.lakeops.runbooks.setup;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A key that does not read is an error naming the key and the value, never a stack trace. */
class TriageConfigTest {

  @TempDir Path dir;

  @Test
  void readsNothingConfiguredAsNoSystems() {
    TriageConfig c = TriageConfig.fromProperties(Map.of("other.key", "x"));

    assertThat(c.flink()).isEmpty();
    assertThat(c.kafka().names()).isEmpty();
    assertThat(c.warehouse()).isEmpty();
    assertThat(c.binlogDir()).isEmpty();
    assertThat(c.binlogServers()).isEmpty();
    assertThat(c.binlogTimeout()).isEqualTo(Duration.ofSeconds(10));
  }

  @Test
  void readsEveryFlinkClusterTheDefaultFirst() {
    TriageConfig c =
        TriageConfig.fromProperties(
            Map.of(
                "lakeops.flink.rest-url", "http://jm:8081",
                "lakeops.flink.clusters.eu.rest-url", "http://jm-eu:8081"));

    assertThat(c.flink().orElseThrow().names()).containsExactly("default", "eu");
    assertThat(c.flink().orElseThrow().defaultName()).isEqualTo("default");
  }

  @Test
  void namesTheKeyOfAMalformedFlinkAddress() {
    assertThatThrownBy(
            () ->
                TriageConfig.fromProperties(
                    Map.of("lakeops.flink.clusters.eu.rest-url", "ftp://jm-eu")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("Invalid lakeops.flink.clusters.eu.rest-url=ftp://jm-eu: ");
  }

  @Test
  void namesTheKeyOfAMalformedKafkaProfile() {
    assertThatThrownBy(
            () ->
                TriageConfig.fromProperties(
                    Map.of("lakeops.kafka.clusters.prod.bootstrap-servers", "kafka-1")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("lakeops.kafka.clusters.prod")
        .hasMessageContaining("kafka-1");
  }

  @Test
  void namesTheKeyOfADirectoryThatDoesNotExist() {
    Path missing = dir.resolve("missing");

    assertThatThrownBy(
            () -> TriageConfig.fromProperties(Map.of("lakeops.binlog.dir", missing.toString())))
        .hasMessage("Invalid lakeops.binlog.dir=" + missing + ": no such directory");
  }

  @Test
  void namesTheKeyOfAFileGivenAsTheWarehouse() throws Exception {
    Path file = Files.writeString(dir.resolve("file"), "x");

    assertThatThrownBy(
            () -> TriageConfig.fromProperties(Map.of("lakeops.tables.warehouse", file.toString())))
        .hasMessage("Invalid lakeops.tables.warehouse=" + file + ": not a directory");
  }

  @Test
  void namesTheKeyOfABinlogServerWithoutUser() {
    assertThatThrownBy(
            () ->
                TriageConfig.fromProperties(
                    Map.of("lakeops.binlog.servers.primary.jdbc-url", "jdbc:mariadb://db:3306/")))
        .hasMessage("Invalid lakeops.binlog.servers.primary.user: not set");
  }

  @Test
  void readsKafkaConnectWorkersAndNamesTheKeyOfOneThatIsNoUrl() {
    TriageConfig c =
        TriageConfig.fromProperties(
            Map.of(
                "lakeops.connect.workers.cdc.url", "http://connect:8083",
                "lakeops.connect.timeout", "3s"));
    assertThat(c.connectWorkers()).containsExactly(Map.entry("cdc", "http://connect:8083"));
    assertThat(c.connectTimeout()).hasSeconds(3);

    assertThatThrownBy(
            () ->
                TriageConfig.fromProperties(
                    Map.of("lakeops.connect.workers.cdc.url", "connect:8083")))
        .hasMessageStartingWith("Invalid lakeops.connect.workers.cdc.url=connect:8083: expected");
    assertThatThrownBy(
            () ->
                TriageConfig.fromProperties(
                    Map.of("lakeops.connect.workers.cdc.rest", "http://connect:8083")))
        .hasMessage(
            "Invalid lakeops.connect.workers.cdc.rest: unknown key (a Kafka Connect worker has .url"
                + " and .jmx-url)");
  }

  @Test
  void readsAWorkersJmxAddressAndTheBehindThresholdAndNamesTheKeyOfABadOne() {
    TriageConfig c =
        TriageConfig.fromProperties(
            Map.of(
                "lakeops.connect.workers.cdc.url", "http://connect:8083",
                "lakeops.connect.workers.cdc.jmx-url", "connect:9999",
                "lakeops.connect.workers.other.url", "http://other:8083",
                "lakeops.connect.behind", "2m"));
    assertThat(c.connectJmx()).containsExactly(Map.entry("cdc", "connect:9999"));
    assertThat(c.connectBehind()).hasMinutes(2);
    assertThat(TriageConfig.fromProperties(Map.of()).connectBehind()).hasSeconds(60);

    assertThatThrownBy(
            () ->
                TriageConfig.fromProperties(
                    Map.of(
                        "lakeops.connect.workers.cdc.url", "http://connect:8083",
                        "lakeops.connect.workers.cdc.jmx-url", "http://connect:9999")))
        .hasMessageStartingWith(
            "Invalid lakeops.connect.workers.cdc.jmx-url=http://connect:9999: Invalid JMX address");
    assertThatThrownBy(
            () ->
                TriageConfig.fromProperties(
                    Map.of("lakeops.connect.workers.cdc.jmx-url", "connect:9999")))
        .hasMessageContaining("lakeops.connect.workers.cdc.url is not set");
    assertThatThrownBy(() -> TriageConfig.fromProperties(Map.of("lakeops.connect.behind", "soon")))
        .hasMessageContaining("lakeops.connect.behind");
  }

  @Test
  void namesTheKeyOfADurationThatDoesNotRead() {
    assertThatThrownBy(() -> TriageConfig.fromProperties(Map.of("lakeops.kafka.timeout", "soon")))
        .hasMessageStartingWith("Invalid lakeops.kafka.timeout=soon: ");
  }

  @Test
  void namesTheKeyOfAnUnknownAlertsKey() {
    assertThatThrownBy(() -> TriageConfig.fromProperties(Map.of("lakeops.alerts.colour", "red")))
        .hasMessageStartingWith("Invalid lakeops.alerts.colour=red: unknown key");
  }
}
