package dev.lakeops.agent.store;

import dev.lakeops.agent.alert.AlertStatus;
import dev.lakeops.agent.incident.Incident;
import dev.lakeops.agent.incident.IncidentStatus;
import dev.lakeops.agent.llm.LlmAssessment;
import dev.lakeops.runbooks.AlertSignal;
import dev.lakeops.runbooks.Category;
import dev.lakeops.runbooks.Confidence;
import dev.lakeops.runbooks.ProposedAction;
import dev.lakeops.runbooks.RouteReason;
import dev.lakeops.runbooks.RouteScore;
import dev.lakeops.runbooks.Routing;
import dev.lakeops.runbooks.StepRecord;
import dev.lakeops.runbooks.TimeWindow;
import dev.lakeops.runbooks.TriageReport;
import dev.lakeops.runbooks.Verdict;
import dev.lakeops.runbooks.action.RiskTier;
import dev.lakeops.tools.Finding;
import dev.lakeops.tools.Severity;
import dev.lakeops.tools.ToolReport;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The stored documents the golden files hold, one per interesting shape: a backpressure verdict
 * with findings (and a tool that failed), duplicates with proposals (and a resolved alert), a
 * failed triage, an incident still triaging, an LLM review that stands and one that fell back.
 * Every value is fixed, so each writes the same JSON every time.
 */
public final class StoredSamples {

  static final Instant AT = Instant.parse("2026-11-30T03:00:00Z");

  private StoredSamples() {}

  /** Sample incidents by golden file name. */
  public static Map<String, Incident> incidents() {
    Map<String, Incident> out = new LinkedHashMap<>();
    out.put("backpressure-triaged", backpressure());
    out.put("duplicates-proposals", duplicates());
    out.put("failed-triage", failed());
    out.put("triaging", triaging());
    return out;
  }

  /** Sample LLM reviews by golden file name. */
  /**
   * {@link #incidents()} and the ones of fields added since format 1 without a version change (an
   * older document reads without them): the alert's rule link, values and start.
   */
  public static Map<String, Incident> currentIncidents() {
    Map<String, Incident> out = new LinkedHashMap<>(incidents());
    out.put("grafana-values-triaged", grafanaValues());
    out.put("routed-with-neighbours-and-changes", routedWithChanges());
    return out;
  }

  /** The LLM assessments format 1 could hold: reviews. */
  public static Map<String, LlmAssessment> assessments() {
    Map<String, LlmAssessment> out = new LinkedHashMap<>();
    out.put("llm-review", llmReview());
    out.put("llm-fallback", llmFallback());
    return out;
  }

  /**
   * {@link #assessments()} and the ones of fields added since format 1 without a version change (an
   * older document reads without them): an investigation's mode.
   */
  public static Map<String, LlmAssessment> currentAssessments() {
    Map<String, LlmAssessment> out = new LinkedHashMap<>(assessments());
    out.put("llm-investigation", llmInvestigation());
    return out;
  }

