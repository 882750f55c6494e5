package dev.lakeops.agent.llm;

import static dev.lakeops.agent.llm.ScriptedChatModel.toolResults;
import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.runbooks.AlertSignal;
import dev.lakeops.runbooks.Category;
import dev.lakeops.runbooks.Confidence;
import dev.lakeops.runbooks.TriageReport;
import dev.lakeops.runbooks.Verdict;
import dev.lakeops.tools.Finding;
import dev.lakeops.tools.Severity;
import dev.lakeops.tools.ToolReport;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.model.chat.request.ChatRequest;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The real AiServices loop over the real tools, driven by a scripted model. */
class LlmTriageTest {

  @TempDir Path dir;

  private final ExecutorService threads = LlmFixtures.threads();
  private final InMemoryProposals proposals = new InMemoryProposals();

  @AfterEach
  void stop() {
    threads.shutdownNow();
  }

  private LlmTriage triage(ScriptedChatModel model, LlmLimits limits) {
    return new LlmTriage(
        model,
        "openai",
        "scripted",
        LlmFixtures.toolbox(proposals, threads, dir),
        limits,
        threads,
        Clock.systemUTC(),
        LlmFixtures.metrics());
  }

  @Test
  void acceptsAVerdictCitingAFindingThatTheBinlogToolReturned() {
    Path damaged = LlmFixtures.damagedBinlog(dir);
    ScriptedChatModel model =
        new ScriptedChatModel()
            .callsTool("call-1", "binlog_verify", LlmFixtures.json(damaged.toString()))
            .then(
                r ->
                    ScriptedChatModel.text(
                        """
                        {"category":"INCONCLUSIVE","summary":"Flink is unreachable; the binlog has a CRC mismatch at 1961.",
                         "entities":{"job":"orders-to-lake","binlog":"mariadb-10.11-crc32.000002"},
                         "evidence":["%s"],"confidence":"MEDIUM","nextActions":["Restart the CDC source after the damage"]}\
                        """
                            .formatted(firstCode(toolResults(r).get(0).text()))));
    TriageReport report = LlmFixtures.deterministicReport(Map.of());

    LlmAssessment assessment = triage(model, LlmLimits.defaults()).review("inc-1", report);

    ToolExecutionResultMessage result = toolResults(model.requests().get(1)).get(0);
    assertThat(result.id()).isEqualTo("call-1");
    assertThat(result.toolName()).isEqualTo("binlog_verify");
    assertThat(result.text()).contains("\"status\":\"OK\"").contains("binlog.");
    assertThat(assessment.fallback()).isNull();
    assertThat(assessment.finalVerdict()).isEqualTo(LlmAssessment.LLM);
    assertThat(assessment.verdict().category()).isEqualTo(Category.INCONCLUSIVE);
    assertThat(assessment.deterministic().category()).isEqualTo(Category.PROBE_FAILED);
    assertThat(assessment.toolCalls()).isEqualTo(1);
    assertThat(assessment.tokens()).isEqualTo(240);
  }

  @Test
  void sendsTheDeterministicVerdictFirstAsDataAndEveryToolToTheModel() {
    ScriptedChatModel model = new ScriptedChatModel().answers(deterministicAnswer());
    TriageReport report = LlmFixtures.deterministicReport(Map.of("summary", "orders job is slow"));

    triage(model, LlmLimits.defaults()).review("inc-2", report);

    ChatRequest first = model.requests().get(0);
    String user = ScriptedChatModel.userTexts(first).get(0);
    assertThat(user).contains(DataBlock.OPEN).contains(DataBlock.CLOSE);
    assertThat(user.indexOf("\"deterministic\"")).isLessThan(user.indexOf("\"findings\""));
    assertThat(user).contains("\"category\" : \"PROBE_FAILED\"").contains("orders job is slow");
    assertThat(first.toolSpecifications())
        .extracting(s -> s.name())
        .contains(
            "binlog_verify",
            "binlog_events",
            "binlog_plan",
            "flink_job",
            "flink_jobs",
            "propose_action");
  }

  @Test
  void aFlinkToolFailureReachesTheModelAsOneSanitizedLine() {
    ScriptedChatModel model =
        new ScriptedChatModel()
            .callsTool("call-1", "flink_job", "{\"job\":\"orders-to-lake\"}")
            .answers(deterministicAnswer());

    triage(model, LlmLimits.defaults()).review("inc-3", LlmFixtures.deterministicReport(Map.of()));

    String result = toolResults(model.requests().get(1)).get(0).text();
    assertThat(result)
        .contains("\"status\":\"ERROR\"")
        .contains("UNREACHABLE")
        .contains("127.0.0.1:1");
    assertThat(result)
        .doesNotContain("\tat ")
        .doesNotContain("Exception:")
        .doesNotContain("java.net.");
  }

