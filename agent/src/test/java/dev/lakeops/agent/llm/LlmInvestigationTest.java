package dev.lakeops.agent.llm;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.runbooks.AlertSignal;
import dev.lakeops.runbooks.Category;
import dev.lakeops.runbooks.Confidence;
import dev.lakeops.runbooks.TriageReport;
import dev.lakeops.runbooks.Verdict;
import dev.lakeops.tools.Finding;
import dev.lakeops.tools.Severity;
import dev.lakeops.tools.ToolReport;
import dev.langchain4j.model.chat.request.ChatRequest;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * When the model investigates instead of reviewing, and what the investigation is given and may
 * cite. The conversations themselves go over the wire in {@link AbstractConversationTest}.
 */
class LlmInvestigationTest {

  @TempDir Path dir;

  private final ExecutorService threads = LlmFixtures.threads();

  @AfterEach
  void stop() {
    threads.shutdownNow();
  }

  private LlmAssessment run(ScriptedChatModel model, TriageReport report) {
    return new LlmTriage(
            model,
            "openai",
            "scripted",
            LlmFixtures.toolbox(new InMemoryProposals(), threads, dir),
            LlmLimits.defaults(),
            threads,
            Clock.systemUTC(),
            LlmFixtures.metrics())
        .review("inc-9", report);
  }

  /** A report whose one tool found a skewed subtask, concluding {@code category}. */
  private static TriageReport withSkewFinding(Category category) {
    Finding skew =
        new Finding(
            Severity.WARN,
            "flink.backpressure.skew",
            "orders-to-lake/lake-writer",
            "subtask 3 holds 80% of the records",
            Map.of("subtask", "3"),
            List.of());
    Instant at = Instant.parse("2026-11-30T03:00:00Z");
    return new TriageReport(
        "flink-backpressure",
        new AlertSignal(Map.of("alertname", "OrdersSlow", "job_name", "orders-to-lake"), Map.of()),
        new Verdict(
            category,
            "The figures do not support a conclusion.",
            Map.of("job", "orders-to-lake"),
            List.of("tool-0#1"),
            Confidence.LOW,
            List.of()),
        List.of(
            new ToolReport(
                ToolReport.Status.OK, "flink.backpressure", Map.of(), List.of(skew), null)),
        at,
        at);
  }

  private static String citing(String category, String evidence) {
    return """
    {"category":"%s","summary":"lake-writer is slow because subtask 3 is skewed.",
     "entities":{"job":"orders-to-lake"},"evidence":["%s"],"confidence":"MEDIUM","nextActions":[]}\
    """
        .formatted(category, evidence);
  }

  @Test
  void investigatesWhenNoRunbookFitsOrTheVerdictIsInconclusiveAndReviewsOtherwise() {
    assertThat(LlmTriage.modeFor(LlmFixtures.noRunbookReport()))
        .isEqualTo(LlmAssessment.Mode.INVESTIGATION);
    assertThat(LlmTriage.modeFor(withSkewFinding(Category.INCONCLUSIVE)))
        .isEqualTo(LlmAssessment.Mode.INVESTIGATION);
    assertThat(LlmTriage.modeFor(withSkewFinding(Category.BACKPRESSURE)))
        .isEqualTo(LlmAssessment.Mode.REVIEW);
    assertThat(LlmTriage.modeFor(LlmFixtures.deterministicReport(Map.of())))
        .isEqualTo(LlmAssessment.Mode.REVIEW);
  }

  @Test
  void theInvestigationGetsTheRoutingAndTheFindingsAsDataAndTheToolsOnlyAsDeclarations() {
    ScriptedChatModel model = new ScriptedChatModel().answers(LlmTriageTest.deterministicAnswer());

    LlmAssessment assessment = run(model, LlmFixtures.noRunbookReport());

    ChatRequest first = model.requests().get(0);
    assertThat(ScriptedChatModel.systemText(first)).isEqualTo(TriagePrompt.INVESTIGATION_SYSTEM);
    String user = ScriptedChatModel.userTexts(first).get(0);
    assertThat(user)
        .startsWith(
            "No runbook explains the incident below: the deterministic verdict is NO_RUNBOOK.")
        .contains("\"routing\"")
        .contains("\"alertname\" : \"ReplicaChecksumErrors\"")
        .doesNotContain("binlog_verify")
        .doesNotContain("propose_action");
    PromptInjectionTest.assertOnlyInsideTheDataBlock(user, "ReplicaChecksumErrors");
    assertThat(first.toolSpecifications())
        .extracting(s -> s.name())
        .containsExactlyElementsOf(
            LlmFixtures.toolbox(new InMemoryProposals(), threads, dir).toolNames());
    assertThat(assessment.mode()).isEqualTo(LlmAssessment.Mode.INVESTIGATION);
    assertThat(assessment.toMarkdown()).startsWith("**LLM investigation** (openai scripted)");
  }

  @Test
  void anInvestigationMayCiteTheIdOfAFindingTheRunbooksReturned() {
    ScriptedChatModel model = new ScriptedChatModel().answers(citing("BACKPRESSURE", "tool-0#1"));

    LlmAssessment assessment = run(model, withSkewFinding(Category.INCONCLUSIVE));

    String user = ScriptedChatModel.userTexts(model.requests().get(0)).get(0);
    assertThat(user).contains("\"id\" : \"tool-0#1\"").contains("flink.backpressure.skew");
    assertThat(assessment.fallback()).isNull();
    assertThat(assessment.finalVerdict()).isEqualTo(LlmAssessment.LLM);
    assertThat(assessment.verdict().category()).isEqualTo(Category.BACKPRESSURE);
    assertThat(assessment.verdict().evidence()).containsExactly("tool-0#1");
  }

  @Test
  void aReviewStillCitesOnlyFindingCodesAsBefore() {
    ScriptedChatModel model = new ScriptedChatModel().answers(citing("BACKPRESSURE", "tool-0#1"));

    LlmAssessment assessment = run(model, withSkewFinding(Category.BACKPRESSURE));

    assertThat(ScriptedChatModel.systemText(model.requests().get(0)))
        .isEqualTo(TriagePrompt.SYSTEM);
    assertThat(assessment.mode()).isEqualTo(LlmAssessment.Mode.REVIEW);
    assertThat(assessment.fallback())
        .isEqualTo("invalid verdict: evidence 'tool-0#1' is not a finding of this incident");
    assertThat(assessment.toMarkdown()).startsWith("**LLM review** (openai scripted)");
  }

  @Test
  void anInvestigationCitingAnIdNoFindingHasIsRefused() {
    ScriptedChatModel model = new ScriptedChatModel().answers(citing("BACKPRESSURE", "tool-0#2"));

    LlmAssessment assessment = run(model, withSkewFinding(Category.INCONCLUSIVE));

    assertThat(assessment.fallback())
        .isEqualTo("invalid verdict: evidence 'tool-0#2' is not a finding of this incident");
    assertThat(assessment.verdict().category()).isEqualTo(Category.INCONCLUSIVE);
  }
}
