package dev.lakeops.agent.console;

import dev.lakeops.agent.approval.ProposalService;
import dev.lakeops.agent.incident.Incident;
import dev.lakeops.agent.triage.TriageProposals;
import dev.lakeops.runbooks.ProposedAction;
import dev.lakeops.runbooks.approval.Proposal;
import dev.lakeops.runbooks.approval.ProposalState;
import dev.lakeops.runbooks.audit.AuditEvent;
import dev.lakeops.runbooks.audit.AuditRecord;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/** The proposals of an incident's triage as its page shows them, for the viewer of the page. */
@ApplicationScoped
public class TriageProposalViews {

  /** The audit events that say what became of a proposal. */
  private static final Set<AuditEvent> RESULTS =
      EnumSet.of(
          AuditEvent.EXECUTED,
          AuditEvent.VERIFIED,
          AuditEvent.FAILED,
          AuditEvent.REJECTED,
          AuditEvent.EXPIRED);

  private final ProposalService proposals;
  private final TriageProposals links;
  private final Clock clock;

  @Inject
  public TriageProposalViews(ProposalService proposals, TriageProposals links, Clock clock) {
    this.proposals = proposals;
    this.links = links;
    this.clock = clock;
  }

  public List<TriageProposalView> of(Incident incident, ConsolePage page) {
    if (incident.report() == null) {
      return List.of();
    }
    List<ProposedAction> proposed = incident.report().verdict().proposals();
    if (proposed.isEmpty()) {
      return List.of();
    }
    Map<Integer, TriageProposals.Link> byIndex =
        links.links(incident.id()).stream()
            .collect(Collectors.toMap(TriageProposals.Link::index, l -> l, (a, b) -> b));
    Instant now = clock.instant();
    List<TriageProposalView> out = new ArrayList<>();
    for (int i = 0; i < proposed.size(); i++) {
      ProposedAction p = proposed.get(i);
      TriageProposals.Link link = byIndex.get(i);
      Optional<Proposal> stored =
          link == null || link.proposalId() == null
              ? Optional.empty()
              : proposals.find(link.proposalId());
      if (stored.isEmpty()) {
        out.add(
            new TriageProposalView(
                p.action(),
                p.tier().name(),
                p.args(),
                p.reason(),
                "",
                p.status(),
                "",
                "",
                "",
                "",
                link == null || link.refusal() == null ? "" : link.refusal(),
                false,
                false));
      } else {
        out.add(view(p, stored.get(), page, now));
      }
    }
    return out;
  }

  private TriageProposalView view(ProposedAction p, Proposal s, ConsolePage page, Instant now) {
    boolean open = s.state() == ProposalState.PROPOSED && !s.expiredAt(now);
    String state =
        s.state() == ProposalState.PROPOSED && s.expiredAt(now) ? "EXPIRED" : s.state().name();
    boolean mayReject = open && page.loggedIn() && page.approver();
    boolean mayApprove =
        mayReject
            && !(s.action().tier().requesterMayNotApprove() && page.user().equals(s.requester()))
            && !s.approvers().contains(page.user());
    return new TriageProposalView(
        p.action(),
        s.action().tier().name(),
        s.args(),
        p.reason(),
        s.id(),
        state,
        s.requester(),
        s.expires().toString(),
        s.approvers().size() + " / " + s.action().tier().approvalsRequired(),
        result(s),
        "",
        mayApprove,
        mayReject);
  }

  /** The audit log's words on what became of {@code p}, oldest first. */
  private String result(Proposal p) {
    if (p.state() == ProposalState.PROPOSED) {
      return "";
    }
    List<AuditRecord> records = proposals.audit(p.created());
    List<String> lines = new ArrayList<>();
    for (AuditRecord r : records) {
      if (p.id().equals(r.entry().proposalId()) && RESULTS.contains(r.entry().event())) {
        lines.add(r.entry().event().name() + ": " + r.entry().summary());
      }
    }
    if (lines.isEmpty() && p.state() == ProposalState.REFUSED) {
      records.stream()
          .filter(
              r -> p.id().equals(r.entry().proposalId()) && r.entry().event() == AuditEvent.REFUSED)
          .reduce((a, b) -> b)
          .ifPresent(r -> lines.add("REFUSED: " + r.entry().summary()));
    }
    return String.join(" · ", lines);
  }
}
