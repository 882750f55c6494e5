package dev.lakeops.agent.llm;

/**
 * Where the model's {@code propose_action} calls go: the approval gate records a proposal and
 * nothing else. There is deliberately no method to approve or execute; people do that through chat
 * or the console, and execution re-checks the proposal against the live state.
 */
public interface ProposalPort {

  /**
   * Records {@code draft} as a proposal waiting for approval. Never executes anything.
   *
   * @throws ProposalsUnavailableException no approval gate is configured
   * @throws IllegalArgumentException the arguments do not fit the action; the message names the
   *     argument
   */
  ProposalReceipt propose(ProposalDraft draft);
}