  public static Incident backpressure() {
    Map<String, String> labels =
        ordered(
            "alertname",
            "FlinkJobBackpressured",
            "job_name",
            "orders-to-lake",
            "severity",
            "critical");
    Map<String, String> annotations =
        ordered("summary", "orders-to-lake is backpressured", "description", "busy 98% for 10m");
    Finding job =
        new Finding(
            Severity.OK,
            "flink.job.running",
            "flink job orders-to-lake",
            "The job is RUNNING.",
            Map.of("status", "RUNNING"),
            List.of("GET http://flink:8081/v1/jobs/overview"));
    Finding bottleneck =
        new Finding(
            Severity.CRITICAL,
            "flink.backpressure.bottleneck",
            "flink job orders-to-lake / vertex lake-writer",
            "lake-writer is the bottleneck: busy 981 ms/s while its inputs are backpressured.",
            ordered(
                "vertex", "lake-writer", "busyMsPerSecond", "981", "backpressuredUpstream", "2"),
            List.of(
                "GET http://flink:8081/v1/jobs/3f1c/vertices/9a2d/backpressure",
                "GET http://flink:8081/v1/jobs/3f1c/vertices/9a2d/metrics"));
    Finding skew =
        new Finding(
            Severity.WARN,
            "flink.backpressure.skew",
            "flink job orders-to-lake / vertex lake-writer",
            "Subtask 3 takes 4x the records of the median.",
            ordered("subtask", "3", "ratio", "4.1"),
            List.of());
    List<ToolReport> tools =
        List.of(
            new ToolReport(
                ToolReport.Status.OK,
                "flink.job",
                Map.of("job", "orders-to-lake"),
                List.of(job),
                null),
            new ToolReport(
                ToolReport.Status.OK,
                "flink.backpressure",
                Map.of("job", "orders-to-lake"),
                List.of(bottleneck, skew),
                null),
            new ToolReport(
                ToolReport.Status.ERROR,
                "flink.checkpoints",
                Map.of("job", "orders-to-lake"),
                List.of(),
                "Flink REST at http://flink:8081 timed out after 10s at GET"
                    + " /v1/jobs/3f1c/checkpoints"));
    Verdict verdict =
        new Verdict(
            Category.BACKPRESSURE,
            "lake-writer is the bottleneck of orders-to-lake.",
            ordered("job", "orders-to-lake", "vertex", "lake-writer"),
            List.of("backpressure#1", "backpressure#2"),
            Confidence.HIGH,
            List.of("Raise the parallelism of 'lake-writer'.", "Check the sink's write latency."),
            new TimeWindow(AT.minusSeconds(600), AT),
            List.of());
    List<StepRecord> steps =
        List.of(
            new StepRecord("job", "probe", "OK", 0, 41),
            new StepRecord("backpressure", "probe", "OK", 1, 230),
            new StepRecord("checkpoints", "probe", "ERROR", 2, 10_002),
            new StepRecord("conclude", "branch", "bottleneck", -1, 0),
            new StepRecord("bottleneck", "end", "BACKPRESSURE", -1, 0));
    TriageReport report =
        new TriageReport(
            "flink-backpressure",
            new AlertSignal(labels, annotations),
            verdict,
            tools,
            AT.plusMillis(120),
            AT.plusMillis(10_520),
            steps);
    return new Incident(
        "0b5e7c1a-7d1f-4c3e-9a55-1f0c2b3d4e5f",
        "1a30ba71cca2921f",
        AT.minusSeconds(60),
        IncidentStatus.TRIAGED,
        AlertStatus.FIRING,
        "FlinkJobBackpressured",
        labels,
        annotations,
        "{}:{alertname=\"FlinkJobBackpressured\"}",
        AT,
        null,
        AT.plusMillis(10_530),
        report,
        null);
  }

  /** A Grafana alert with its rule link and values, triaged by a runbook that found no fault. */
  public static Incident grafanaValues() {
    Map<String, String> labels =
        ordered("alertname", "OrdersSinkLag", "consumergroup", "orders-sink", "topic", "orders");
    Map<String, String> annotations = ordered("summary", "orders-sink is behind");
    String generatorUrl = "http://grafana:3000/alerting/grafana/ab12/view?orgId=1";
    String values = "[ var='A' labels={consumergroup=orders-sink} value=48211 ]";
    TriageReport report =
        new TriageReport(
            "kafka-consumer-lag",
            new AlertSignal(labels, annotations, generatorUrl, values, AT.minusSeconds(300)),
            new Verdict(
                Category.INCONCLUSIVE,
                "Kafka lag of orders-sink could not be measured",
                Map.of(),
                List.of(),
                Confidence.LOW,
                List.of()),
            List.of(),
            AT.plusMillis(10),
            AT.plusMillis(20),
            List.of());
    return new Incident(
        "5f6e7d8c-9b0a-4c1d-8e2f-3a4b5c6d7e8f",
        "00112233aabbccdd",
        AT.minusSeconds(300),
        IncidentStatus.TRIAGED,
        AlertStatus.FIRING,
        "OrdersSinkLag",
        labels,
        annotations,
        null,
        AT,
        null,
        AT.plusMillis(30),
        report,
        null,
        generatorUrl,
        values);
  }

