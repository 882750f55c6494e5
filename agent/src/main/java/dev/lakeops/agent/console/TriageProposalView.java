package dev.lakeops.agent.console;

import io.quarkus.qute.TemplateData;
import java.util.Map;

/**
 * One proposal of an incident's triage on the incident's page, with the stored proposal behind it
 * (when there is one), its state, what its execution did, and which forms the viewer gets.
 *
 * @param proposalId the stored proposal people act on; empty when none could be stored
 * @param state the stored proposal's state ({@code EXPIRED} once past its expiry while open), or
 *     the triage's own status text when none is stored
 * @param approvals approvals so far, "1 of 2"; empty without a stored proposal
 * @param result what its execution did (executed, verified, failed) or why it was refused or
 *     rejected, from the audit log; empty while nothing happened
 * @param notStored why no proposal was stored (incomplete arguments, refused by the gate); empty
 *     otherwise
 * @param mayApprove whether the viewer gets the Approve form: an approver, the proposal open, not
 *     its requester for a tier that forbids it, not approved by the viewer already
 * @param mayReject whether the viewer gets the Reject form: an approver, the proposal open
 */
@TemplateData
public record TriageProposalView(
    String action,
    String tier,
    Map<String, String> args,
    String reason,
    String proposalId,
    String state,
    String requester,
    String expires,
    String approvals,
    String result,
    String notStored,
    boolean mayApprove,
    boolean mayReject) {

  public boolean stored() {
    return !proposalId.isEmpty();
  }
}
