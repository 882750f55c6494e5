package dev.lakeops.agent.chat;

import static java.util.Objects.requireNonNull;

import java.util.List;

/**
 * The model's answer to a follow-up.
 *
 * @param markdown the answer for the thread
 * @param proposals ids of the proposals the model recorded while answering, each waiting for people
 */
public record FollowUpAnswer(String markdown, List<String> proposals) {

  public FollowUpAnswer {
    requireNonNull(markdown, "markdown");
    proposals = List.copyOf(proposals);
  }

  /** An answer that proposed nothing. */
  public static FollowUpAnswer of(String markdown) {
    return new FollowUpAnswer(markdown, List.of());
  }
}
