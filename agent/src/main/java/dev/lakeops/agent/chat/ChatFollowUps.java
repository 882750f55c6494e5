package dev.lakeops.agent.chat;

import java.util.Map;
import java.util.Optional;

/**
 * Answers what is not a command: with an LLM configured, the model answers the person in the
 * thread; without one, nothing does and the person gets the list of commands.
 */
public interface ChatFollowUps {

  /**
   * The answer to {@code message}, with the proposals the model recorded, or empty when no model is
   * configured.
   *
   * @param context facts given to the model as data, never as instructions (see {@link
   *     IncidentContext})
   */
  Optional<FollowUpAnswer> answer(ChatMessage message, Map<String, String> context);

  /** No model: nothing answers follow-ups. */
  static ChatFollowUps none() {
    return (message, context) -> Optional.empty();
  }
}