  /**
   * A restart alert on a backpressured job: two runbooks ran, the routing says why, and the verdict
   * says what changed before the alert.
   */
  public static Incident routedWithChanges() {
    Map<String, String> labels = ordered("alertname", "FlinkJobRestarts", "job_name", "orders");
    Map<String, String> annotations = ordered("summary", "orders restarts");
    AlertSignal alert =
        new AlertSignal(
            labels,
            annotations,
            "http://prometheus:9090/graph?g0.expr=flink_jobmanager_job_numRestarts",
            null,
            AT.minusSeconds(60));
    Verdict restartNone =
        new Verdict(
            Category.NO_FAULT,
            "The job runs without restarts.",
            ordered("job", "orders"),
            List.of("flink.restart.none"),
            Confidence.HIGH,
            List.of());
    TriageReport restarts =
        new TriageReport(
            "flink-restart-loop",
            alert,
            restartNone,
            List.of(),
            AT.plusMillis(1),
            AT.plusMillis(5),
            List.of());
    Verdict backpressure =
        new Verdict(
            Category.BACKPRESSURE,
            "The alert's claim (flink.restarts) was not confirmed: the job runs without restarts."
                + " What is wrong: lake-writer is the bottleneck.",
            ordered("job", "orders", "vertex", "lake-writer"),
            List.of("flink.backpressure.bottleneck"),
            Confidence.HIGH,
            List.of("Scale the sink."),
            null,
            List.of(),
            List.of(
                "changed 7 minutes before the alert: job orders resubmitted (parallelism 2 → 4)"));
    Routing routing =
        new Routing(
            ordered("flink.job", "orders"),
            List.of("flink_jobmanager_job_numRestarts"),
            List.of("flink.restarts: metric flink_jobmanager_job_numRestarts"),
            List.of(
                new RouteScore(
                    "flink-restart-loop",
                    10.5,
                    List.of(
                        new RouteReason(
                            RouteReason.Kind.METRIC, "flink_jobmanager_job_numRestarts", 10)),
                    List.of(),
                    RouteScore.Outcome.RAN),
                new RouteScore(
                    "flink-backpressure", 1.0, List.of(), List.of(), RouteScore.Outcome.RAN)),
            List.of("the alert's runbooks found nothing wrong; ran the flink-job hop's others"));
    TriageReport report =
        new TriageReport(
            "flink-backpressure",
            alert,
            backpressure,
            List.of(),
            AT.plusMillis(1),
            AT.plusMillis(9),
            List.of(),
            routing,
            List.of(restarts));
    return new Incident(
        "6a7b8c9d-0e1f-4a2b-9c3d-4e5f6a7b8c9d",
        "99887766aabbccdd",
        AT.minusSeconds(60),
        IncidentStatus.TRIAGED,
        AlertStatus.FIRING,
        "FlinkJobRestarts",
        labels,
        annotations,
        null,
        AT,
        null,
        AT.plusMillis(30),
        report,
        null,
        alert.generatorUrl(),
        null);
  }

