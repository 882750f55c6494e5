package dev.lakeops.agent.incident;

import dev.lakeops.agent.alert.AlertStatus;
import dev.lakeops.runbooks.AlertSignal;
import dev.lakeops.runbooks.Category;
import dev.lakeops.runbooks.Confidence;
import dev.lakeops.runbooks.TriageReport;
import dev.lakeops.runbooks.Verdict;
import dev.lakeops.tools.Finding;
import dev.lakeops.tools.Severity;
import dev.lakeops.tools.ToolReport;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/** Incidents and reports for store tests. */
public final class SampleIncidents {

  static final Map<String, String> LABELS =
      Map.of("alertname", "FlinkJobBackpressured", "job_name", "orders-to-lake");
  static final Map<String, String> ANNOTATIONS =
      Map.of("summary", "orders-to-lake is backpressured");

  private SampleIncidents() {}

  public static Incident firing(Instant receivedAt) {
    return new Incident(
        IncidentId.next(),
        "1a30ba71cca2921f",
        receivedAt.minusSeconds(60),
        IncidentStatus.TRIAGING,
        AlertStatus.FIRING,
        "FlinkJobBackpressured",
        LABELS,
        ANNOTATIONS,
        "{}:{alertname=\"FlinkJobBackpressured\"}",
        receivedAt,
        null,
        receivedAt,
        null,
        null);
  }

  static TriageReport backpressureReport(Instant at) {
    Finding bottleneck =
        new Finding(
            Severity.CRITICAL,
            "flink.backpressure.bottleneck",
            "flink job orders-to-lake / vertex lake-writer",
            "lake-writer is the bottleneck",
            Map.of("vertex", "lake-writer", "busyMsPerSecond", "981"),
            List.of("GET http://flink:8081/v1/jobs/abc/vertices/def/metrics"));
    ToolReport tool =
        new ToolReport(
            ToolReport.Status.OK,
            "flink.backpressure",
            Map.of("job", "orders-to-lake"),
            List.of(bottleneck),
            null);
    Verdict verdict =
        new Verdict(
            Category.BACKPRESSURE,
            "lake-writer is the bottleneck",
            Map.of("job", "orders-to-lake"),
            List.of("flink.backpressure.bottleneck"),
            Confidence.HIGH,
            List.of("Raise the parallelism of 'lake-writer'."));
    return new TriageReport(
        "flink-backpressure",
        new AlertSignal(LABELS, ANNOTATIONS),
        verdict,
        List.of(tool),
        at,
        at.plusMillis(1500));
  }

  static TriageReport noRunbookReport(Instant at) {
    Verdict verdict =
        new Verdict(
            Category.NO_RUNBOOK, "No runbook fits", Map.of(), List.of(), Confidence.LOW, List.of());
    return new TriageReport(
        "none",
        new AlertSignal(Map.of("alertname", "DiskFull"), Map.of()),
        verdict,
        List.of(),
        at,
        at);
  }
}
