package dev.lakeops.agent.approval;

import dev.lakeops.agent.chat.ApprovalOutcome;
import dev.lakeops.agent.chat.ApprovalPort;
import dev.lakeops.agent.chat.ChatMessage;
import dev.lakeops.agent.chat.IssuedLinks;
import dev.lakeops.runbooks.action.ActionKind;
import dev.lakeops.runbooks.approval.ApprovalRefusedException;
import dev.lakeops.runbooks.approval.ApprovalSource;
import dev.lakeops.runbooks.approval.Decision;
import dev.lakeops.runbooks.approval.DuplicateProposalException;
import dev.lakeops.runbooks.approval.Proposal;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * Approvals from chat: the sender's chat identity must map to a lakeops user ({@code
 * lakeops.approvers.<user>.im-ids}); the approval gate decides the rest and audits it. A rollback
 * asked for in chat only becomes a proposal of the non-destructive {@code
 * table.rollback_to_as_latest}; the message text is stored as data, never parsed for arguments
 * beyond the table and snapshot the interpreter already extracted.
 */
public final class GateApprovals implements ApprovalPort {

  private final ProposalService proposals;
  private final ApprovalLinks links;
  private final Optional<String> warehouse;

  /**
   * @param warehouse where {@code rollback <db.table>} finds a table named without a path
   */
  public GateApprovals(ProposalService proposals, ApprovalLinks links, Optional<String> warehouse) {
    this.proposals = proposals;
    this.links = links;
    this.warehouse = warehouse;
  }

  @Override
  public ApprovalOutcome approve(String proposalId, ChatMessage from) {
    Optional<String> user = proposals.users().byIm(from.platform(), from.userId());
    if (user.isEmpty()) {
      return unknown(proposalId, from);
    }
    if (proposals.find(proposalId).isEmpty()) {
      return new ApprovalOutcome(
          ApprovalOutcome.Status.NOT_FOUND, proposalId, "no proposal with id " + proposalId);
    }
    try {
      ProposalService.Decided d = proposals.approve(proposalId, user.get(), source(from));
      String detail =
          d.execution() != null
              ? "executed: "
                  + d.execution().state()
                  + (d.execution().outcome() == null
                      ? ""
                      : " — " + d.execution().outcome().summary())
                  + (d.execution().error() == null ? "" : " — " + d.execution().error())
                  // the verification on lines of its own: a long summary does not hide it
                  + (d.execution().verification() == null
                      ? ""
                      : "\nverification "
                          + d.execution().verification().status()
                          + d.execution().verification().checks().stream()
                              .map(c -> "\n- " + c)
                              .collect(java.util.stream.Collectors.joining()))
              : d.executionRefused() != null
                  ? "approved, but not executed: " + d.executionRefused()
                  : "approved by "
                      + user.get()
                      + " ("
                      + d.proposal().approvers().size()
                      + " of "
                      + d.proposal().action().tier().approvalsRequired()
                      + " approvals)";
      return new ApprovalOutcome(ApprovalOutcome.Status.APPROVED, proposalId, detail);
    } catch (ApprovalRefusedException e) {
      return new ApprovalOutcome(ApprovalOutcome.Status.REFUSED, proposalId, e.getMessage());
    }
  }

  @Override
  public ApprovalOutcome reject(String proposalId, ChatMessage from) {
    Optional<String> user = proposals.users().byIm(from.platform(), from.userId());
    if (user.isEmpty()) {
      return unknown(proposalId, from);
    }
    if (proposals.find(proposalId).isEmpty()) {
      return new ApprovalOutcome(
          ApprovalOutcome.Status.NOT_FOUND, proposalId, "no proposal with id " + proposalId);
    }
    try {
      proposals.reject(proposalId, user.get(), source(from));
      return new ApprovalOutcome(
          ApprovalOutcome.Status.REJECTED, proposalId, "rejected by " + user.get());
    } catch (ApprovalRefusedException e) {
      return new ApprovalOutcome(ApprovalOutcome.Status.REFUSED, proposalId, e.getMessage());
    }
  }

