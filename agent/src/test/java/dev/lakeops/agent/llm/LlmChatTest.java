package dev.lakeops.agent.llm;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LlmChatTest {

  @TempDir java.nio.file.Path dir;

  private final ExecutorService threads = LlmFixtures.threads();

  @AfterEach
  void stop() {
    threads.shutdownNow();
  }

  @Test
  void remembersEachThreadSeparately() {
    ScriptedChatModel model = new ScriptedChatModel().answers("A1").answers("B1").answers("A2");
    LlmChat chat =
        new LlmChat(
            model,
            LlmFixtures.toolbox(new InMemoryProposals(), threads, dir),
            LlmLimits.defaults(),
            20,
            threads,
            Clock.systemUTC(),
            LlmFixtures.metrics());

    assertThat(chat.answer("thread-a", "ann", "why is orders late?", Map.of()).text())
        .isEqualTo("A1");
    assertThat(chat.answer("thread-b", "bob", "what about payments?", Map.of()).text())
        .isEqualTo("B1");
    LlmChatAnswer second =
        chat.answer("thread-a", "ann", "and the checkpoints?", Map.of("incident", "inc-7"));

    assertThat(second.text()).isEqualTo("A2");
    assertThat(second.fallback()).isNull();
    String threadA = String.join("\n", ScriptedChatModel.userTexts(model.requests().get(2)));
    assertThat(threadA)
        .contains("why is orders late?")
        .contains("and the checkpoints?")
        .contains("inc-7")
        .doesNotContain("payments");
    assertThat(model.requests().get(2).messages().toString()).contains("A1").doesNotContain("B1");
    assertThat(ScriptedChatModel.userTexts(model.requests().get(1))).hasSize(1);
    assertThat(chat.rememberedThreads()).isEqualTo(2);
  }

  @Test
  void answersWithTheReasonWhenTheToolBudgetIsSpent() {
    ScriptedChatModel model =
        new ScriptedChatModel()
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
            LlmFixtures.metrics());

    LlmChatAnswer answer = chat.answer("thread-a", "ann", "list the jobs twice", Map.of());

    assertThat(answer.fallback()).startsWith("tool-call budget exhausted");
    assertThat(answer.text())
        .startsWith("The LLM could not answer (tool-call budget exhausted")
        .contains("`help`");
    assertThat(model.requests()).hasSize(2);
  }
}
