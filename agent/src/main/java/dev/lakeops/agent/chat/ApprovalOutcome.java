package dev.lakeops.agent.chat;

import static java.util.Objects.requireNonNull;

import org.jspecify.annotations.Nullable;

/**
 * What an {@link ApprovalPort} call did.
 *
 * @param status the outcome
 * @param proposalId the proposal concerned, when there is one
 * @param detail one line for the person (e.g. why it was refused, the what-if preview of a new
 *     proposal); shown as given
 */
public record ApprovalOutcome(Status status, @Nullable String proposalId, String detail) {

  /** Outcomes of an approval call. */
  public enum Status {
    APPROVED,
    REJECTED,
    /** A proposal was created and waits for approval. */
    PROPOSED,
    /** The person may not do this, or the proposal is stale or expired; {@code detail} says why. */
    REFUSED,
    /**
     * Refused because an identical proposal is still open: {@code proposalId} is that one, the one
     * to approve or reject.
     */
    DUPLICATE,
    NOT_FOUND,
    /** No approvals engine is configured. */
    NOT_CONFIGURED
  }

  public ApprovalOutcome {
    requireNonNull(status, "status");
    requireNonNull(detail, "detail");
  }

  public static ApprovalOutcome notConfigured() {
    return new ApprovalOutcome(Status.NOT_CONFIGURED, null, "");
  }
}
