package dev.lakeops.runbooks.approval;

import static java.util.Objects.requireNonNull;

import dev.lakeops.runbooks.action.ActionOutcome;
import dev.lakeops.runbooks.action.Verification;
import org.jspecify.annotations.Nullable;

/**
 * What an execution did.
 *
 * @param state DONE or FAILED
 * @param undoPoint the undo point taken before a destructive action, if any
 * @param outcome what the action did; null when it failed
 * @param verification the verify step's result; null when the action failed
 * @param error why it failed; null when it ran
 */
public record ExecutionReport(
    String proposalId,
    ProposalState state,
    @Nullable String undoPoint,
    @Nullable ActionOutcome outcome,
    @Nullable Verification verification,
    @Nullable String error) {

  public ExecutionReport {
    requireNonNull(proposalId, "proposalId");
    requireNonNull(state, "state");
  }
}
