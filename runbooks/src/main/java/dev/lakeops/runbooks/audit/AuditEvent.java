package dev.lakeops.runbooks.audit;

/** What an audit record reports. */
public enum AuditEvent {
  PROPOSED,
  APPROVED,
  REJECTED,
  /** A proposal, an approval or an execution was refused; the reason is in the details. */
  REFUSED,
  /** A proposal passed its expiry without running and was closed; it can never run. */
  EXPIRED,
  /** An undo point (a table tag) was taken before a destructive action. */
  UNDO_POINT,
  EXECUTED,
  FAILED,
  VERIFIED
}
