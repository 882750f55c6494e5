package dev.lakeops.agent.llm;

/** An LLM run spent its tool-call, token or time budget; the message says which and the limit. */
public final class LlmBudgetExceededException extends RuntimeException {

  private final LlmMetrics.Fallback kind;

  /**
   * @param kind {@link LlmMetrics.Fallback#TIMEOUT} for the time budget, {@link
   *     LlmMetrics.Fallback#BUDGET} for the others
   */
  public LlmBudgetExceededException(String reason, LlmMetrics.Fallback kind) {
    super(reason);
    this.kind = kind;
  }

  public LlmMetrics.Fallback kind() {
    return kind;
  }
}
