package dev.lakeops.runbooks.approval;

/** What an approver decided. */
public enum Decision {
  APPROVE,
  REJECT
}
