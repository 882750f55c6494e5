package dev.lakeops.agent.chat;

import org.jspecify.annotations.Nullable;

/**
 * Approvals and proposals as chat sees them. The approvals engine implements it; chat only passes
 * on who asked for what. An implementation checks the person's role, the two-person rule and the
 * proposal's state fingerprint itself; chat never executes anything.
 */
public interface ApprovalPort {

  /**
   * Records {@code from}'s approval of proposal {@code proposalId}; the outcome says what happened.
   */
  ApprovalOutcome approve(String proposalId, ChatMessage from);

  /** Records {@code from}'s rejection of proposal {@code proposalId}. */
  ApprovalOutcome reject(String proposalId, ChatMessage from);

  /**
   * Asks for a proposal to roll {@code table} back to {@code snapshot} (either may be null when the
   * person did not say). Creates at most a proposal, never executes one.
   */
  ApprovalOutcome proposeRollback(
      @Nullable String table, @Nullable Long snapshot, ChatMessage from);

  /**
   * Signed one-time links for {@code from}'s own decision on proposal {@code proposalId}: only ever
   * issued to the lakeops user the sender's chat identity maps to, never to anyone else. Issuing
   * changes nothing.
   */
  default IssuedLinks links(String proposalId, ChatMessage from) {
    return IssuedLinks.notConfigured(proposalId);
  }
}
