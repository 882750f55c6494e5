package dev.lakeops.agent.llm;

import dev.langchain4j.service.MemoryId;
import dev.langchain4j.service.Result;
import dev.langchain4j.service.UserMessage;

/** The AI service of chat follow-ups; memory is per thread ({@code thread}). */
interface ChatAgent {

  Result<String> answer(@MemoryId String thread, @UserMessage String message);
}
