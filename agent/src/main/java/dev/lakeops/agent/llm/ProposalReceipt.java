package dev.lakeops.agent.llm;

import static java.util.Objects.requireNonNull;

/**
 * A proposal that was recorded and now waits for people.
 *
 * @param id the proposal's id, for approval in chat or the console
 * @param state its state as the gate names it, e.g. {@code PENDING}
 */
public record ProposalReceipt(String id, String state) {

  public ProposalReceipt {
    requireNonNull(id, "id");
    requireNonNull(state, "state");
  }
}
