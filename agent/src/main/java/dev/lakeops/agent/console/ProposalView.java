package dev.lakeops.agent.console;

import dev.lakeops.runbooks.approval.Approval;
import dev.lakeops.runbooks.approval.Proposal;
import dev.lakeops.runbooks.approval.ProposalState;
import io.quarkus.qute.TemplateData;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * One proposal as the console shows it: the exact action, what it would do (the preview), and the
 * decisions so far.
 *
 * @param open whether it still awaits decisions (proposed and not expired)
 */
@TemplateData
public record ProposalView(
    String id,
    String action,
    String tier,
    int approvalsRequired,
    String requester,
    String created,
    String expires,
    String state,
    boolean open,
    String reason,
    Map<String, String> args,
    List<String> evidence,
    String originText,
    String previewSummary,
    Map<String, List<String>> previewItems,
    Map<String, Long> previewFigures,
    List<Decision> approvals) {

  /** One person's decision. */
  @TemplateData
  public record Decision(String approver, String decision, String at, String source) {}

  static ProposalView of(Proposal p, Instant now) {
    boolean open = p.state() == ProposalState.PROPOSED && !p.expiredAt(now);
    String state =
        p.state() == ProposalState.PROPOSED && p.expiredAt(now) ? "EXPIRED" : p.state().name();
    return new ProposalView(
        p.id(),
        p.action().actionName(),
        p.action().tier().name(),
        p.action().tier().approvalsRequired(),
        p.requester(),
        p.created().toString(),
        p.expires().toString(),
        state,
        open,
        p.reason(),
        p.args(),
        p.evidence(),
        p.originText() == null ? "" : p.originText(),
        p.preview().summary(),
        p.preview().items(),
        p.preview().figures(),
        p.approvals().stream().map(ProposalView::decision).toList());
  }

  private static Decision decision(Approval a) {
    return new Decision(
        a.approver(), a.decision().name(), a.at().toString(), a.source().toString());
  }
}
