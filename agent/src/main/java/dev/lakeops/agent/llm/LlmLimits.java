package dev.lakeops.agent.llm;

import static java.util.Objects.requireNonNull;

import java.time.Duration;

/**
 * The budgets of one LLM triage or chat answer.
 *
 * @param maxToolCalls tool calls allowed; the next one ends the run
 * @param maxTokens prompt + completion tokens allowed, summed over the run's model calls
 * @param maxDuration wall time allowed for the run
 * @param toolTimeout wall time allowed for one tool call
 * @param maxToolOutputChars longest tool result the model receives
 * @param redactValues whether row values are replaced by keys and counts
 */
public record LlmLimits(
    int maxToolCalls,
    int maxTokens,
    Duration maxDuration,
    Duration toolTimeout,
    int maxToolOutputChars,
    boolean redactValues) {

  public LlmLimits {
    check(maxToolCalls >= 0, "lakeops.llm.max-tool-calls", maxToolCalls, "must not be negative");
    check(maxTokens > 0, "lakeops.llm.max-tokens", maxTokens, "must be positive");
    requireNonNull(maxDuration, "maxDuration");
    check(
        !maxDuration.isNegative() && !maxDuration.isZero(),
        "lakeops.llm.max-duration",
        maxDuration,
        "must be positive");
    requireNonNull(toolTimeout, "toolTimeout");
    check(
        !toolTimeout.isNegative() && !toolTimeout.isZero(),
        "lakeops.llm.tool-timeout",
        toolTimeout,
        "must be positive");
    check(
        maxToolOutputChars >= 200,
        "lakeops.llm.max-tool-output-chars",
        maxToolOutputChars,
        "must be at least 200");
  }

  public static LlmLimits from(LlmConfig config) {
    return new LlmLimits(
        config.maxToolCalls(),
        config.maxTokens(),
        config.maxDuration(),
        config.toolTimeout(),
        config.maxToolOutputChars(),
        config.redactValues());
  }

  /**
   * Defaults for tests and embedding: 8 tool calls, 60,000 tokens, 2 minutes, 30 s per tool, 4,000
   * chars, redacted.
   */
  public static LlmLimits defaults() {
    return new LlmLimits(8, 60_000, Duration.ofMinutes(2), Duration.ofSeconds(30), 4000, true);
  }

  public LlmLimits withMaxToolCalls(int calls) {
    return new LlmLimits(
        calls, maxTokens, maxDuration, toolTimeout, maxToolOutputChars, redactValues);
  }

  public LlmLimits withMaxTokens(int tokens) {
    return new LlmLimits(
        maxToolCalls, tokens, maxDuration, toolTimeout, maxToolOutputChars, redactValues);
  }

  public LlmLimits withMaxDuration(Duration duration) {
    return new LlmLimits(
        maxToolCalls, maxTokens, duration, toolTimeout, maxToolOutputChars, redactValues);
  }

  public LlmLimits withRedactValues(boolean redact) {
    return new LlmLimits(
        maxToolCalls, maxTokens, maxDuration, toolTimeout, maxToolOutputChars, redact);
  }

  private static void check(boolean ok, String key, Object value, String rule) {
    if (!ok) {
      throw new IllegalArgumentException("Invalid " + key + ": " + value + " (" + rule + ")");
    }
  }
}
