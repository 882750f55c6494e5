package dev.lakeops.agent.console;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.runbooks.AlertSignal;
import dev.lakeops.runbooks.Category;
import dev.lakeops.runbooks.Confidence;
import dev.lakeops.runbooks.TriageReport;
import dev.lakeops.runbooks.Verdict;
import dev.lakeops.tools.Finding;
import dev.lakeops.tools.Severity;
import dev.lakeops.tools.ToolReport;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class IncidentEntityTest {

  private static Verdict verdict(Map<String, String> entities, List<String> evidence) {
    return new Verdict(
        Category.BACKPRESSURE, "headline", entities, evidence, Confidence.HIGH, List.of());
  }

  private static Map<String, String> ordered(String... kv) {
    Map<String, String> m = new LinkedHashMap<>();
    for (int i = 0; i < kv.length; i += 2) {
      m.put(kv[i], kv[i + 1]);
    }
    return m;
  }

  private static Finding finding(Severity severity, String code) {
    return new Finding(severity, code, "subject", "summary", Map.of(), List.of());
  }

  private static TriageReport report(Verdict verdict) {
    ToolReport flink =
        new ToolReport(
            ToolReport.Status.OK,
            "flink.backpressure",
            Map.of(),
            List.of(
                finding(Severity.INFO, "flink.job.running"),
                finding(Severity.CRITICAL, "flink.backpressure.bottleneck")),
            null);
    ToolReport kafka =
        new ToolReport(
            ToolReport.Status.OK,
            "kafka.consumerLag",
            Map.of(),
            List.of(finding(Severity.WARN, "kafka.lag.growing")),
            null);
    Instant t = Instant.parse("2026-12-01T18:00:00Z");
    return new TriageReport(
        "flink-backpressure",
        new AlertSignal(Map.of(), Map.of()),
        verdict,
        List.of(flink, kafka),
        t,
        t);
  }

  @Test
  void takesTheFirstJobGroupTableOrBinlogTheVerdictNames() {
    assertThat(IncidentEntity.of(verdict(ordered("cluster", "eu", "job", "orders"), List.of())))
        .contains(new IncidentEntity(IncidentEntity.Kind.JOB, "orders"));
    assertThat(
            IncidentEntity.of(
                verdict(ordered("cluster", "eu", "group", "orders-cg", "job", "x"), List.of())))
        .contains(new IncidentEntity(IncidentEntity.Kind.GROUP, "orders-cg"));
    assertThat(IncidentEntity.of(verdict(ordered("table", "db.orders"), List.of())))
        .contains(new IncidentEntity(IncidentEntity.Kind.TABLE, "db.orders"));
    assertThat(
            IncidentEntity.of(
                verdict(ordered("binlogFile", "/var/lib/mysql/mariadb-bin.000042"), List.of())))
        .contains(
            new IncidentEntity(IncidentEntity.Kind.BINLOG, "/var/lib/mysql/mariadb-bin.000042"));
  }

  @Test
  void namesNothingWhenTheVerdictNamesNoneOfTheFourOrOnlyBlanks() {
    assertThat(IncidentEntity.of(verdict(ordered("metrics", "x", "signals", "y"), List.of())))
        .isEmpty();
    assertThat(IncidentEntity.of(verdict(ordered("job", " ", "cluster", "eu"), List.of())))
        .isEmpty();
    assertThat(IncidentEntity.of(verdict(Map.of(), List.of()))).isEmpty();
  }

  @Test
  void severityIsTheWorstAmongTheCitedFindingsOnly() {
    assertThat(IncidentEntity.severity(report(verdict(Map.of(), List.of("tool-0#1", "tool-1#1")))))
        .contains(Severity.WARN);
    assertThat(IncidentEntity.severity(report(verdict(Map.of(), List.of("tool-0#2", "tool-0#1")))))
        .contains(Severity.CRITICAL);
    assertThat(IncidentEntity.severity(report(verdict(Map.of(), List.of("tool-0#1")))))
        .contains(Severity.INFO);
  }

  @Test
  void severityIsEmptyWhenTheVerdictCitesNoFinding() {
    assertThat(IncidentEntity.severity(report(verdict(Map.of(), List.of())))).isEmpty();
    assertThat(IncidentEntity.severity(report(verdict(Map.of(), List.of("no-such#9", "a.code")))))
        .isEmpty();
  }

  @Test
  void kindsAreFoundByTheirLowerCaseNameOnly() {
    assertThat(IncidentEntity.Kind.find("TABLE")).contains(IncidentEntity.Kind.TABLE);
    assertThat(IncidentEntity.Kind.find("binlog")).contains(IncidentEntity.Kind.BINLOG);
    assertThat(IncidentEntity.Kind.find("binlogFile")).isEmpty();
    assertThat(IncidentEntity.Kind.find("vertex")).isEmpty();
  }
}
