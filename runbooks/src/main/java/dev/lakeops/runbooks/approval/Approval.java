package dev.lakeops.runbooks.approval;

import static java.util.Objects.requireNonNull;

import java.time.Instant;

/**
 * One person's decision on one proposal.
 *
 * @param bindingHash the {@link Proposal#bindingHash()} the person saw: an approval counts only for
 *     exactly that action, those arguments and that state
 */
public record Approval(
    String approver, Instant at, Decision decision, ApprovalSource source, String bindingHash) {

  public Approval {
    requireNonNull(approver, "approver");
    requireNonNull(at, "at");
    requireNonNull(decision, "decision");
    requireNonNull(source, "source");
    requireNonNull(bindingHash, "bindingHash");
  }
}
