package dev.lakeops.runbooks.approval;

import static java.util.Objects.requireNonNull;

import dev.lakeops.runbooks.action.Action;
import dev.lakeops.runbooks.action.ActionArgs;
import dev.lakeops.runbooks.action.ActionOutcome;
import dev.lakeops.runbooks.action.ActionRefusedException;
import dev.lakeops.runbooks.action.Actions;
import dev.lakeops.runbooks.action.ExecutionContext;
import dev.lakeops.runbooks.action.Fingerprint;
import dev.lakeops.runbooks.action.Preview;
import dev.lakeops.runbooks.action.RiskTier;
import dev.lakeops.runbooks.action.Verification;
import dev.lakeops.runbooks.audit.AuditEntry;
import dev.lakeops.runbooks.audit.AuditEvent;
import dev.lakeops.runbooks.audit.AuditLog;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Instant;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The only path from a proposal to a write. A proposal runs only when it is stored, approved by
 * enough distinct configured approvers for its risk tier (for a destructive action two, neither the
 * requester), unexpired, unchanged since approval, not yet run, and the state it assumed is still
 * the live state. Every proposal, decision, refusal, execution and verification is audited.
 *
 * <p>Run-once: the proposal moves APPROVED → EXECUTING by compare-and-set in the store before the
 * action starts, so of two executors (threads or processes) exactly one runs it.
 */
public final class ApprovalGate {

  private static final Logger LOG = LoggerFactory.getLogger(ApprovalGate.class);
  private static final SecureRandom RANDOM = new SecureRandom();

  private final ProposalStore store;
  private final AuditLog audit;
  private final ApproverDirectory directory;
  private final Actions actions;
  private final Clock clock;

  public ApprovalGate(
      ProposalStore store,
      AuditLog audit,
      ApproverDirectory directory,
      Actions actions,
      Clock clock) {
    this.store = requireNonNull(store, "store");
    this.audit = requireNonNull(audit, "audit");
    this.directory = requireNonNull(directory, "directory");
    this.actions = requireNonNull(actions, "actions");
    this.clock = requireNonNull(clock, "clock");
  }

  /**
   * Validates the arguments, reads the fingerprint, computes the preview and stores the proposal.
   * Changes nothing else.
   *
   * @throws DuplicateProposalException an identical proposal (same action, arguments and assumed
   *     state) is still open; its id is in the exception and the message; audited
   * @throws ApprovalRefusedException bad arguments (the argument is named) or a state in which the
   *     action cannot run; audited
   */
  public Proposal propose(ProposalRequest request) {
    Instant now = clock.instant();
    String id = newId(now);
    Fingerprint fingerprint;
    Preview preview;
    try {
      if (request.action().tier() == RiskTier.READ) {
        throw new IllegalArgumentException(
            request.action().actionName() + " is read-only and needs no proposal");
      }
      Action action = actions.create(ActionArgs.of(request.action(), request.args()), now);
      fingerprint = action.fingerprint();
      preview = action.preview();
    } catch (RuntimeException e) {
      String reason = "proposal of " + request.action().actionName() + " refused: " + message(e);
      if (!(e instanceof IllegalArgumentException) && !(e instanceof ActionRefusedException)) {
        LOG.warn("Proposal of {} failed", request.action().actionName(), e);
      }
      audit.append(
          AuditEntry.of(
                  AuditEvent.REFUSED,
                  request.requester(),
                  null,
                  request.action().actionName(),
                  reason)
              .withEvidence(request.evidence())
              .withDetails(argDetails(request.args(), request.originText())));
      throw new ApprovalRefusedException(reason);
    }
    Proposal p =
        new Proposal(
            id,
            request.action(),
            new TreeMap<>(request.args()),
            fingerprint,
            preview,
            request.requester(),
            now,
            now.plus(request.ttl()),
            request.reason(),
            request.evidence(),
            request.originText(),
            ProposalState.PROPOSED,
            List.of());
    createUnlessOpen(p, request);
    Map<String, String> details = argDetails(p.args(), p.originText());
    details.put("expires", p.expires().toString());
    details.put("tier", p.action().tier().name());
    details.put("binding", p.bindingHash());
    details.put("preview", preview.summary());
    audit.append(
        AuditEntry.of(
                AuditEvent.PROPOSED,
                p.requester(),
                id,
                p.action().actionName(),
                "proposed " + p.action().actionName() + ": " + preview.summary())
            .withEvidence(p.evidence())
            .withBefore(fingerprint.values())
            .withDetails(details));
    return p;
  }

