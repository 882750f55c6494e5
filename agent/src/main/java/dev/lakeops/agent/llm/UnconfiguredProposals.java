package dev.lakeops.agent.llm;

/**
 * The port when no approval gate is wired in: every proposal is refused, and the model is told so.
 */
public final class UnconfiguredProposals implements ProposalPort {

  @Override
  public ProposalReceipt propose(ProposalDraft draft) {
    throw new ProposalsUnavailableException(
        "proposals are not configured in this lakeops (no approval gate); name the action in"
            + " nextActions instead");
  }
}
