package dev.lakeops.runbooks.alert;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class AlertRoutingTest {

  @Test
  void readsAliasesPinsAndLimitsFromProperties() {
    AlertRouting r =
        AlertRouting.fromProperties(
            Map.of(
                "lakeops.alerts.label-aliases.flink.job", "pipeline, flow",
                "lakeops.alerts.rules.OrdersLate.runbook", "flink-delay",
                "lakeops.alerts.max-runbooks", "2",
                "lakeops.alerts.budget", "90s",
                "lakeops.alerts.similarity.model", "none",
                "lakeops.alerts.similarity.min-score", "0.5",
                "lakeops.flink.rest-url", "http://ignored"));

    assertThat(r.labelAliases()).containsEntry("flink.job", List.of("pipeline", "flow"));
    assertThat(r.pinned("OrdersLate")).contains("flink-delay");
    assertThat(r.maxRunbooks()).isEqualTo(2);
    assertThat(r.budget()).isEqualTo(Duration.ofSeconds(90));
    assertThat(r.similarityModel()).isEqualTo("none");
    assertThat(r.vocabulary().concept("flink.job").orElseThrow().labels())
        .startsWith("pipeline", "flow", "job_name");
  }

  @Test
  void defaultsWithoutKeys() {
    assertThat(AlertRouting.fromProperties(Map.of())).isEqualTo(AlertRouting.defaults());
  }

  @Test
  void refusesAnUnknownKeyConceptOrValueNamingTheKey() {
    assertThatThrownBy(
            () ->
                AlertRouting.fromProperties(Map.of("lakeops.alerts.label-aliases.flink.jobs", "x")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("lakeops.alerts.label-aliases.flink.jobs=x")
        .hasMessageContaining("no concept 'flink.jobs'");
    assertThatThrownBy(() -> AlertRouting.fromProperties(Map.of("lakeops.alerts.max-runbook", "2")))
        .hasMessageContaining("lakeops.alerts.max-runbook=2: unknown key");
    assertThatThrownBy(
            () -> AlertRouting.fromProperties(Map.of("lakeops.alerts.max-runbooks", "0")))
        .hasMessageContaining("max-runbooks: 0");
    assertThatThrownBy(
            () -> AlertRouting.fromProperties(Map.of("lakeops.alerts.similarity.model", "gpt")))
        .hasMessageContaining("similarity.model: 'gpt'");
  }
}