  static Incident duplicates() {
    Map<String, String> labels =
        ordered("alertname", "LakeTableDuplicateKeys", "table", "shop.orders");
    Finding visible =
        new Finding(
            Severity.CRITICAL,
            "table.duplicates.visible",
            "table shop.orders",
            "12 keys are visible twice.",
            ordered("duplicateKeys", "12", "sample", "order_id=1001"),
            List.of("scan shop.orders snapshot 42"));
    Finding newUser =
        new Finding(
            Severity.WARN,
            "table.commit.new-user",
            "table shop.orders",
            "Commit user changed at snapshot 40 and identifiers started over.",
            ordered(
                "newUser",
                "writer-b",
                "previousUser",
                "writer-a",
                "firstSnapshot",
                "40",
                "lastSnapshotBeforeNewUser",
                "39"),
            List.of());
    List<ToolReport> tools =
        List.of(
            new ToolReport(
                ToolReport.Status.OK,
                "table.duplicate_keys",
                ordered("table", "shop.orders", "location", "/lake/shop.db/orders"),
                List.of(visible),
                null),
            new ToolReport(
                ToolReport.Status.OK,
                "table.commit_timeline",
                Map.of("table", "shop.orders"),
                List.of(newUser),
                null),
            new ToolReport(
                ToolReport.Status.NO_DATA,
                "table.tags",
                Map.of("table", "shop.orders"),
                List.of(),
                "no tags in /lake/shop.db/orders"));
    List<ProposedAction> proposals =
        List.of(
            new ProposedAction(
                "propose-tag",
                "table.create_tag",
                RiskTier.REVERSIBLE,
                ordered(
                    "table", "/lake/shop.db/orders", "tag", "before-rollback-42", "snapshot", "42"),
                List.of(),
                "Keep the current state (snapshot 42, with the duplicates) reachable under a tag"
                    + " before rolling back.",
                null),
            new ProposedAction(
                "propose-rollback",
                "table.rollback_to_as_latest",
                RiskTier.REVERSIBLE,
                ordered("table", "/lake/shop.db/orders", "snapshot", "39"),
                List.of(),
                "Commit user writer-b started at snapshot 40; snapshot 39 is the last one before"
                    + " it.",
                "approve-rollback"),
            new ProposedAction(
                "propose-expire",
                "table.expire_snapshots",
                RiskTier.DESTRUCTIVE,
                Map.of("table", "/lake/shop.db/orders"),
                List.of("older-than"),
                "",
                null));
    Verdict verdict =
        new Verdict(
            Category.DUPLICATES,
            "12 keys of shop.orders are visible twice after writer-b took over.",
            ordered("table", "shop.orders", "snapshot", "42"),
            List.of("duplicate-keys#1", "timeline#1"),
            Confidence.MEDIUM,
            List.of("Approve the tag, then the rollback."),
            null,
            proposals);
    TriageReport report =
        new TriageReport(
            "table-duplicates-after-failover",
            new AlertSignal(labels, Map.of()),
            verdict,
            tools,
            AT,
            AT.plusSeconds(3),
            List.of(
                new StepRecord("duplicate-keys", "probe", "OK", 0, 1800),
                new StepRecord("timeline", "probe", "OK", 1, 900)));
    return new Incident(
        "5d2f1e0c-3b4a-4f6e-8d7c-0a1b2c3d4e5f",
        "77aa00ff11ee22dd",
        AT.minusSeconds(300),
        IncidentStatus.TRIAGED,
        AlertStatus.RESOLVED,
        "LakeTableDuplicateKeys",
        labels,
        Map.of(),
        null,
        AT,
        AT.plusSeconds(3600),
        AT.plusSeconds(3600),
        report,
        null);
  }

  public static Incident failed() {
    Map<String, String> labels =
        ordered("alertname", "KafkaConsumerLag", "consumergroup", "orders-sink", "topic", "orders");
    return new Incident(
        "9c8b7a6f-5e4d-4c3b-a2a1-0f9e8d7c6b5a",
        "0123456789abcdef",
        AT,
        IncidentStatus.FAILED,
        AlertStatus.FIRING,
        "KafkaConsumerLag",
        labels,
        Map.of(),
        null,
        AT.plusSeconds(5),
        null,
        AT.plusSeconds(6),
        null,
        "triage failed (IllegalStateException: no Kafka cluster named 'prod')");
  }

