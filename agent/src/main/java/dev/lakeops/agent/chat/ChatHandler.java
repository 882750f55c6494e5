package dev.lakeops.agent.chat;

/**
 * Answers one chat message. The default is {@link CommandChatHandler} (commands, no LLM); an
 * LLM-backed handler can take its place. Called on a worker thread, never on an HTTP event loop;
 * may take seconds (a triage probes live systems).
 */
public interface ChatHandler {

  /**
   * The reply to {@code message}, in {@code message.language()}.
   *
   * <p>Never throws for a message it cannot serve: it answers with what went wrong instead.
   */
  ChatReply handle(ChatMessage message);
}
