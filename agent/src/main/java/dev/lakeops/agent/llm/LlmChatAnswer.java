package dev.lakeops.agent.llm;

import static java.util.Objects.requireNonNull;

import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The model's reply in a chat thread.
 *
 * @param text Markdown for the thread
 * @param proposals proposals {@code propose_action} recorded while answering (waiting for people)
 * @param fallback why the model gave no answer (budget, timeout, provider error); null when it did
 */
public record LlmChatAnswer(String text, List<String> proposals, @Nullable String fallback) {

  public LlmChatAnswer {
    requireNonNull(text, "text");
    proposals = List.copyOf(proposals);
  }
}
