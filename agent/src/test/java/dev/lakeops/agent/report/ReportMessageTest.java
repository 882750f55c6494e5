package dev.lakeops.agent.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakeops.agent.alert.AlertStatus;
import dev.lakeops.agent.chat.ChatReply;
import dev.lakeops.agent.chat.Language;
import dev.lakeops.agent.incident.Incident;
import dev.lakeops.agent.incident.IncidentStatus;
import dev.lakeops.runbooks.AlertSignal;
import dev.lakeops.runbooks.Category;
import dev.lakeops.runbooks.Confidence;
import dev.lakeops.runbooks.ProposedAction;
import dev.lakeops.runbooks.StepRecord;
import dev.lakeops.runbooks.TriageReport;
import dev.lakeops.runbooks.Verdict;
import dev.lakeops.runbooks.action.RiskTier;
import dev.lakeops.tools.Finding;
import dev.lakeops.tools.Severity;
import dev.lakeops.tools.ToolReport;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ReportMessageTest {

  private static final Instant T = Instant.parse("2024-06-01T10:00:00Z");
  private static final String URL = "http://lakeops.example:8080/";

  @Test
  void englishReportHasTitleHeadlineTopEvidenceNextActionsProposalsAndTheLink() {
    ChatReply reply = ReportMessage.render(triaged(), Language.EN, URL);

    String md = reply.markdown();
    assertThat(reply.language()).isEqualTo(Language.EN);
    assertThat(md)
        .startsWith("**Alert `FlinkJobBackpressured` — `BACKPRESSURE`** (confidence HIGH)");
    assertThat(md).contains("Vertex Sink is the bottleneck");
    assertThat(md).contains("**Evidence**\n- `flink.backpressure.high` — sink busy 98%");
    assertThat(md)
        .contains(
            "**Next actions**\n1. Raise the sink's parallelism\n2. Check the table's compaction\n");
    assertThat(md)
        .contains(
            "**Proposals** (awaiting approval, nothing has run)\n"
                + "- `propose-rescale`: `job.rescale` (REVERSIBLE) — sink is saturated");
    assertThat(md)
        .contains(
            "Incident `inc-1`, full report:"
                + " http://lakeops.example:8080/api/incidents/inc-1?format=markdown");
  }

  @Test
  void chineseReportSaysTheSameInChinese() {
    String md = ReportMessage.render(triaged(), Language.ZH_CN, URL).markdown();

    assertThat(md).startsWith("**告警 `FlinkJobBackpressured` — `BACKPRESSURE`** (置信度 HIGH)");
    assertThat(md).contains("**证据**\n- `flink.backpressure.high`");
    assertThat(md).contains("**下一步**\n1. Raise the sink's parallelism");
    assertThat(md).contains("**待审批的提议**（尚未执行）\n- `propose-rescale`: `job.rescale` (REVERSIBLE)");
    assertThat(md)
        .contains(
            "事件 `inc-1`，完整报告：http://lakeops.example:8080/api/incidents/inc-1?format=markdown");
  }

  @Test
  void onlyTheFirstThreeNextActionsAreListedAndTheRestCounted() {
    Incident incident = incident(report(List.of("a", "b", "c", "d", "e"), List.of()));

    String md = ReportMessage.render(incident, Language.EN, URL).markdown();

    assertThat(md).contains("3. c\n- ... 2 more in the full report");
    assertThat(md).doesNotContain("4. d");
    assertThat(ReportMessage.render(incident, Language.ZH_CN, URL).markdown())
        .contains("……另有 2 项，见完整报告");
  }

  @Test
  void noProposalsMeansNoProposalSection() {
    String md =
        ReportMessage.render(incident(report(List.of("x"), List.of())), Language.EN, URL)
            .markdown();

    assertThat(md).doesNotContain("Proposals");
  }

  @Test
  void alertTextCannotAddLinksOrMarkup() {
    Incident base = incident(report(List.of("see [here](http://evil) <b>now</b> *x*"), List.of()));

    String md = ReportMessage.render(base, Language.EN, URL).markdown();

    assertThat(md).contains("see \\[here\\](http://evil) &lt;b&gt;now&lt;/b&gt; \\*x\\*");
  }

  @Test
  void failedTriageSaysSoWithItsErrorAndTheLink() {
    Incident failed =
        incident(report(List.of(), List.of()))
            .failed("triage failed (IllegalStateException: boom)", T);

    String md = ReportMessage.render(failed, Language.EN, URL).markdown();

    assertThat(md).startsWith("**Alert `FlinkJobBackpressured` — triage failed**");
    assertThat(md)
        .contains("IllegalStateException: boom")
        .contains("/api/incidents/inc-1?format=markdown");
    assertThat(ReportMessage.render(failed, Language.ZH_CN, URL).markdown())
        .startsWith("**告警 `FlinkJobBackpressured` — 排查失败**");
  }

  @Test
  void repeatReplyNamesTheIncidentItJoined() {
    assertThat(ReportMessage.repeat(triaged(), Language.EN, URL).markdown())
        .isEqualTo(
            "Alert `FlinkJobBackpressured` still firing, joined incident `inc-1`: "
                + "http://lakeops.example:8080/api/incidents/inc-1?format=markdown\n");
    assertThat(ReportMessage.repeat(triaged(), Language.ZH_CN, URL).markdown())
        .startsWith("告警 `FlinkJobBackpressured` 仍在触发，已并入事件 `inc-1`：");
  }

  @Test
  void channelSyntaxIsKindColonTarget() {
    assertThat(ReportChannel.parse("slack:C0123"))
        .isEqualTo(new ReportChannel(ReportChannel.Kind.SLACK, "C0123"));
    assertThat(ReportChannel.parse("feishu:oc_abc").kind().threaded()).isTrue();
    assertThat(ReportChannel.parse("wecom-robot:k-1").kind())
        .isEqualTo(ReportChannel.Kind.WECOM_ROBOT);
    assertThat(
            ReportChannel.parse(
                    "dingtalk-robot:https://oapi.dingtalk.com/robot/send?access_token=x")
                .target())
        .isEqualTo("https://oapi.dingtalk.com/robot/send?access_token=x");
    assertThatThrownBy(() -> ReportChannel.parse("teams:abc"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("'teams:abc'")
        .hasMessageContaining("unknown kind 'teams'");
    assertThatThrownBy(() -> ReportChannel.parse("C0123"))
        .hasMessageContaining("expected <kind>:<target>");
    assertThatThrownBy(() -> ReportChannel.parse("feishu-webhook:abc"))
        .hasMessageContaining("webhook's http(s) URL");
  }

  private static Incident triaged() {
    return incident(
        report(
            List.of("Raise the sink's parallelism", "Check the table's compaction"),
            List.of(
                new ProposedAction(
                    "propose-rescale",
                    "job.rescale",
                    RiskTier.REVERSIBLE,
                    Map.of("parallelism", "8"),
                    List.of(),
                    "sink is saturated",
                    null))));
  }

  private static Incident incident(TriageReport report) {
    Map<String, String> labels =
        Map.of("alertname", "FlinkJobBackpressured", "job_name", "orders-to-lake");
    return new Incident(
            "inc-1",
            "c0ffee0000000001",
            T,
            IncidentStatus.TRIAGING,
            AlertStatus.FIRING,
            "FlinkJobBackpressured",
            labels,
            Map.of(),
            null,
            T,
            null,
            T,
            null,
            null)
        .triaged(report, T);
  }

  private static TriageReport report(List<String> nextActions, List<ProposedAction> proposals) {
    Finding busy =
        new Finding(
            Severity.CRITICAL,
            "flink.backpressure.high",
            "Sink",
            "sink busy 98%",
            Map.of(),
            List.of());
    Finding other =
        new Finding(
            Severity.INFO, "flink.checkpoint.ok", "job", "checkpoints fine", Map.of(), List.of());
    ToolReport tool =
        new ToolReport(
            ToolReport.Status.OK, "flink.backpressure", Map.of(), List.of(busy, other), null);
    Verdict verdict =
        new Verdict(
            Category.BACKPRESSURE,
            "Vertex Sink is the bottleneck",
            Map.of("vertex", "Sink"),
            List.of("locate#1"),
            Confidence.HIGH,
            nextActions,
            null,
            proposals);
    return new TriageReport(
        "backpressure",
        new AlertSignal(Map.of(), Map.of()),
        verdict,
        List.of(tool),
        T,
        T,
        List.of(new StepRecord("locate", "tool", "ok", 0, 5)));
  }
}