  static Incident triaging() {
    return new Incident(
        "1e2d3c4b-5a69-4788-9a0b-c1d2e3f4a5b6",
        "fedcba9876543210",
        AT,
        IncidentStatus.TRIAGING,
        AlertStatus.FIRING,
        "(unnamed alert)",
        Map.of("job", "node"),
        Map.of("summary", "没有名字的告警"),
        null,
        AT,
        null,
        AT,
        null,
        null);
  }

  static LlmAssessment llmReview() {
    Verdict deterministic = backpressure().report().verdict();
    Verdict llm =
        new Verdict(
            Category.BACKPRESSURE,
            "lake-writer is slow because subtask 3 is skewed.",
            ordered("job", "orders-to-lake", "vertex", "lake-writer", "subtask", "3"),
            List.of("flink.backpressure.skew"),
            Confidence.MEDIUM,
            List.of("Rebalance the keys of lake-writer.", "Raise its parallelism."));
    return new LlmAssessment(
        "0b5e7c1a-7d1f-4c3e-9a55-1f0c2b3d4e5f",
        "openai",
        "qwen2.5-7b-instruct",
        LlmAssessment.LLM,
        "the model's verdict passed validation and agrees with the deterministic category",
        llm,
        deterministic,
        llm,
        null,
        2,
        List.of("jobState", "backpressure"),
        4147,
        List.of("p-7"),
        AT.plusSeconds(11),
        AT.plusSeconds(19));
  }

  static LlmAssessment llmFallback() {
    Verdict deterministic = duplicates().report().verdict();
    return new LlmAssessment(
        "5d2f1e0c-3b4a-4f6e-8d7c-0a1b2c3d4e5f",
        "ollama",
        "qwen2.5:7b",
        LlmAssessment.DETERMINISTIC,
        "fallback: timeout: no verdict within lakeops.llm.max-duration=PT2M",
        deterministic,
        deterministic,
        null,
        "timeout: no verdict within lakeops.llm.max-duration=PT2M",
        0,
        List.of(),
        0,
        List.of(),
        AT.plusSeconds(4),
        AT.plusSeconds(126));
  }

  /** An investigation of an alert no runbook fits: the model's verdict stands. */
  static LlmAssessment llmInvestigation() {
    Verdict deterministic =
        new Verdict(
            Category.NO_RUNBOOK,
            "No runbook fits alert 'CdcReplicaChecksum': lakeops read label host=db-1.",
            ordered("labels", "host=db-1", "metrics", "none", "signals", "none"),
            List.of(),
            Confidence.LOW,
            List.of("Pin a runbook for the rule."));
    Verdict llm =
        new Verdict(
            Category.BINLOG_CORRUPTION,
            "mariadb-bin.000002 has a CRC mismatch at 1961.",
            ordered("binlogFile", "mariadb-bin.000002", "binlogOffset", "1961"),
            List.of("binlog.crc-mismatch"),
            Confidence.MEDIUM,
            List.of("Plan the CDC restart past the damage with binlog_plan."));
    return new LlmAssessment(
        "8c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f",
        "anthropic",
        "claude-sonnet-4-5",
        LlmAssessment.LLM,
        "the model's verdict passed validation and cites findings binlog.crc-mismatch",
        llm,
        deterministic,
        llm,
        null,
        3,
        List.of("flink_jobs", "binlog_verify", "binlog_events"),
        9120,
        List.of(),
        AT.plusSeconds(5),
        AT.plusSeconds(17),
        LlmAssessment.Mode.INVESTIGATION);
  }

  /** A map in the order given: the golden files show whether the order survives. */
  private static Map<String, String> ordered(String... keysAndValues) {
    Map<String, String> out = new LinkedHashMap<>();
    for (int i = 0; i < keysAndValues.length; i += 2) {
      out.put(keysAndValues[i], keysAndValues[i + 1]);
    }
    return out;
  }
}
