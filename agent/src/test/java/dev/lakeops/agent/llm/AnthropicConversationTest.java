package dev.lakeops.agent.llm;

/** Whole conversations over the Anthropic wire format ({@link WireDialect#ANTHROPIC}). */
class AnthropicConversationTest extends AbstractConversationTest {

  @Override
  WireDialect wire() {
    return WireDialect.ANTHROPIC;
  }
}
