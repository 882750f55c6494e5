package dev.lakeops.agent.llm;

/** An LLM run spent its tool-call, token or time budget; the message says which and the limit. */
public final class LlmBudgetExceededException extends RuntimeException {

  public LlmBudgetExceededException(String reason) {
    super(reason);
  }
}
