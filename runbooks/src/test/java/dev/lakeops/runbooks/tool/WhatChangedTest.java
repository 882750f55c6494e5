package dev.lakeops.runbooks.tool;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.runbooks.AlertSignal;
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

  @Test
  void takesTheTargetsFromTheLabelsTheRunbooksReadAndEndsTheWindowAtTheAlert() {
    AlertSignal alert =
        new AlertSignal(
            Map.of(
                "alertname",
                "FlinkJobLag",
                "job_name",
                "orders-to-lake",
                "flink_cluster",
                "prod",
                "lake_table",
                "lake.orders",
                "consumergroup",
                "orders-to-lake",
                "kafka_cluster",
                "main",
                "severity",
                "page"),
            Map.of());
    List<Map<String, String>> calls = new ArrayList<>();
    ToolRegistry registry =
        new ToolRegistry()
            .register(
                new ToolBinding(
                    ChangeToolSpecs.RECENT,
                    a -> {
                      calls.add(a.given());
                      return new ToolReport(
                          ToolReport.Status.OK, "changes.recent", a.given(), List.of(), null);
                    }));

    ToolReport report = WhatChanged.before(registry, alert, STARTS_AT);

    assertThat(report.status()).isEqualTo(ToolReport.Status.OK);
    assertThat(calls)
        .containsExactly(
            Map.of(
                "job",
                "orders-to-lake",
                "flink_cluster",
                "prod",
                "table",
                "lake.orders",
                "group",
                "orders-to-lake",
                "kafka_cluster",
                "main",
                "alert_at",
                "2026-12-01T10:00:00Z"));
  }

  @Test
  void callsNothingForAnAlertThatNamesNoTarget() {
    List<Map<String, String>> calls = new ArrayList<>();
    ToolRegistry registry =
        new ToolRegistry()
            .register(
                new ToolBinding(
                    ChangeToolSpecs.RECENT,
                    a -> {
                      calls.add(a.given());
                      return null;
                    }));

    ToolReport report =
        WhatChanged.before(
            registry,
            new AlertSignal(Map.of("alertname", "DiskFull", "flink_cluster", "prod"), Map.of()),
            STARTS_AT);

    assertThat(calls).isEmpty();
    assertThat(report.status()).isEqualTo(ToolReport.Status.NO_DATA);
    assertThat(report.error())
        .startsWith(
            "alert 'DiskFull' names no job, table, topic or group (labels looked for: job_name,");
    assertThat(WhatChanged.line(report))
        .startsWith("could not tell what changed: alert 'DiskFull' names no job");
  }
}
