package dev.lakeops.agent.im;

import static java.util.Objects.requireNonNull;

import dev.lakeops.agent.chat.ChatMessage;
import org.jspecify.annotations.Nullable;

/** What a verified IM request turned out to be. */
public sealed interface Inbound permits Inbound.Answer, Inbound.Chat, Inbound.Ignore {

  /** A handshake (URL verification) answered at once with {@code body}. */
  record Answer(String body, String mediaType) implements Inbound {
    public Answer {
      requireNonNull(body, "body");
      requireNonNull(mediaType, "mediaType");
    }
  }

  /**
   * A message for lakeops: acknowledged at once, handled on a worker, answered through {@code
   * sender}.
   *
   * @param eventId the platform's id of the delivery, to drop retries of it; null when it has none
   */
  record Chat(ChatMessage message, @Nullable String eventId, ReplySender sender)
      implements Inbound {
    public Chat {
      requireNonNull(message, "message");
      requireNonNull(sender, "sender");
    }
  }

  /**
   * A verified request with nothing to answer (a bot's own message, an edit, a non-text message).
   */
  record Ignore(String reason) implements Inbound {
    public Ignore {
      requireNonNull(reason, "reason");
    }
  }
}
