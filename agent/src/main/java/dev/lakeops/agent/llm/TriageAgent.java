package dev.lakeops.agent.llm;

import dev.langchain4j.service.Result;
import dev.langchain4j.service.UserMessage;

/** The AI service of one triage review; the system prompt is set on the builder ({@link TriagePrompt#SYSTEM}). */
interface TriageAgent {

  /** The model's final answer (the verdict JSON, validated by the caller) with usage and tool executions. */
  Result<String> review(@UserMessage String message);
}
