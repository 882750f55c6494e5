package dev.lakeops.agent.metrics;

import dev.lakeops.runbooks.TriageReport;
import dev.lakeops.tools.ToolReport;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;

/**
 * lakeops' own meters, served at {@code /q/metrics} in Prometheus format: incidents received,
 * triage latency (alert received → report stored), tool calls by outcome, approvals by decision.
 * Tag values come from fixed sets (categories, statuses, tool names), never from alert text.
 */
@ApplicationScoped
public class LakeopsMetrics {

  private final MeterRegistry registry;

  public LakeopsMetrics(MeterRegistry registry) {
    this.registry = registry;
  }

  /**
   * One alert taken in from {@code source} ({@code alertmanager}, {@code grafana}, {@code
   * scheduler}).
   */
  public void alertReceived(String source, boolean duplicate) {
    Counter.builder("lakeops.incidents.received")
        .description("Alerts received, by source; duplicates joined an existing incident")
        .tag("source", source)
        .tag("duplicate", Boolean.toString(duplicate))
        .register(registry)
        .increment();
  }

  /** A triage stored: its latency from the alert's arrival, and the tool calls it made. */
  public void triaged(TriageReport report, Duration sinceReceived) {
    Timer.builder("lakeops.triage.latency")
        .description("From an alert's arrival to its stored triage report")
        .tag("category", report.verdict().category().name())
        .publishPercentileHistogram()
        .register(registry)
        .record(sinceReceived);
    for (ToolReport tool : report.tools()) {
      toolCall(tool.tool(), tool.status().name());
    }
  }

  /** A triage that failed with an error instead of a report. */
  public void triageFailed() {
    Counter.builder("lakeops.triage.failed")
        .description("Triages that ended in an error")
        .register(registry)
        .increment();
  }

  public void toolCall(String tool, String status) {
    Counter.builder("lakeops.tool.calls")
        .description("Tool calls by tool and outcome")
        .tag("tool", tool)
        .tag("status", status)
        .register(registry)
        .increment();
  }

  /**
   * An approval decision ({@code approve}, {@code reject}) or a refused execution ({@code
   * refused}).
   */
  public void approval(String decision) {
    Counter.builder("lakeops.approvals")
        .description("Approval decisions and refusals")
        .tag("decision", decision)
        .register(registry)
        .increment();
  }
}