  /**
   * Stores {@code p} unless an open proposal has its binding: an expired one is closed first (it
   * can never run), a live one refuses {@code p} with a pointer to it. The store checks again
   * atomically, so of two callers (threads or instances) proposing the same action at once one gets
   * the refusal.
   */
  private void createUnlessOpen(Proposal p, ProposalRequest request) {
    String binding = p.bindingHash();
    for (Proposal open : store.open()) {
      if (open.bindingHash().equals(binding) && open.expiredAt(p.created())) {
        expire(open, request.requester());
      }
    }
    try {
      store.create(p);
    } catch (DuplicateProposalException e) {
      Proposal existing = store.find(e.existingId()).orElse(null);
      String reason =
          "proposal of "
              + p.action().actionName()
              + " refused: proposal "
              + e.existingId()
              + " of the same action and arguments is still open"
              + (existing == null
                  ? ""
                  : " (" + existing.state() + ", expires " + existing.expires() + ")")
              + "; approve or reject "
              + e.existingId()
              + " instead";
      audit.append(
          AuditEntry.of(
                  AuditEvent.REFUSED, request.requester(), null, p.action().actionName(), reason)
              .withEvidence(request.evidence())
              .withDetails(duplicateDetails(p, e.existingId())));
      throw new DuplicateProposalException(e.existingId(), reason);
    }
  }

  private static Map<String, String> duplicateDetails(Proposal p, String existingId) {
    Map<String, String> details = argDetails(p.args(), p.originText());
    details.put("binding", p.bindingHash());
    details.put("existing", existingId);
    return details;
  }

  private boolean expire(Proposal p, String actor) {
    if (!store.transition(p.id(), p.state(), ProposalState.REFUSED)) {
      return false;
    }
    audit.append(
        AuditEntry.of(
                AuditEvent.EXPIRED,
                actor,
                p.id(),
                p.action().actionName(),
                "proposal expired at "
                    + p.expires()
                    + " while "
                    + p.state()
                    + " with "
                    + p.approvers().size()
                    + " of "
                    + p.action().tier().approvalsRequired()
                    + " approvals; it can never run")
            .withEvidence(p.evidence())
            .withDetails(Map.of("expires", p.expires().toString(), "state", p.state().name())));
    return true;
  }

  /**
   * Closes every open proposal whose expiry has passed (state REFUSED, audited as EXPIRED by {@code
   * actor}), so that a forgotten proposal does not wait in the approvers' lists. A proposal another
   * caller moves at the same moment is left to that caller.
   *
   * @return the ids of the proposals closed
   */
  public List<String> expireDue(String actor) {
    Instant now = clock.instant();
    List<String> closed = new java.util.ArrayList<>();
    for (Proposal p : store.open()) {
      if (p.expiredAt(now) && expire(p, actor)) {
        closed.add(p.id());
      }
    }
    return closed;
  }

  /**
   * Records {@code user}'s approval of the proposal as stored now.
   *
   * @throws ApprovalRefusedException unknown user, not an approver, the requester of a destructive
   *     action, a repeated approval, an expired or closed proposal; audited
   */
  public Proposal approve(String id, String user, ApprovalSource source) {
    Proposal p = load(id, user);
    String who = checkApprover(p, user, "approve");
    if (p.action().tier().requesterMayNotApprove() && who.equals(p.requester())) {
      throw refuse(
          p,
          user,
          "self-approval refused: "
              + user
              + " requested this "
              + p.action().tier().name().toLowerCase()
              + " action and may not approve it");
    }
    if (p.approvers().contains(who)) {
      throw refuse(
          p,
          user,
          user
              + " already approved proposal "
              + id
              + "; a second approval must come from another person");
    }
    Approval approval =
        new Approval(who, clock.instant(), Decision.APPROVE, source, p.bindingHash());
    Proposal with = p.withApproval(approval);
    ProposalState next =
        eligibleApprovers(with).size() >= p.action().tier().approvalsRequired()
            ? ProposalState.APPROVED
            : p.state();
    if (!store.addApproval(id, p.state(), approval, next)) {
      throw refuse(
          p,
          user,
          "proposal " + id + " changed while approving (now " + current(id) + "); try again");
    }
    audit.append(
        AuditEntry.of(
                AuditEvent.APPROVED,
                who,
                id,
                p.action().actionName(),
                who
                    + " approved "
                    + p.action().actionName()
                    + " ("
                    + eligibleApprovers(with).size()
                    + " of "
                    + p.action().tier().approvalsRequired()
                    + " approvals)")
            .withEvidence(p.evidence())
            .withDetails(
                Map.of(
                    "source",
                    source.toString(),
                    "binding",
                    approval.bindingHash(),
                    "state",
                    next.name())));
    return store.find(id).orElseThrow();
  }

