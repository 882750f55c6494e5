package dev.lakeops.agent.triage;

import dev.lakeops.runbooks.TriageReport;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * Turns the proposals of a finished triage into stored proposals of the approval gate, the ones
 * people approve on the incident's page, in chat and over the API; and says which stored proposal
 * stands behind each of them.
 */
public interface TriageProposals {

  /**
   * The stored proposal behind the triage's proposal at {@code index} of the verdict's list, or why
   * there is none.
   *
   * @param proposalId the stored proposal (the triage's own, or an identical one that was open
   *     already); null when none was stored
   * @param refusal why none was stored (incomplete arguments, a state the action cannot run in);
   *     null when one was
   */
  record Link(int index, @Nullable String proposalId, @Nullable String refusal) {}

  /** Stores nothing and links nothing: for an app without an approval gate and for tests. */
  TriageProposals NONE =
      new TriageProposals() {
        @Override
        public List<Link> store(String incidentId, TriageReport report) {
          return List.of();
        }

        @Override
        public List<Link> links(String incidentId) {
          return List.of();
        }
      };

  /**
   * Proposes each complete proposal of {@code report} through the approval gate (requester {@code
   * lakeops}) and records the links. Never throws: a failure is logged and becomes a link's
   * refusal, and the triage stands.
   */
  List<Link> store(String incidentId, TriageReport report);

  /** The links recorded for the incident's triage, by index; empty before one was stored. */
  List<Link> links(String incidentId);
}
