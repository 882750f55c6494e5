package dev.lakeops.agent.approval;

import static java.util.Objects.requireNonNull;

/**
 * A signed approval link was refused; nothing was decided. The message says what is wrong with the
 * link (never the token, never a stack trace), the reason gives the HTTP status.
 */
public final class ApprovalLinkException extends RuntimeException {

  /** Why a link was refused, with the HTTP status the link endpoint answers. */
  public enum Reason {
    /** Not a link token at all: wrong shape, bad encoding. */
    MALFORMED(400),
    /** The signature does not verify: altered, or signed with another secret. */
    BAD_SIGNATURE(401),
    /**
     * The user may not make this decision: no longer configured, not an approver, or the requester
     * of a destructive action.
     */
    NOT_ALLOWED(403),
    /** Links are not configured ({@code lakeops.approval.link-secret}). */
    NOT_CONFIGURED(404),
    UNKNOWN_PROPOSAL(404),
    /**
     * The proposal changed since the link was issued, or is already decided, or the gate refused
     * the decision.
     */
    CONFLICT(409),
    /** The link or its proposal expired. */
    EXPIRED(410),
    /** The link was used already (one use, across every instance on the database). */
    USED(410);

    private final int status;

    Reason(int status) {
      this.status = status;
    }

    public int status() {
      return status;
    }
  }

  private final Reason reason;

  public ApprovalLinkException(Reason reason, String message) {
    super(message);
    this.reason = requireNonNull(reason, "reason");
  }

  public Reason reason() {
    return reason;
  }
}