  @Override
  public ApprovalOutcome proposeRollback(
      @Nullable String table, @Nullable Long snapshot, ChatMessage from) {
    if (table == null || snapshot == null) {
      return new ApprovalOutcome(
          ApprovalOutcome.Status.REFUSED,
          null,
          "say which table and snapshot, e.g. `rollback db.orders 42` (回滚 db.orders 到快照 42)");
    }
    String requester =
        proposals
            .users()
            .byIm(from.platform(), from.userId())
            .orElse(from.platform().id() + ":" + from.userId());
    Map<String, String> args = new LinkedHashMap<>();
    if (warehouse.isPresent() && !table.contains("/")) {
      args.put("warehouse", warehouse.get());
    }
    args.put("table", table);
    args.put("snapshot", Long.toString(snapshot));
    try {
      Proposal p =
          proposals.propose(
              ActionKind.TABLE_ROLLBACK_TO_AS_LATEST,
              args,
              requester,
              "asked for in chat",
              List.of(),
              from.text());
      return new ApprovalOutcome(ApprovalOutcome.Status.PROPOSED, p.id(), p.preview().summary());
    } catch (DuplicateProposalException e) {
      return new ApprovalOutcome(ApprovalOutcome.Status.DUPLICATE, e.existingId(), e.getMessage());
    } catch (ApprovalRefusedException e) {
      return new ApprovalOutcome(ApprovalOutcome.Status.REFUSED, null, e.getMessage());
    }
  }

  /**
   * Links only for the sender's own lakeops user: a card shown in a channel cannot know who will
   * click, and a link issued to one person and used by another would let one person count twice.
   */
  @Override
  public IssuedLinks links(String proposalId, ChatMessage from) {
    if (!links.enabled()) {
      return IssuedLinks.notConfigured(proposalId);
    }
    Optional<String> user = proposals.users().byIm(from.platform(), from.userId());
    if (user.isEmpty()) {
      return new IssuedLinks(
          IssuedLinks.Status.REFUSED,
          proposalId,
          null,
          null,
          null,
          "your "
              + from.platform().id()
              + " identity "
              + from.userId()
              + " is not a lakeops user (lakeops.approvers.<user>.im-ids)");
    }
    Optional<Proposal> found = proposals.find(proposalId);
    if (found.isEmpty()) {
      return new IssuedLinks(IssuedLinks.Status.NOT_FOUND, proposalId, user.get(), null, null, "");
    }
    Proposal p = found.get();
    String approve = links.issue(p, Decision.APPROVE, user.get()).orElse(null);
    String reject = links.issue(p, Decision.REJECT, user.get()).orElse(null);
    if (reject == null) {
      String why =
          !proposals.users().isApprover(user.get())
              ? user.get() + " is not an approver (lakeops.approvers." + user.get() + ".roles)"
              : "proposal "
                  + proposalId
                  + " no longer waits for decisions (state "
                  + p.state()
                  + ", expires "
                  + p.expires()
                  + ")";
      return new IssuedLinks(IssuedLinks.Status.REFUSED, proposalId, user.get(), null, null, why);
    }
    String detail =
        approve == null
            ? user.get()
                + " requested this "
                + p.action().tier().name().toLowerCase(java.util.Locale.ROOT)
                + " action and may not approve it; only the reject link is issued"
            : "";
    return new IssuedLinks(
        IssuedLinks.Status.ISSUED, proposalId, user.get(), approve, reject, detail);
  }

  private static ApprovalOutcome unknown(String proposalId, ChatMessage from) {
    return new ApprovalOutcome(
        ApprovalOutcome.Status.REFUSED,
        proposalId,
        "your "
            + from.platform().id()
            + " identity "
            + from.userId()
            + " is not a lakeops user (lakeops.approvers.<user>.im-ids); nothing was approved");
  }

  private static ApprovalSource source(ChatMessage from) {
    return new ApprovalSource(from.platform().id() + ":" + from.channel(), null, from.userId());
  }
}
