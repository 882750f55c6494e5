package dev.lakeops.agent.llm;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** Which kind of model server answers, by the name used in {@code lakeops.llm.provider}. */
public enum LlmProvider {
  /** No LLM: the deterministic planner only. */
  NONE,
  /**
   * OpenAI's chat completions API, as served by vLLM, llama.cpp, Ollama's {@code /v1}, DeepSeek,
   * Qwen.
   */
  OPENAI,
  /** Anthropic's Messages API. */
  ANTHROPIC,
  /** Ollama's own {@code /api/chat}. */
  OLLAMA;

  /**
   * @throws IllegalArgumentException naming the key and the accepted values
   */
  public static LlmProvider parse(String value) {
    String name = value == null ? "" : value.strip().toUpperCase(Locale.ROOT);
    return Arrays.stream(values())
        .filter(p -> p.name().equals(name))
        .findFirst()
        .orElseThrow(
            () ->
                new IllegalArgumentException(
                    "Invalid lakeops.llm.provider: '"
                        + value
                        + "' (expected one of "
                        + Arrays.stream(values())
                            .map(p -> p.name().toLowerCase(Locale.ROOT))
                            .collect(Collectors.joining(", "))
                        + ")"));
  }

  public String id() {
    return name().toLowerCase(Locale.ROOT);
  }
}