  /**
   * Records {@code user}'s rejection: the proposal is closed and can never run.
   *
   * @throws ApprovalRefusedException unknown user, not an approver, a closed proposal; audited
   */
  public Proposal reject(String id, String user, ApprovalSource source) {
    Proposal p = load(id, user);
    String who = checkApprover(p, user, "reject");
    Approval rejection =
        new Approval(who, clock.instant(), Decision.REJECT, source, p.bindingHash());
    if (!store.addApproval(id, p.state(), rejection, ProposalState.REJECTED)) {
      throw refuse(
          p,
          user,
          "proposal " + id + " changed while rejecting (now " + current(id) + "); try again");
    }
    audit.append(
        AuditEntry.of(
                AuditEvent.REJECTED,
                who,
                id,
                p.action().actionName(),
                who + " rejected " + p.action().actionName())
            .withEvidence(p.evidence())
            .withDetails(Map.of("source", source.toString())));
    return store.find(id).orElseThrow();
  }

  /**
   * Runs the stored proposal if every condition holds; see the class comment.
   *
   * @return DONE with the outcome and verification, or FAILED with the error
   * @throws ApprovalRefusedException any condition fails; nothing ran; audited with the reason
   */
  public ExecutionReport execute(String id, String executor) {
    Proposal p = load(id, executor);
    if (directory.find(executor).isEmpty()) {
      throw refuse(p, executor, "unknown user " + executor + ": not in the approver directory");
    }
    if (p.state() == ProposalState.EXECUTING
        || p.state() == ProposalState.DONE
        || p.state() == ProposalState.FAILED) {
      throw refuse(
          p,
          executor,
          "proposal "
              + id
              + " was already executed (state "
              + p.state()
              + "): an approval runs once; ask for a fresh proposal");
    }
    if (p.state().terminal()) {
      throw refuse(
          p,
          executor,
          "proposal " + id + " is " + p.state() + " and can never run; ask for a fresh proposal");
    }
    Instant now = clock.instant();
    if (p.expiredAt(now)) {
      store.transition(id, p.state(), ProposalState.REFUSED);
      throw refuse(
          p,
          executor,
          "proposal "
              + id
              + " expired at "
              + p.expires()
              + " (now "
              + now
              + "); ask for a fresh proposal");
    }
    String binding = p.bindingHash();
    for (Approval a : p.approvals()) {
      if (!a.bindingHash().equals(binding)) {
        store.transition(id, p.state(), ProposalState.REFUSED);
        throw refuse(
            p,
            executor,
            "proposal "
                + id
                + " changed after "
                + a.approver()
                + " approved it (action, arguments or fingerprint differ from what was approved);"
                + " the approval is void; ask for a fresh proposal");
      }
    }
    Set<String> unaudited = unauditedApprovals(p, binding);
    if (!unaudited.isEmpty()) {
      store.transition(id, p.state(), ProposalState.REFUSED);
      throw refuse(
          p,
          executor,
          "proposal "
              + id
              + " carries approvals by "
              + unaudited
              + " that the audit log does not record for this exact action; the stored proposal was"
              + " altered; ask for a fresh proposal");
    }
    Set<String> approvers = eligibleApprovers(p);
    int required = p.action().tier().approvalsRequired();
    if (approvers.size() < required) {
      throw refuse(
          p,
          executor,
          "proposal "
              + id
              + " ("
              + p.action().tier().name().toLowerCase()
              + ") needs "
              + required
              + " distinct approvers"
              + (p.action().tier().requesterMayNotApprove()
                  ? " other than the requester " + p.requester()
                  : "")
              + ", has "
              + approvers.size()
              + (approvers.isEmpty() ? "" : " " + approvers));
    }
    if (!store.transition(id, ProposalState.APPROVED, ProposalState.EXECUTING)) {
      throw refuse(
          p,
          executor,
          "proposal "
              + id
              + " could not be claimed for execution (state "
              + current(id)
              + "): another executor has it; an approval runs once");
    }
    return run(p, executor, approvers);
  }

