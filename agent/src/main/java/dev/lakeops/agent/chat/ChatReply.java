package dev.lakeops.agent.chat;

import static java.util.Objects.requireNonNull;

import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * What lakeops answers to one chat message.
 *
 * @param intent the command that was understood, language-neutral (e.g. {@code TRIAGE})
 * @param markdown the answer as Markdown, in the message's language
 * @param language the language of {@code markdown}
 * @param card buttons to show under the answer, if any
 */
public record ChatReply(
    ChatIntent.Kind intent, String markdown, Language language, @Nullable ChatCard card) {

  public ChatReply {
    requireNonNull(intent, "intent");
    requireNonNull(markdown, "markdown");
    requireNonNull(language, "language");
  }

  public Optional<ChatCard> findCard() {
    return Optional.ofNullable(card);
  }
}
