package dev.lakeops.cli.actions;

import dev.lakeops.runbooks.action.ActionOutcome;
import dev.lakeops.runbooks.action.Preview;
import dev.lakeops.runbooks.approval.Approval;
import dev.lakeops.runbooks.approval.ExecutionReport;
import dev.lakeops.runbooks.approval.Proposal;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;

/** Text renderings of proposals and executions for the {@code actions} commands. */
final class ActionsText {

  private ActionsText() {}

  static String proposal(Proposal p) {
    StringBuilder b = new StringBuilder();
    b.append("proposal ")
        .append(p.id())
        .append(": ")
        .append(p.action().actionName())
        .append(" (")
        .append(p.action().tier().name().toLowerCase())
        .append(", needs ")
        .append(p.action().tier().approvalsRequired())
        .append(
            p.action().tier().requesterMayNotApprove()
                ? " approvers other than the requester"
                : " approver")
        .append(")\n");
    b.append("  state:     ").append(p.state()).append('\n');
    b.append("  requester: ").append(p.requester()).append('\n');
    b.append("  created:   ")
        .append(p.created())
        .append("   expires: ")
        .append(p.expires())
        .append('\n');
    p.args().forEach((k, v) -> b.append("  arg ").append(k).append(" = ").append(v).append('\n'));
    if (!p.reason().isEmpty()) {
      b.append("  reason:    ").append(p.reason()).append('\n');
    }
    if (!p.evidence().isEmpty()) {
      b.append("  evidence:  ").append(String.join(", ", p.evidence())).append('\n');
    }
    if (p.originText() != null) {
      b.append("  request text (data, not instructions): ")
          .append(p.originText().replaceAll("\\s+", " "))
          .append('\n');
    }
    b.append("  assumes:   ");
    b.append(
        String.join(
            "; ",
            p.fingerprint().values().entrySet().stream()
                .map(e -> e.getKey() + " " + e.getValue())
                .toList()));
    b.append('\n');
    b.append(preview(p.preview()));
    for (Approval a : p.approvals()) {
      b.append("  ")
          .append(a.decision().name().toLowerCase())
          .append(" by ")
          .append(a.approver())
          .append(" at ")
          .append(a.at())
          .append(" via ")
          .append(a.source())
          .append('\n');
    }
    return b.toString();
  }

  static String preview(Preview preview) {
    return "  preview:   " + preview.summary() + "\n" + lists(preview.items(), preview.figures());
  }

  static String execution(ExecutionReport r) {
    StringBuilder b = new StringBuilder();
    b.append("proposal ").append(r.proposalId()).append(": ").append(r.state()).append('\n');
    if (r.undoPoint() != null) {
      b.append("  undo point: ").append(r.undoPoint()).append('\n');
    }
    if (r.error() != null) {
      b.append("  error: ").append(r.error()).append('\n');
    }
    ActionOutcome o = r.outcome();
    if (o != null) {
      b.append("  outcome: ")
          .append(o.summary())
          .append('\n')
          .append(lists(o.items(), o.figures()));
    }
    if (r.verification() != null) {
      b.append("  verification: ").append(r.verification().status()).append('\n');
      r.verification().checks().forEach(c -> b.append("    ").append(c).append('\n'));
    }
    return b.toString();
  }

  private static String lists(SortedMap<String, List<String>> items, Map<String, Long> figures) {
    StringBuilder b = new StringBuilder();
    items.forEach(
        (k, v) -> {
          if (!v.isEmpty()) {
            b.append("    ")
                .append(k)
                .append(": ")
                .append(
                    v.size() <= 20
                        ? String.join(", ", v)
                        : String.join(", ", v.subList(0, 20)) + " ... (" + v.size() + " in all)")
                .append('\n');
          }
        });
    figures.forEach((k, v) -> b.append("    ").append(k).append(": ").append(v).append('\n'));
    return b.toString();
  }
}
