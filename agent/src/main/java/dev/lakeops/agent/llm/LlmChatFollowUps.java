package dev.lakeops.agent.llm;

import dev.lakeops.agent.chat.ChatFollowUps;
import dev.lakeops.agent.chat.ChatMessage;
import java.util.Map;
import java.util.Optional;

/**
 * Follow-ups answered by the model: the person's text and the thread's context (the incident's
 * verdict, when the thread is about one) go to {@link LlmChat} as data, keyed by the thread.
 */
public final class LlmChatFollowUps implements ChatFollowUps {

  private final LlmChat chat;

  public LlmChatFollowUps(LlmChat chat) {
    this.chat = chat;
  }

  @Override
  public Optional<String> answer(ChatMessage message, Map<String, String> context) {
    return Optional.of(chat.answer(message.threadKey(), message.userId(), message.text(), context).text());
  }
}
