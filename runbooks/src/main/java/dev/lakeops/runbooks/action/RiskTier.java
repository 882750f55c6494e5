package dev.lakeops.runbooks.action;

/** How much an action can change, and so how many people must approve it before it runs. */
public enum RiskTier {
  /** Reads only; runs without approval. */
  READ(0),
  /** Changes something that can be undone; one approver. */
  REVERSIBLE(1),
  /** Removes data, history or a running job; two approvers, neither of them the requester. */
  DESTRUCTIVE(2);

  private final int approvalsRequired;

  RiskTier(int approvalsRequired) {
    this.approvalsRequired = approvalsRequired;
  }

  /** Distinct approvers needed before an action of this tier may run. */
  public int approvalsRequired() {
    return approvalsRequired;
  }

  /** Whether the requester of a proposal is barred from approving it. */
  public boolean requesterMayNotApprove() {
    return this == DESTRUCTIVE;
  }
}
