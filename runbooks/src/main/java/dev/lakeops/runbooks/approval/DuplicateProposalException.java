package dev.lakeops.runbooks.approval;

import static java.util.Objects.requireNonNull;

/**
 * A proposal was refused because an identical one (the same action, arguments and assumed state,
 * that is the same {@link Proposal#bindingHash() binding}) is still open: waiting for approval or
 * execution and not expired. People act on the existing one, {@link #existingId()}.
 */
public final class DuplicateProposalException extends ApprovalRefusedException {

  private final String existingId;

  public DuplicateProposalException(String existingId, String reason) {
    super(reason);
    this.existingId = requireNonNull(existingId, "existingId");
  }

  /** The id of the open proposal of the same action and arguments. */
  public String existingId() {
    return existingId;
  }
}
