package dev.lakeops.agent.report;

import static java.util.Objects.requireNonNull;

import dev.lakeops.agent.chat.ChatTurn;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * What was said about an incident in chat. The turns' text is chat text and model output: data,
 * shown escaped.
 *
 * @param reportThread where its report was posted; null when it was not (or its channel has no
 *     threads)
 * @param turns the newest turns of its threads, oldest first
 * @param olderLeftOut whether older turns exist beyond {@code turns}
 */
public record IncidentConversation(
    @Nullable ReportThread reportThread, List<ChatTurn> turns, boolean olderLeftOut) {

  public IncidentConversation {
    turns = List.copyOf(requireNonNull(turns, "turns"));
  }

  /** No report posted, nothing said. */
  public static IncidentConversation none() {
    return new IncidentConversation(null, List.of(), false);
  }
}
