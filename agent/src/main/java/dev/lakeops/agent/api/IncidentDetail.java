package dev.lakeops.agent.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import dev.lakeops.agent.chat.ChatTurn;
import dev.lakeops.agent.incident.Incident;
import dev.lakeops.agent.llm.LlmReview;
import dev.lakeops.agent.report.IncidentConversation;
import dev.lakeops.agent.report.ReportThread;
import dev.lakeops.agent.triage.TriageProposals;
import java.time.Instant;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The JSON of {@code GET /api/incidents/{id}}: the incident's own fields; {@code llmReview}, the
 * latest advisory LLM review of its triage (null when there is none); {@code reportThread}, where
 * its report was posted (null when it was not); {@code chat}, the newest turns of its chat threads,
 * oldest first, and {@code chatOlderLeftOut}, whether older turns were left out; {@code
 * triageProposals}, for each proposal of the verdict (by {@code index} in {@code
 * report.verdict.proposals}), the stored proposal to approve ({@code proposalId}) or why there is
 * none ({@code refusal}).
 */
public record IncidentDetail(
    @JsonUnwrapped Incident incident,
    @JsonInclude(JsonInclude.Include.ALWAYS) @Nullable LlmReview llmReview,
    @JsonInclude(JsonInclude.Include.ALWAYS) @Nullable ReportThread reportThread,
    List<Turn> chat,
    boolean chatOlderLeftOut,
    List<TriageProposals.Link> triageProposals) {

  /**
   * One chat turn: {@code author} PERSON or LAKEOPS, {@code user} the person's platform id (or
   * {@code lakeops}).
   */
  public record Turn(Instant at, ChatTurn.Author author, String user, String text) {
    static Turn of(ChatTurn t) {
      return new Turn(t.at(), t.author(), t.userId(), t.text());
    }
  }

  static IncidentDetail of(
      Incident incident,
      @Nullable LlmReview review,
      IncidentConversation conversation,
      List<TriageProposals.Link> triageProposals) {
    return new IncidentDetail(
        incident,
        review,
        conversation.reportThread(),
        conversation.turns().stream().map(Turn::of).toList(),
        conversation.olderLeftOut(),
        triageProposals);
  }
}
