package dev.lakeops.agent.llm;

import dev.langchain4j.service.Result;
import dev.langchain4j.service.UserMessage;

/**
 * The AI service of one triage review with a model without structured output: the system prompt
 * ({@link TriagePrompt#SYSTEM}) describes the verdict JSON and {@link LlmVerdictParser} reads it
 * out of the final text.
 */
interface TriageTextAgent {

  /**
   * The model's final answer (the verdict JSON, parsed by the caller) with usage and tool
   * executions.
   */
  Result<String> review(@UserMessage String message);
}
