package dev.lakeops.agent.llm;

import dev.lakeops.agent.chat.ChatFollowUps;
import dev.lakeops.agent.chat.ChatMessage;
import dev.lakeops.agent.chat.ChatThreads;
import dev.lakeops.agent.chat.ChatTurn;
import dev.lakeops.agent.chat.FollowUpAnswer;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Follow-ups answered by the model: the person's text and the thread's context (the incident's
 * verdict, when the thread is about one) go to {@link LlmChat} as data, keyed by the thread.
 *
 * <p>The model's own memory of a thread lives in this process. When it holds none (after a restart,
 * or when another instance had the thread so far), the thread's last turns from the database go
 * along as data ({@code earlier.1}, ...), so the conversation continues where it was.
 */
public final class LlmChatFollowUps implements ChatFollowUps {

  /** Earlier turns given when the model has no memory of the thread. */
  static final int EARLIER_TURNS = 6;

  /** Longest text of an earlier turn given. */
  static final int EARLIER_CHARS = 500;

  private final LlmChat chat;
  private final ChatThreads threads;

  public LlmChatFollowUps(LlmChat chat, ChatThreads threads) {
    this.chat = chat;
    this.threads = threads;
  }

  @Override
  public Optional<FollowUpAnswer> answer(ChatMessage message, Map<String, String> context) {
    Map<String, String> data = new LinkedHashMap<>(context);
    if (!chat.remembers(message.threadKey())) {
      List<ChatTurn> earlier = earlier(message);
      for (int i = 0; i < earlier.size(); i++) {
        ChatTurn t = earlier.get(i);
        String text =
            t.text().length() <= EARLIER_CHARS
                ? t.text()
                : t.text().substring(0, EARLIER_CHARS) + "...";
        data.put("earlier." + (i + 1), t.userId() + ": " + text);
      }
    }
    LlmChatAnswer answer = chat.answer(message.threadKey(), message.userId(), message.text(), data);
    return Optional.of(new FollowUpAnswer(answer.text(), answer.proposals()));
  }

  /**
   * The thread's last turns before {@code message}, which the chat handler has already remembered.
   */
  private List<ChatTurn> earlier(ChatMessage message) {
    List<ChatTurn> turns = threads.recent(message, EARLIER_TURNS + 1);
    if (!turns.isEmpty()) {
      ChatTurn last = turns.get(turns.size() - 1);
      if (last.author() == ChatTurn.Author.PERSON && last.userId().equals(message.userId())) {
        turns = turns.subList(0, turns.size() - 1);
      }
    }
    return turns.subList(Math.max(0, turns.size() - EARLIER_TURNS), turns.size());
  }
}
