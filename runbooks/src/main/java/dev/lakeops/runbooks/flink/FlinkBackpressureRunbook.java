package dev.lakeops.runbooks.flink;

import dev.lakeops.runbooks.AlertSignal;
import dev.lakeops.runbooks.Category;
import dev.lakeops.runbooks.Confidence;
import dev.lakeops.runbooks.Runbook;
import dev.lakeops.runbooks.TriageReport;
import dev.lakeops.runbooks.Verdict;
import dev.lakeops.tools.Finding;
import dev.lakeops.tools.ToolReport;
import dev.lakeops.tools.flink.FlinkTools;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Triage of a Flink job that is late or backpressured: find the job the alert names, measure where
 * each vertex spends its time and locate the bottleneck.
 *
 * <p>The job comes from the labels Flink's Prometheus reporter exports ({@code job_id},
 * {@code job_name}) or from {@code flink_job}. The id is tried first; after a redeploy it is stale,
 * so the name is tried next.
 */
public final class FlinkBackpressureRunbook implements Runbook {

  /** Labels that name the job, most precise first. */
  static final List<String> JOB_ID_LABELS = List.of("job_id", "flink_job_id");
  static final List<String> JOB_NAME_LABELS = List.of("job_name", "flink_job", "flink_job_name");
  /** Words in an alert's name, summary or description that say "Flink job late or slow". */
  static final List<String> KEYWORDS =
      List.of("backpressure", "back-pressure", "back pressure", "backpressured", "busy", "delay", "lag", "late", "latency", "watermark", "throughput", "slow");

  private final FlinkTools flink;
  private final Clock clock;

  public FlinkBackpressureRunbook(FlinkTools flink, Clock clock) {
    this.flink = flink;
    this.clock = clock;
  }

  @Override
  public String id() {
    return "flink-backpressure";
  }

  @Override
  public Match match(AlertSignal alert) {
    boolean namesJob = alert.firstLabel(JOB_ID_LABELS.toArray(String[]::new)).isPresent()
        || alert.firstLabel(JOB_NAME_LABELS.toArray(String[]::new)).isPresent();
    if (!namesJob) {
      return Match.NONE;
    }
    String text = alert.text();
    return KEYWORDS.stream().anyMatch(text::contains) ? Match.LABEL : Match.KEYWORD;
  }

  @Override
  public TriageReport run(AlertSignal alert) {
    Instant started = clock.instant();
    List<ToolReport> reports = new ArrayList<>();
    Optional<String> jobId = alert.firstLabel(JOB_ID_LABELS.toArray(String[]::new));
    Optional<String> jobName = alert.firstLabel(JOB_NAME_LABELS.toArray(String[]::new));
    ToolReport report = null;
    if (jobId.isPresent()) {
      report = flink.backpressure(jobId.get());
      reports.add(report);
    }
    if (jobName.isPresent() && (report == null || report.status() == ToolReport.Status.NO_DATA)) {
      report = flink.backpressure(jobName.get());
      reports.add(report);
    }
    String job = jobName.orElseGet(jobId::orElseThrow);
    return new TriageReport(id(), alert, conclude(job, report), reports, started, clock.instant());
  }

  /** The verdict that one backpressure report supports. */
  static Verdict conclude(String job, ToolReport report) {
    Map<String, String> entities = new LinkedHashMap<>();
    entities.put("job", job);
    if (report.status() == ToolReport.Status.NO_DATA) {
      return new Verdict(Category.NOT_FOUND, report.error(), entities, List.of(), Confidence.HIGH,
          List.of("Check the job name in the alert rule against the cluster's job list (./lakeops flink triage --rest URL --job NAME prints it).",
              "If the job was redeployed under another name, update the alert's job_name label."));
    }
    if (report.status() != ToolReport.Status.OK) {
      return new Verdict(Category.PROBE_FAILED, "Could not read the Flink cluster: " + report.error(), entities, List.of(), Confidence.LOW,
          List.of("Check that lakeops.flink.rest-url points at the JobManager's REST endpoint and that it is reachable from lakeops."));
    }
    Optional<Finding> bottleneck = find(report, "flink.backpressure.bottleneck");
    if (bottleneck.isPresent()) {
      Finding f = bottleneck.get();
      entities.put("vertex", f.evidence().get("vertex"));
      entities.put("vertexId", f.evidence().get("vertexId"));
      List<String> evidence = new ArrayList<>(List.of(f.code()));
      List<String> actions = new ArrayList<>();
      if (find(report, "flink.backpressure.slow-sink").isPresent()) {
        evidence.add("flink.backpressure.slow-sink");
        actions.add("Check the system '" + f.evidence().get("vertex") + "' writes to: latency, throttling, locks, failed retries.");
      }
      actions.add("Raise the parallelism of '" + f.evidence().get("vertex") + "' or make it cheaper per record; compare its subtasks for key skew.");
      if ("true".equals(f.evidence().get("chained"))) {
        actions.add("The vertex chains several operators: set pipeline.operator-chaining: false temporarily to see which one is slow.");
      }
      actions.add("Expect checkpoints to slow down while backpressure lasts; consider unaligned checkpoints.");
      Confidence confidence = f.severity() == dev.lakeops.tools.Severity.CRITICAL ? Confidence.HIGH : Confidence.MEDIUM;
      return new Verdict(Category.BACKPRESSURE, f.summary(), entities, evidence, confidence, actions);
    }
    Optional<Finding> none = find(report, "flink.backpressure.none");
    if (none.isPresent()) {
      return new Verdict(Category.NO_BACKPRESSURE, none.get().summary(), entities, List.of(none.get().code()), Confidence.HIGH,
          List.of("If the alert is about delay, the cause is before the job: check the source's lag (Kafka) and its producers."));
    }
    Optional<Finding> notRunning = find(report, "flink.job.not-running");
    if (notRunning.isPresent()) {
      entities.put("state", notRunning.get().evidence().get("state"));
      return new Verdict(Category.JOB_NOT_RUNNING, notRunning.get().summary(), entities, List.of(notRunning.get().code()), Confidence.HIGH,
          List.of("Read the job's exception history (GET /v1/jobs/<id>/exceptions) and restart count."));
    }
    List<String> codes = report.findings().stream().map(Finding::code).toList();
    String headline = report.findings().isEmpty() ? "No findings." : report.findings().get(0).summary();
    return new Verdict(Category.INCONCLUSIVE, headline, entities, codes, Confidence.LOW,
        List.of("Probe again in a few seconds: Flink refreshes metrics every few seconds."));
  }

  private static Optional<Finding> find(ToolReport report, String code) {
    return report.findings().stream().filter(f -> f.code().equals(code)).findFirst();
  }
}