  private ExecutionReport run(Proposal p, String executor, Set<String> approvers) {
    String id = p.id();
    String name = p.action().actionName();
    Action action;
    Fingerprint live;
    try {
      action = actions.create(p.actionArgs(), p.created());
      live = action.fingerprint();
    } catch (RuntimeException e) {
      return fail(
          p, executor, "could not read the state of " + name + ": " + message(e), e, Map.of());
    }
    List<String> changes = p.fingerprint().differences(live);
    if (!changes.isEmpty()) {
      store.transition(id, ProposalState.EXECUTING, ProposalState.REFUSED);
      throw refuse(
          p,
          executor,
          "state changed since proposal: "
              + String.join("; ", changes)
              + "; ask for a fresh proposal",
          live.values());
    }
    String undo = null;
    if (p.action().tier() == RiskTier.DESTRUCTIVE) {
      try {
        undo = action.createUndoPoint(id).orElse(null);
      } catch (RuntimeException e) {
        return fail(
            p,
            executor,
            "could not take the undo point before " + name + ": " + message(e),
            e,
            live.values());
      }
      if (undo != null) {
        audit.append(
            AuditEntry.of(AuditEvent.UNDO_POINT, executor, id, name, "undo point: " + undo)
                .withEvidence(p.evidence()));
      }
    }
    ActionOutcome outcome;
    try {
      outcome = action.execute(new ExecutionContext(id));
    } catch (RuntimeException e) {
      return fail(p, executor, name + " failed: " + message(e), e, live.values());
    }
    Map<String, String> after = afterState(action);
    Map<String, String> details = new LinkedHashMap<>();
    details.put("approvers", String.join(",", approvers));
    outcome.figures().forEach((k, v) -> details.put(k, Long.toString(v)));
    outcome.items().forEach((k, v) -> details.put(k, String.join(", ", v)));
    if (undo != null) {
      details.put("undo point", undo);
    }
    audit.append(
        AuditEntry.of(AuditEvent.EXECUTED, executor, id, name, outcome.summary())
            .withEvidence(p.evidence())
            .withBefore(live.values())
            .withAfter(after)
            .withDetails(details));
    Verification verification;
    try {
      verification = action.verify(outcome);
    } catch (RuntimeException e) {
      verification =
          new Verification(
              Verification.Status.FAILED, List.of("FAILED: verify could not run: " + message(e)));
    }
    audit.append(
        AuditEntry.of(
                AuditEvent.VERIFIED,
                executor,
                id,
                name,
                "verification "
                    + verification.status()
                    + ": "
                    + String.join("; ", verification.checks()))
            .withEvidence(p.evidence())
            .withAfter(after)
            .withDetails(Map.of("status", verification.status().name())));
    store.transition(id, ProposalState.EXECUTING, ProposalState.DONE);
    return new ExecutionReport(id, ProposalState.DONE, undo, outcome, verification, null);
  }

  private ExecutionReport fail(
      Proposal p, String executor, String error, RuntimeException e, Map<String, String> before) {
    LOG.warn("Proposal {} failed", p.id(), e);
    store.transition(p.id(), ProposalState.EXECUTING, ProposalState.FAILED);
    audit.append(
        AuditEntry.of(AuditEvent.FAILED, executor, p.id(), p.action().actionName(), error)
            .withEvidence(p.evidence())
            .withBefore(before));
    return new ExecutionReport(p.id(), ProposalState.FAILED, null, null, null, error);
  }