  @Test
  void fallsBackWhenTheModelAsksForOneToolCallMoreThanTheBudget() {
    Path binlog = LlmFixtures.binlog(dir, "mariadb-10.11-none.000004");
    ScriptedChatModel model =
        new ScriptedChatModel()
            .callsTool("c1", "binlog_verify", LlmFixtures.json(binlog.toString()))
            .callsTool("c2", "flink_jobs", "{}")
            .callsTool("c3", "binlog_verify", LlmFixtures.json(binlog.toString()))
            .answers(deterministicAnswer());

    LlmAssessment assessment =
        triage(model, LlmLimits.defaults().withMaxToolCalls(2))
            .review("inc-4", LlmFixtures.deterministicReport(Map.of()));

    assertThat(assessment.fallback())
        .startsWith("tool-call budget exhausted")
        .contains("max-tool-calls=2");
    assertThat(assessment.finalVerdict()).isEqualTo(LlmAssessment.DETERMINISTIC);
    assertThat(assessment.verdict().category()).isEqualTo(Category.PROBE_FAILED);
    assertThat(assessment.toolCalls()).isEqualTo(2);
    assertThat(assessment.toolsRun()).containsExactly("binlog_verify", "flink_jobs");
    // The third call was refused, and the model was not asked again.
    assertThat(model.requests()).hasSize(3);
    assertThat(assessment.toMarkdown()).contains("llm.fallback: tool-call budget exhausted");
  }

  @Test
  void fallsBackWithTheReasonWhenTheFinalAnswerIsNotJson() {
    ScriptedChatModel model = new ScriptedChatModel().answers("The job is probably fine, I think.");

    LlmAssessment assessment =
        triage(model, LlmLimits.defaults())
            .review("inc-5", LlmFixtures.deterministicReport(Map.of()));

    assertThat(assessment.fallback())
        .isEqualTo(
            "invalid verdict: the final answer is not JSON (The job is probably fine, I think.)");
    assertThat(assessment.llm()).isNull();
    assertThat(assessment.verdict()).isEqualTo(assessment.deterministic());
  }

  @Test
  void rejectsAnEvidenceIdThatNoFindingHas() {
    ScriptedChatModel model =
        new ScriptedChatModel()
            .answers(
                """
                {"category":"BACKPRESSURE","summary":"The sink is slow.","entities":{},"evidence":["flink.backpressure.bottleneck"],
                 "confidence":"HIGH","nextActions":[]}\
                """);

    LlmAssessment assessment =
        triage(model, LlmLimits.defaults())
            .review("inc-6", LlmFixtures.deterministicReport(Map.of()));

    assertThat(assessment.fallback())
        .isEqualTo(
            "invalid verdict: evidence 'flink.backpressure.bottleneck' is not a finding of this"
                + " incident");
    assertThat(assessment.verdict().category()).isEqualTo(Category.PROBE_FAILED);
  }

  @Test
  void acceptsAFencedVerdictWithAnUnknownCategoryRejected() {
    ScriptedChatModel fenced =
        new ScriptedChatModel().answers("```json\n" + deterministicAnswer() + "\n```");
    ScriptedChatModel unknown =
        new ScriptedChatModel()
            .answers(deterministicAnswer().replace("PROBE_FAILED", "ROLLED_BACK"));

    assertThat(
            triage(fenced, LlmLimits.defaults())
                .review("inc-7", LlmFixtures.deterministicReport(Map.of()))
                .fallback())
        .isNull();
    assertThat(
            triage(unknown, LlmLimits.defaults())
                .review("inc-8", LlmFixtures.deterministicReport(Map.of()))
                .fallback())
        .isEqualTo("invalid verdict: unknown category 'ROLLED_BACK'");
  }

  @Test
  void fallsBackOnceTheTokenBudgetIsSpent() {
    Path binlog = LlmFixtures.binlog(dir, "mariadb-10.11-none.000004");
    ScriptedChatModel model =
        new ScriptedChatModel()
            .callsTool("c1", "binlog_verify", LlmFixtures.json(binlog.toString()))
            .answers(deterministicAnswer());

    LlmAssessment assessment =
        triage(model, LlmLimits.defaults().withMaxTokens(100))
            .review("inc-9", LlmFixtures.deterministicReport(Map.of()));

    assertThat(assessment.fallback())
        .isEqualTo("token budget exhausted: 120 tokens used with lakeops.llm.max-tokens=100");
    assertThat(model.requests()).hasSize(1);
  }

  @Test
  void fallsBackWhenTheModelDoesNotAnswerWithinTheTimeBudget() {
    CountDownLatch never = new CountDownLatch(1);
    ScriptedChatModel model =
        new ScriptedChatModel()
            .then(
                r -> {
                  try {
                    never.await();
                  } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                  }
                  throw new IllegalStateException("interrupted");
                });

    LlmAssessment assessment =
        triage(model, LlmLimits.defaults().withMaxDuration(Duration.ofMillis(200)))
            .review("inc-10", LlmFixtures.deterministicReport(Map.of()));

