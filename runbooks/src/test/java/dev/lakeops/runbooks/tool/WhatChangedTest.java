package dev.lakeops.runbooks.tool;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.runbooks.AlertSignal;
import dev.lakeops.runbooks.alert.AlertReader;
import dev.lakeops.runbooks.alert.AlertReading;
import dev.lakeops.tools.ToolReport;
import dev.lakeops.tools.change.ChangeToolSpecs;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The one call that adds "what changed" to a triage. */
class WhatChangedTest {

  private static final Instant STARTS_AT = Instant.parse("2026-12-01T10:00:00Z");

  private final List<Map<String, String>> calls = new ArrayList<>();
  private final ToolRegistry registry =
      new ToolRegistry()
          .register(
              new ToolBinding(
                  ChangeToolSpecs.RECENT,
                  a -> {
                    calls.add(a.given());
                    return new ToolReport(
                        ToolReport.Status.OK, "changes.recent", a.given(), List.of(), null);
                  }));

  private static AlertReading read(Map<String, String> labels, Instant startsAt) {
    return AlertReader.builtIn().read(new AlertSignal(labels, Map.of(), null, null, startsAt));
  }

  @Test
  void takesTheTargetsFromTheConceptsTheAlertReadingRecognisedAndEndsTheWindowAtTheAlert() {
    // Label names of three different exporters: Flink's reporter, kminion, a lake rule set.
    AlertReading reading =
        read(
            Map.of(
                "alertname", "PipelineLag",
                "flink_job_name", "orders-to-lake",
                "flink_cluster", "prod",
                "paimon_table", "lake.orders",
                "group_id", "orders-to-lake",
                "topic_name", "orders",
                "kafka_cluster", "main",
                "severity", "page"),
            STARTS_AT);

    ToolReport report = WhatChanged.before(registry, reading).orElseThrow();

    assertThat(report.status()).isEqualTo(ToolReport.Status.OK);
    assertThat(calls)
        .containsExactly(
            Map.of(
                "job", "orders-to-lake",
                "flink_cluster", "prod",
                "table", "lake.orders",
                "topic", "orders",
                "group", "orders-to-lake",
                "kafka_cluster", "main",
                "alert_at", "2026-12-01T10:00:00Z"));
  }

  @Test
  void leavesTheWindowToTheToolWhenTheAlertDoesNotSayWhenItStarted() {
    WhatChanged.before(registry, read(Map.of("alertname", "Lag", "job_id", "a".repeat(32)), null));

    assertThat(calls).containsExactly(Map.of("job", "a".repeat(32)));
  }

  @Test
  void callsNothingForAnAlertThatNamesNoTargetOrARegistryWithoutTheTool() {
    assertThat(
            WhatChanged.before(
                registry, read(Map.of("alertname", "DiskFull", "flink_cluster", "prod"), null)))
        .isEmpty();
    assertThat(
            WhatChanged.before(
                new ToolRegistry(), read(Map.of("alertname", "Lag", "job_name", "orders"), null)))
        .isEmpty();
    assertThat(calls).isEmpty();
  }

  @Test
  void saysWhatChangedCouldNotBeReadWithTheToolsError() {
    ToolReport failed =
        new ToolReport(
            ToolReport.Status.ERROR,
            "changes.recent",
            Map.of("job", "orders"),
            List.of(),
            "Flink cluster 'prod' is not configured");

    assertThat(WhatChanged.line(failed))
        .isEqualTo("what changed: could not be read (Flink cluster 'prod' is not configured)");
  }
}
