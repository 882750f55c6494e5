package dev.lakeops.agent.llm;

/** Whole conversations over the Ollama wire format ({@link WireDialect#OLLAMA}). */
class OllamaConversationTest extends AbstractConversationTest {

  @Override
  WireDialect wire() {
    return WireDialect.OLLAMA;
  }
}