  private Map<String, String> afterState(Action action) {
    try {
      return action.fingerprint().values();
    } catch (RuntimeException e) {
      return Map.of("error", "could not read the state after the action: " + message(e));
    }
  }

  /**
   * Approvers in the stored proposal with no APPROVED audit record for the same proposal and
   * binding hash: an edited proposal file whose approvals were re-hashed to fit new arguments still
   * fails here, unless the hash-chained audit log was rewritten as well.
   */
  private Set<String> unauditedApprovals(Proposal p, String binding) {
    Set<String> audited =
        audit.read(p.created()).stream()
            .filter(
                r ->
                    r.entry().event() == AuditEvent.APPROVED
                        && p.id().equals(r.entry().proposalId())
                        && binding.equals(r.entry().details().get("binding")))
            .map(r -> r.entry().actor())
            .collect(Collectors.toSet());
    Set<String> missing = new java.util.TreeSet<>(p.approvers());
    missing.removeAll(audited);
    return missing;
  }

  /**
   * Approvers who count: configured with the approver role and, for a destructive action, not the
   * requester.
   */
  private Set<String> eligibleApprovers(Proposal p) {
    return p.approvers().stream()
        .filter(u -> directory.find(u).map(Approver::mayApprove).orElse(false))
        .filter(u -> !(p.action().tier().requesterMayNotApprove() && u.equals(p.requester())))
        .collect(Collectors.toCollection(java.util.LinkedHashSet::new));
  }

  private String checkApprover(Proposal p, String user, String verb) {
    Optional<Approver> a = directory.find(user);
    if (a.isEmpty()) {
      throw refuse(
          p,
          user,
          "unknown approver "
              + user
              + ": not in the approver directory (lakeops.approvers.<user>.roles)");
    }
    if (!a.get().mayApprove()) {
      throw refuse(
          p,
          user,
          user
              + " may not "
              + verb
              + " (roles: "
              + a.get().roles().stream()
                  .map(r -> r.name().toLowerCase())
                  .sorted()
                  .collect(Collectors.joining(","))
              + "; needs approver)");
    }
    if (p.state() != ProposalState.PROPOSED && p.state() != ProposalState.APPROVED) {
      throw refuse(
          p,
          user,
          "proposal " + p.id() + " is " + p.state() + "; it can no longer be " + verb + "d");
    }
    if (p.expiredAt(clock.instant())) {
      throw refuse(
          p,
          user,
          "proposal " + p.id() + " expired at " + p.expires() + "; ask for a fresh proposal");
    }
    return a.get().user();
  }

  private Proposal load(String id, String actor) {
    Optional<Proposal> p = store.find(id);
    if (p.isEmpty()) {
      String reason = "no proposal " + id;
      audit.append(AuditEntry.of(AuditEvent.REFUSED, actor, id, null, reason));
      throw new ApprovalRefusedException(reason);
    }
    return p.get();
  }

  private String current(String id) {
    return store.find(id).map(p -> p.state().name()).orElse("missing");
  }

  private ApprovalRefusedException refuse(Proposal p, String actor, String reason) {
    return refuse(p, actor, reason, Map.of());
  }

  private ApprovalRefusedException refuse(
      Proposal p, String actor, String reason, Map<String, String> live) {
    audit.append(
        AuditEntry.of(AuditEvent.REFUSED, actor, p.id(), p.action().actionName(), reason)
            .withEvidence(p.evidence())
            .withBefore(p.fingerprint().values())
            .withAfter(live));
    return new ApprovalRefusedException(reason);
  }

  private static Map<String, String> argDetails(Map<String, String> args, String originText) {
    Map<String, String> details = new TreeMap<>();
    args.forEach((k, v) -> details.put("arg." + k, v));
    if (originText != null) {
      details.put("origin text", originText);
    }
    return details;
  }

  private static String message(Throwable e) {
    String m = e.getMessage();
    return m == null || m.isBlank() ? e.getClass().getSimpleName() : m;
  }

  private static String newId(Instant now) {
    byte[] random = new byte[5];
    RANDOM.nextBytes(random);
    return "p" + Long.toString(now.getEpochSecond(), 36) + "-" + HexFormat.of().formatHex(random);
  }
}
