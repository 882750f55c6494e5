package dev.lakeops.agent.llm;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The meters move as the real AiServices loop runs over the real tools with a scripted model. */
class LlmMetricsTest {

  @TempDir Path dir;

  private final ExecutorService threads = LlmFixtures.threads();
  private final MeterRegistry registry = new SimpleMeterRegistry();
  private final LlmMetrics metrics = new LlmMetrics(registry);

  @AfterEach
  void stop() {
    threads.shutdownNow();
  }

  private LlmTriage triage(ScriptedChatModel model, LlmLimits limits, Clock clock) {
    return new LlmTriage(
        model,
        "openai",
        "scripted",
        LlmFixtures.toolbox(new InMemoryProposals(), threads, dir),
        limits,
        threads,
        clock,
        metrics);
  }

  private LlmTriage triage(ScriptedChatModel model, LlmLimits limits) {
    return triage(model, limits, Clock.systemUTC());
  }

  @Test
  void anAnsweredReviewCountsItsModelCallsTokensAndToolCalls() {
    Path binlog = LlmFixtures.binlog(dir, "mariadb-10.11-none.000004");
    ScriptedChatModel model =
        new ScriptedChatModel()
            .callsTool("c1", "binlog_verify", LlmFixtures.json(binlog.toString()))
            .answers(LlmTriageTest.deterministicAnswer());

    triage(model, LlmLimits.defaults()).review("inc-1", LlmFixtures.deterministicReport(Map.of()));

    assertThat(count("lakeops.llm.runs", "run", "triage", "outcome", "answered", "reason", "none"))
        .isEqualTo(1);
    assertThat(count("lakeops.llm.model.calls", "run", "triage", "outcome", "ok")).isEqualTo(2);
    assertThat(count("lakeops.llm.model.calls", "run", "triage", "outcome", "error")).isZero();
    assertThat(count("lakeops.llm.tokens", "run", "triage", "type", "prompt")).isEqualTo(200);
    assertThat(count("lakeops.llm.tokens", "run", "triage", "type", "completion")).isEqualTo(40);
    assertThat(
            count(
                "lakeops.llm.tool.calls",
                "run",
                "triage",
                "tool",
                "binlog_verify",
                "outcome",
                "ok"))
        .isEqualTo(1);
    assertThat(
            registry
                .get("lakeops.llm.run.duration")
                .tags("run", "triage", "outcome", "answered")
                .timer()
                .count())
        .isEqualTo(1);
    assertThat(registry.find("lakeops.llm.runs").tags("outcome", "fallback").counter()).isNull();
  }

  @Test
  void aSpentToolBudgetCountsTheErrorTheBudgetRefusalAndTheFallback() {
    Path binlog = LlmFixtures.binlog(dir, "mariadb-10.11-none.000004");
    ScriptedChatModel model =
        new ScriptedChatModel()
            .callsTool("c1", "binlog_verify", LlmFixtures.json(binlog.toString()))
            .callsTool("c2", "flink_jobs", "{}")
            .callsTool("c3", "binlog_verify", LlmFixtures.json(binlog.toString()))
            .answers(LlmTriageTest.deterministicAnswer());

    LlmAssessment assessment =
        triage(model, LlmLimits.defaults().withMaxToolCalls(2))
            .review("inc-2", LlmFixtures.deterministicReport(Map.of()));

    assertThat(assessment.fellBack()).isTrue();
    assertThat(
            count(
                "lakeops.llm.tool.calls",
                "run",
                "triage",
                "tool",
                "binlog_verify",
                "outcome",
                "ok"))
        .isEqualTo(1);
    // Flink is unreachable: the tool answers with a report whose status is ERROR.
    assertThat(
            count(
                "lakeops.llm.tool.calls",
                "run",
                "triage",
                "tool",
                "flink_jobs",
                "outcome",
                "error"))
        .isEqualTo(1);
    assertThat(
            count(
                "lakeops.llm.tool.calls",
                "run",
                "triage",
                "tool",
                "binlog_verify",
                "outcome",
                "budget"))
        .isEqualTo(1);
    assertThat(
            count("lakeops.llm.runs", "run", "triage", "outcome", "fallback", "reason", "budget"))
        .isEqualTo(1);
    assertThat(registry.find("lakeops.llm.runs").tags("outcome", "answered").counter()).isNull();
  }

  @Test
  void refusedAndMadeUpToolsAreCountedAsRefusedUnderTheirToolboxName() {
    ScriptedChatModel model =
        new ScriptedChatModel()
            .callsTool("c1", "binlog_verify", LlmFixtures.json("/etc/passwd"))
            .callsTool("c2", "rm_rf_<script>", "{}")
            .answers(LlmTriageTest.deterministicAnswer());

    triage(model, LlmLimits.defaults()).review("inc-3", LlmFixtures.deterministicReport(Map.of()));

    assertThat(
            count(
                "lakeops.llm.tool.calls",
                "run",
                "triage",
                "tool",
                "binlog_verify",
                "outcome",
                "refused"))
        .isEqualTo(1);
    assertThat(
            count(
                "lakeops.llm.tool.calls",
                "run",
                "triage",
                "tool",
                LlmMetrics.UNKNOWN_TOOL,
                "outcome",
                "refused"))
        .isEqualTo(1);
    assertThat(registry.getMeters())
        .allSatisfy(m -> assertThat(m.getId().getTags().toString()).doesNotContain("rm_rf"));
  }

