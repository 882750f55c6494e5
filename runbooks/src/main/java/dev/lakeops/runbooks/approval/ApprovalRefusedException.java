package dev.lakeops.runbooks.approval;

/**
 * The gate refused a proposal, an approval or an execution; nothing was changed and the refusal is
 * in the audit log with this message as its reason.
 */
public class ApprovalRefusedException extends RuntimeException {

  public ApprovalRefusedException(String reason) {
    super(reason);
  }
}
