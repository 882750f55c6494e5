package dev.lakeops.cli.triage;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.lakeops.cli.BinlogFiles;
import dev.lakeops.cli.CliRun;
import dev.lakeops.runbooks.alert.AlertRouting;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code lakeops triage --alert}: alerts are read for what they say — the rule's expression,
 * Grafana's payload, the config's aliases.
 */
class TriageAlertReadingCommandTest {

  @TempDir Path dir;
  private final CliRun cli = new CliRun();

  @Test
  void routesAnAlertWhoseNameSaysNothingByTheExpressionOfItsGeneratorUrl() throws Exception {
    String expr =
        "kafka_connect_connector_status{connector=\"mysql-orders\",status=\"failed\"} == 1";
    String alert =
        "{\"labels\":{\"alertname\":\"ConnectAlerts\",\"binlog_file\":\""
            + BinlogFiles.CLEAN.toAbsolutePath()
            + "\"},"
            + "\"generatorURL\":\"http://prom:9090/graph?g0.expr="
            + URLEncoder.encode(expr, StandardCharsets.UTF_8)
            + "&g0.tab=1\"}";
    Path payload =
        Files.writeString(
            dir.resolve("a.json"),
            "{\"version\":\"4\",\"status\":\"firing\",\"alerts\":[" + alert + "]}");

    assertThat(cli.run("triage", "--alert", payload.toString(), "--json")).isZero();
    JsonNode report = cli.json().get(0);
    assertThat(report.path("runbook").asText()).isEqualTo("cdc-binlog-corruption");
    assertThat(report.path("verdict").path("category").asText()).isEqualTo("NO_FAULT");
    assertThat(report.path("routing").path("metrics").get(0).asText())
        .isEqualTo("kafka_connect_connector_status");
    assertThat(report.path("routing").path("scores").get(0).path("reasons").toString())
        .contains("metric kafka_connect_connector_status");
  }

  @Test
  void readsAGrafanaPayloadWithAChineseTitle() throws Exception {
    String alert =
        "{\"status\":\"firing\",\"labels\":{\"alertname\":\"binlog"
            + " 损坏\",\"grafana_folder\":\"CDC\",\"binlog_path\":\""
            + BinlogFiles.CLEAN.toAbsolutePath()
            + "\"},\"annotations\":{\"summary\":\"CDC"
            + " 同步中断\"},\"generatorURL\":\"http://grafana:3000/alerting/grafana/abc/view\",\"valueString\":\"["
            + " var='A' labels={} value=1 ]\"}";
    Path payload =
        Files.writeString(
            dir.resolve("g.json"),
            "{\"version\":\"1\",\"orgId\":1,\"state\":\"alerting\",\"status\":\"firing\","
                + "\"title\":\"[FIRING:1] binlog\",\"alerts\":["
                + alert
                + "]}");

    assertThat(cli.run("triage", "--alert", payload.toString())).isZero();
    assertThat(cli.out())
        .contains("cdc-binlog-corruption")
        .contains("**Verdict:** NO_FAULT")
        .contains("Why this runbook");
  }

  @Test
  void saysWhatItReadForAnAlertNothingRelatesTo() throws Exception {
    String expr = "probe_ssl_earliest_cert_expiry - time() < 86400 * 7";
    String alert =
        "{\"labels\":{\"alertname\":\"SSLCertificateExpiringSoon\",\"instance\":\"https://api\"},\"annotations\":{\"summary\":\"SSL"
            + " certificate will expire soon\"},\"generatorURL\":\"http://prom:9090/graph?g0.expr="
            + URLEncoder.encode(expr, StandardCharsets.UTF_8)
            + "\"}";
    Path payload =
        Files.writeString(dir.resolve("t.json"), "{\"version\":\"4\",\"alerts\":[" + alert + "]}");

    assertThat(cli.run("triage", "--alert", payload.toString(), "--json")).isZero();
    JsonNode verdict = cli.json().get(0).path("verdict");
    assertThat(verdict.path("category").asText()).isEqualTo("NO_RUNBOOK");
    assertThat(verdict.path("headline").asText()).contains("metric probe_ssl_earliest_cert_expiry");
  }

  @Test
  void readsLabelAliasesPinsAndLimitsFromTheConfigFile() throws Exception {
    assertThat(TriageCommand.alertRouting(dir)).isEqualTo(AlertRouting.defaults());
    Path config = Files.createDirectories(dir.resolve("config")).resolve("application.properties");
    Files.writeString(
        config,
        "lakeops.flink.rest-url=http://127.0.0.1:8081\n"
            + "lakeops.alerts.label-aliases.flink.job=pipeline\n"
            + "lakeops.alerts.rules.OrdersLate.runbook=flink-delay\n"
            + "lakeops.alerts.max-runbooks=2\n");

    AlertRouting routing = TriageCommand.alertRouting(dir);

    assertThat(routing.labelAliases()).containsEntry("flink.job", List.of("pipeline"));
    assertThat(routing.pinned("OrdersLate")).contains("flink-delay");
    assertThat(routing.maxRunbooks()).isEqualTo(2);
    Files.writeString(config, "lakeops.alerts.label-aliases.flink.jobs=pipeline\n");
    assertThatThrownBy(() -> TriageCommand.alertRouting(dir))
        .hasMessageContaining("lakeops.alerts.label-aliases.flink.jobs=pipeline");
  }

  @Test
  void refusesAPayloadOfAnotherVersionNamingBoth() throws Exception {
    Path payload =
        Files.writeString(
            dir.resolve("v.json"),
            "{\"version\":\"2\",\"alerts\":[{\"labels\":{\"alertname\":\"A\"}}]}");

    assertThat(cli.run("triage", "--alert", payload.toString())).isEqualTo(2);
    assertThat(cli.err())
        .contains("version must be \"4\" (Alertmanager webhook payload) or \"1\" (Grafana)");
  }
}
