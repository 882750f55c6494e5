package dev.lakeops.agent.metrics;

import dev.lakeops.runbooks.Category;
import dev.lakeops.runbooks.TriageReport;
import dev.lakeops.runbooks.tool.ToolRegistry;
import dev.lakeops.tools.ToolReport;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;

/**
 * lakeops' own meters, served at {@code /q/metrics} in Prometheus format: incidents received,
 * triage latency (alert received → report stored), tool calls by outcome, approvals by decision.
 * Tag values come from fixed sets (sources, categories, statuses, the registry's tool names, the
 * decisions below), never from alert text, and every series of those sets is registered at start,
 * so a dashboard or an alert rule sees 0 before the first alert instead of no series.
 */
@ApplicationScoped
public class LakeopsMetrics {

  public static final String INCIDENTS_RECEIVED = "lakeops.incidents.received";
  public static final String TRIAGE_LATENCY = "lakeops.triage.latency";
  public static final String TRIAGE_FAILED = "lakeops.triage.failed";
  public static final String TOOL_CALLS = "lakeops.tool.calls";
  public static final String APPROVALS = "lakeops.approvals";

  /** Every counter's name. */
  public static final List<String> COUNTERS =
      List.of(INCIDENTS_RECEIVED, TRIAGE_FAILED, TOOL_CALLS, APPROVALS);

  /** Every timer's name. */
  public static final List<String> TIMERS = List.of(TRIAGE_LATENCY);

  public static final String SOURCE_ALERTMANAGER = "alertmanager";
  public static final String SOURCE_GRAFANA = "grafana";
  public static final String SOURCE_SCHEDULER = "scheduler";

  /** Where alerts come from: tag {@code source}. */
  public static final List<String> SOURCES =
      List.of(SOURCE_ALERTMANAGER, SOURCE_GRAFANA, SOURCE_SCHEDULER);

  public static final String APPROVE = "approve";
  public static final String REJECT = "reject";
  public static final String REFUSED = "refused";
  public static final String EXPIRED = "expired";

  /** Tag {@code decision} of {@link #APPROVALS}. */
  public static final List<String> DECISIONS = List.of(APPROVE, REJECT, REFUSED, EXPIRED);

  private final MeterRegistry registry;
  private final ToolRegistry tools;

  @Inject
  public LakeopsMetrics(MeterRegistry registry, ToolRegistry tools) {
    this.registry = registry;
    this.tools = tools;
  }

  /** Registers every series at 0 when the agent starts. */
  void onStart(@Observes StartupEvent event) {
    registerAll();
  }

  /** Every series of the fixed tag sets, at 0 (registering one again changes nothing). */
  public void registerAll() {
    for (String source : SOURCES) {
      received(source, false);
      received(source, true);
    }
    for (Category c : Category.values()) {
      latency(c);
    }
    failed();
    for (String tool : tools.names()) {
      for (ToolReport.Status status : ToolReport.Status.values()) {
        toolCounter(tool, status.name());
      }
    }
    DECISIONS.forEach(this::approvals);
  }

  /** One alert taken in from {@code source} (one of {@link #SOURCES}). */
  public void alertReceived(String source, boolean duplicate) {
    received(source, duplicate).increment();
  }

  /** A triage stored: its latency from the alert's arrival, and the tool calls it made. */
  public void triaged(TriageReport report, Duration sinceReceived) {
    latency(report.verdict().category()).record(sinceReceived);
    for (ToolReport tool : report.tools()) {
      toolCall(tool.tool(), tool.status().name());
    }
  }

  /** A triage that failed with an error instead of a report. */
  public void triageFailed() {
    failed().increment();
  }

  public void toolCall(String tool, String status) {
    toolCounter(tool, status).increment();
  }

  /** An approval decision or a refused execution (one of {@link #DECISIONS}). */
  public void approval(String decision) {
    approvals(decision).increment();
  }

  private Counter received(String source, boolean duplicate) {
    return Counter.builder(INCIDENTS_RECEIVED)
        .description("Alerts received, by source; duplicates joined an existing incident")
        .tag("source", source)
        .tag("duplicate", Boolean.toString(duplicate))
        .register(registry);
  }

  private Timer latency(Category category) {
    return Timer.builder(TRIAGE_LATENCY)
        .description("From an alert's arrival to its stored triage report")
        .tag("category", category.name())
        .publishPercentileHistogram()
        .register(registry);
  }

  private Counter failed() {
    return Counter.builder(TRIAGE_FAILED)
        .description("Triages that ended in an error")
        .register(registry);
  }

  private Counter toolCounter(String tool, String status) {
    return Counter.builder(TOOL_CALLS)
        .description("Tool calls by tool and outcome")
        .tag("tool", tool)
        .tag("status", status)
        .register(registry);
  }

  private Counter approvals(String decision) {
    return Counter.builder(APPROVALS)
        .description("Approval decisions and refusals")
        .tag("decision", decision)
        .register(registry);
  }
}
