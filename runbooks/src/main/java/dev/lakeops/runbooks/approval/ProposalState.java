package dev.lakeops.runbooks.approval;

/**
 * Where a proposal is in its life. Every change is a compare-and-set in the {@link ProposalStore},
 * written before the gate acts, so that of two executors only one moves APPROVED → EXECUTING.
 *
 * <pre>
 * PROPOSED → APPROVED → EXECUTING → DONE | FAILED
 *    ↓          ↓           ↓
 * REJECTED   REJECTED    REFUSED (stale state, expired, tampered)
 * </pre>
 */
public enum ProposalState {
  PROPOSED,
  APPROVED,
  REJECTED,
  EXECUTING,
  DONE,
  FAILED,
  REFUSED;

  /** Whether no further transition can happen. */
  public boolean terminal() {
    return this == REJECTED || this == DONE || this == FAILED || this == REFUSED;
  }
}