    assertThat(assessment.fallback())
        .isEqualTo("timeout: no verdict within lakeops.llm.max-duration=PT0.2S");
    assertThat(assessment.verdict().category()).isEqualTo(Category.PROBE_FAILED);
  }

  @Test
  void aProviderErrorFallsBackWithoutCredentialsOrStackTrace() {
    ScriptedChatModel model =
        new ScriptedChatModel()
            .then(
                r -> {
                  throw new RuntimeException(
                      "connect to https://bob:s3cret@llm.internal:8443/v1 failed,"
                          + " api_key=sk-live-123\n"
                          + "\tat x.y.Z(Z.java:1)");
                });

    LlmAssessment assessment =
        triage(model, LlmLimits.defaults())
            .review("inc-11", LlmFixtures.deterministicReport(Map.of()));

    assertThat(assessment.fallback())
        .startsWith(
            "provider error: (RuntimeException: connect to https://llm.internal:8443/v1 failed")
        .doesNotContain("s3cret")
        .doesNotContain("sk-live-123")
        .doesNotContain("Z.java");
  }

  @Test
  void keepsAHighConfidenceDeterministicVerdictWhenTheModelDisagrees() {
    Finding finding =
        new Finding(
            Severity.CRITICAL,
            "flink.backpressure.bottleneck",
            "job orders / vertex sink",
            "The sink is the bottleneck.",
            Map.of("busyMsPerSecond", "980"),
            List.of("GET /v1/jobs/x/vertices/y/backpressure"));
    Verdict verdict =
        new Verdict(
            Category.BACKPRESSURE,
            "The sink is the bottleneck.",
            Map.of("job", "orders"),
            List.of("flink.backpressure.bottleneck"),
            Confidence.HIGH,
            List.of("Scale the sink"));
    TriageReport report =
        new TriageReport(
            "flink-backpressure",
            new AlertSignal(Map.of("alertname", "Late"), Map.of()),
            verdict,
            List.of(
                new ToolReport(
                    ToolReport.Status.OK,
                    "flink.backpressure",
                    Map.of("job", "orders"),
                    List.of(finding),
                    null)),
            Instant.now(),
            Instant.now());
    ScriptedChatModel model =
        new ScriptedChatModel()
            .answers(
                """
                {"category":"SOURCE_LAG","summary":"Sources are behind.","entities":{},"evidence":["flink.backpressure.bottleneck"],
                 "confidence":"MEDIUM","nextActions":[]}\
                """);

    LlmAssessment assessment = triage(model, LlmLimits.defaults()).review("inc-12", report);

    assertThat(assessment.fallback()).isNull();
    assertThat(assessment.llm().category()).isEqualTo(Category.SOURCE_LAG);
    assertThat(assessment.finalVerdict()).isEqualTo(LlmAssessment.DETERMINISTIC);
    assertThat(assessment.verdict().category()).isEqualTo(Category.BACKPRESSURE);
    assertThat(assessment.why()).contains("HIGH confidence");
  }

  @Test
  void refusesBinlogPathsOutsideTheBinlogDirectoryBeforeTheToolRuns() throws java.io.IOException {
    Path outside = java.nio.file.Files.createTempFile("outside", ".bin");
    Path link = java.nio.file.Files.createSymbolicLink(dir.resolve("mysql-bin.000009"), outside);
    try {
      ScriptedChatModel model =
          new ScriptedChatModel()
              .callsTool("c1", "binlog_verify", LlmFixtures.json("/etc/passwd"))
              .callsTool("c2", "binlog_plan", "{\"paths\":[\"" + link + "\"]}")
              .callsTool("c3", "binlog_events", "{\"path\":\"../../etc/hostname\"}")
              .callsTool("c4", "binlog_verify", LlmFixtures.json("mysql-bin.999999"))
              .answers(deterministicAnswer());

      triage(model, LlmLimits.defaults())
          .review("inc-13", LlmFixtures.deterministicReport(Map.of()));

      List<ToolExecutionResultMessage> results = toolResults(model.requests().get(4));
      assertThat(results.get(0).text())
          .startsWith("REFUSED: '/etc/passwd' is not a file inside the binlog directory");
      assertThat(results.get(1).text())
          .startsWith("REFUSED: '" + link + "' is not a file inside the binlog directory");
      assertThat(results.get(2).text())
          .startsWith("REFUSED: '../../etc/hostname' is not a file inside the binlog directory");
      assertThat(results.get(3).text())
          .startsWith("NO_DATA: no file 'mysql-bin.999999' in the binlog directory");
    } finally {
      java.nio.file.Files.deleteIfExists(outside);
    }
  }

  static String deterministicAnswer() {
    return """
    {"category":"PROBE_FAILED","summary":"The Flink cluster cannot be read.","entities":{"job":"orders-to-lake"},
     "evidence":[],"confidence":"LOW","nextActions":["Check the Flink REST URL"]}\
    """;
  }

  /** The first finding code in a tool's JSON result. */
  static String firstCode(String toolResult) {
    return GuardedToolExecutor.findingCodes(toolResult).iterator().next();
  }
}
