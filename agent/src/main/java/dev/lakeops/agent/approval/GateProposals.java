package dev.lakeops.agent.approval;

import dev.lakeops.agent.llm.ProposalDraft;
import dev.lakeops.agent.llm.ProposalPort;
import dev.lakeops.agent.llm.ProposalReceipt;
import dev.lakeops.runbooks.approval.ApprovalRefusedException;
import dev.lakeops.runbooks.approval.Proposal;

/**
 * The model's {@code propose_action} on the approval gate: a proposal is validated, fingerprinted,
 * previewed and stored, then waits for people. Nothing here can approve or execute.
 */
public final class GateProposals implements ProposalPort {

  private final ProposalService proposals;

  public GateProposals(ProposalService proposals) {
    this.proposals = proposals;
  }

  @Override
  public ProposalReceipt propose(ProposalDraft draft) {
    try {
      Proposal p =
          proposals.propose(
              draft.action(),
              draft.args(),
              draft.requester(),
              draft.reason(),
              draft.evidence(),
              draft.origin());
      return new ProposalReceipt(p.id(), p.state().name());
    } catch (ApprovalRefusedException e) {
      throw new IllegalArgumentException(e.getMessage(), e);
    }
  }
}