  @Test
  void anInvalidAnswerCountsAFallbackForInvalidOutput() {
    triage(new ScriptedChatModel().answers("probably fine"), LlmLimits.defaults())
        .review("inc-4", LlmFixtures.deterministicReport(Map.of()));

    assertThat(
            count(
                "lakeops.llm.runs",
                "run",
                "triage",
                "outcome",
                "fallback",
                "reason",
                "invalid_output"))
        .isEqualTo(1);
    assertThat(count("lakeops.llm.model.calls", "run", "triage", "outcome", "ok")).isEqualTo(1);
  }

  @Test
  void aProviderErrorCountsAFailedModelCallAndItsFallback() {
    ScriptedChatModel model =
        new ScriptedChatModel()
            .then(
                r -> {
                  throw new RuntimeException("HTTP 503 from the provider");
                });

    triage(model, LlmLimits.defaults()).review("inc-5", LlmFixtures.deterministicReport(Map.of()));

    assertThat(count("lakeops.llm.model.calls", "run", "triage", "outcome", "error")).isEqualTo(1);
    assertThat(
            count(
                "lakeops.llm.runs",
                "run",
                "triage",
                "outcome",
                "fallback",
                "reason",
                "provider_error"))
        .isEqualTo(1);
  }

  @Test
  void aModelThatNeverAnswersCountsATimeout() {
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

    triage(model, LlmLimits.defaults().withMaxDuration(Duration.ofMillis(200)))
        .review("inc-6", LlmFixtures.deterministicReport(Map.of()));

    assertThat(
            count("lakeops.llm.runs", "run", "triage", "outcome", "fallback", "reason", "timeout"))
        .isEqualTo(1);
  }

  @Test
  void aRunPastItsTimeBudgetBetweenModelCallsCountsATimeoutNotABudget() {
    dev.lakeops.agent.im.MutableClock clock =
        new dev.lakeops.agent.im.MutableClock(Instant.parse("2026-01-01T00:00:00Z"));
    ScriptedChatModel model =
        new ScriptedChatModel()
            .then(
                r -> {
                  clock.advance(Duration.ofMinutes(5));
                  return ScriptedChatModel.toolCall("c1", "flink_jobs", "{}");
                })
            .answers(LlmTriageTest.deterministicAnswer());

    LlmAssessment assessment =
        triage(model, LlmLimits.defaults().withMaxDuration(Duration.ofMinutes(1)), clock)
            .review("inc-7", LlmFixtures.deterministicReport(Map.of()));

    assertThat(assessment.fallback()).startsWith("time budget exhausted");
    assertThat(
            count("lakeops.llm.runs", "run", "triage", "outcome", "fallback", "reason", "timeout"))
        .isEqualTo(1);
    assertThat(registry.find("lakeops.llm.runs").tags("reason", "budget").counter()).isNull();
  }

  @Test
  void chatRunsAreCountedApartFromTriageRuns() {
    ScriptedChatModel model =
        new ScriptedChatModel()
            .answers("The orders job is fine.")
            .callsTool("c1", "flink_jobs", "{}")
            .callsTool("c2", "flink_jobs", "{}")
            .answers("never reached");
    LlmChat chat =
        new LlmChat(
            model,
            LlmFixtures.toolbox(new InMemoryProposals(), threads, dir),
            LlmLimits.defaults().withMaxToolCalls(1),
            20,
            threads,
            Clock.systemUTC(),
            metrics);

    chat.answer("thread-a", "ann", "is orders fine?", Map.of());
    chat.answer("thread-a", "ann", "list the jobs twice", Map.of());

    assertThat(count("lakeops.llm.runs", "run", "chat", "outcome", "answered", "reason", "none"))
        .isEqualTo(1);
    assertThat(count("lakeops.llm.runs", "run", "chat", "outcome", "fallback", "reason", "budget"))
        .isEqualTo(1);
    assertThat(
            count(
                "lakeops.llm.tool.calls", "run", "chat", "tool", "flink_jobs", "outcome", "budget"))
        .isEqualTo(1);
    assertThat(count("lakeops.llm.model.calls", "run", "chat", "outcome", "ok")).isEqualTo(3);
    assertThat(registry.find("lakeops.llm.runs").tags("run", "triage").counter()).isNull();
  }

  private double count(String name, String... tags) {
    Counter counter = registry.find(name).tags(tags).counter();
    return counter == null ? 0 : counter.count();
  }
}
