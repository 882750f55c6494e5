package dev.lakeops.agent.approval;

import static dev.lakeops.tools.Checks.checkArgument;
import static java.util.Objects.requireNonNull;

import dev.lakeops.runbooks.approval.Decision;
import java.time.Instant;

/**
 * What a signed one-time approval link allows: exactly one decision on one proposal, by one lakeops
 * user, until {@code expires}, and only while the proposal is the one the link was issued for.
 *
 * @param user the lakeops user the link was issued to; the decision is recorded as theirs
 * @param expires no later than the proposal's own expiry
 * @param binding the proposal's {@code bindingHash()} (action, arguments and state fingerprint)
 *     when the link was issued; a proposal whose binding differs is refused
 */
public record ApprovalLink(
    String proposalId, Decision decision, String user, Instant expires, String binding) {

  public ApprovalLink {
    requireNonNull(proposalId, "proposalId");
    requireNonNull(decision, "decision");
    requireNonNull(user, "user");
    requireNonNull(expires, "expires");
    requireNonNull(binding, "binding");
    checkArgument(
        !proposalId.isEmpty() && !user.isEmpty(), "Invalid link: empty proposal id or user");
  }
}
