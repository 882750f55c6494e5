package dev.lakeops.agent.chat;

import static java.util.Objects.requireNonNull;

import java.time.Instant;

/**
 * One message of a thread, as remembered.
 *
 * @param author who wrote it
 * @param userId the person's platform id; {@code lakeops} for lakeops' own replies
 * @param text the message or reply text
 * @param at when it was written
 */
public record ChatTurn(Author author, String userId, String text, Instant at) {

  /** Who wrote a turn. */
  public enum Author {
    PERSON,
    LAKEOPS
  }

  public ChatTurn {
    requireNonNull(author, "author");
    requireNonNull(userId, "userId");
    requireNonNull(text, "text");
    requireNonNull(at, "at");
  }
}
