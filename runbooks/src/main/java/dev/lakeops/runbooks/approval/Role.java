package dev.lakeops.runbooks.approval;

/** What a configured person may do with proposals. */
public enum Role {
  /** May approve or reject, and execute approved proposals. */
  APPROVER,
  /** May propose, read proposals and execute approved ones; never approve. */
  VIEWER
}
