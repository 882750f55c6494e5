package dev.lakeops.agent.llm;

import dev.langchain4j.service.Result;
import dev.langchain4j.service.UserMessage;

/**
 * The AI service of one triage review with a model that has structured output: the request carries
 * {@link LlmVerdict}'s JSON schema as its response format and the answer is mapped onto it. The
 * system prompt is set on the builder ({@link TriagePrompt#STRUCTURED}).
 */
interface TriageAgent {

  /**
   * The model's verdict (checked by the caller) with usage and tool executions.
   *
   * @throws dev.langchain4j.service.output.OutputParsingException the answer does not fit the
   *     schema
   */
  Result<LlmVerdict> review(@UserMessage String message);
}
