package dev.lakeops.agent.approval;

import dev.lakeops.agent.metrics.LakeopsMetrics;
import dev.lakeops.runbooks.action.ActionKind;
import dev.lakeops.runbooks.approval.ApprovalGate;
import dev.lakeops.runbooks.approval.ApprovalRefusedException;
import dev.lakeops.runbooks.approval.ApprovalSource;
import dev.lakeops.runbooks.approval.ExecutionReport;
import dev.lakeops.runbooks.approval.Proposal;
import dev.lakeops.runbooks.approval.ProposalRequest;
import dev.lakeops.runbooks.approval.ProposalState;
import dev.lakeops.runbooks.approval.ProposalStore;
import dev.lakeops.runbooks.audit.AuditLog;
import dev.lakeops.runbooks.audit.AuditRecord;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * The one way the app (REST, chat, console, LLM) proposes, approves and runs actions: everything
 * goes through the {@link ApprovalGate}. An approval that completes its tier runs the stored
 * proposal at once (the gate's compare-and-set makes it run once, whichever instance gets there).
 */
public final class ProposalService {

  /**
   * What an approval did: the proposal as stored now and, when it completed the tier, the
   * execution.
   */
  public record Decided(
      Proposal proposal, @Nullable ExecutionReport execution, @Nullable String executionRefused) {}

  /** The actor the audit log names for what lakeops does on its own (expiry). */
  public static final String SYSTEM_ACTOR = "lakeops";

  private final ApprovalGate gate;
  private final ProposalStore store;
  private final AuditLog audit;
  private final Users users;
  private final Duration ttl;
  private final LakeopsMetrics metrics;

  public ProposalService(
      ApprovalGate gate,
      ProposalStore store,
      AuditLog audit,
      Users users,
      Duration ttl,
      LakeopsMetrics metrics) {
    this.gate = gate;
    this.store = store;
    this.audit = audit;
    this.users = users;
    this.ttl = ttl;
    this.metrics = metrics;
  }

  /**
   * Creates a proposal (validated, fingerprinted, previewed; nothing changes). {@code originText}
   * is kept as data only.
   *
   * @throws ApprovalRefusedException bad arguments or a state the action cannot run in; audited
   */
  public Proposal propose(
      ActionKind action,
      Map<String, String> args,
      String requester,
      String reason,
      List<String> evidence,
      @Nullable String originText) {
    return gate.propose(
        new ProposalRequest(action, args, requester, ttl, reason, evidence, originText));
  }

  /**
   * Records {@code user}'s approval; when that completes the tier, executes the stored proposal.
   *
   * @throws ApprovalRefusedException the approval itself was refused; audited
   */
  public Decided approve(String id, String user, ApprovalSource source) {
    Proposal approved = gate.approve(id, user, source);
    metrics.approval(LakeopsMetrics.APPROVE);
    if (approved.state() != ProposalState.APPROVED) {
      return new Decided(approved, null, null);
    }
    try {
      ExecutionReport report = gate.execute(id, user);
      return new Decided(store.find(id).orElse(approved), report, null);
    } catch (ApprovalRefusedException e) {
      metrics.approval(LakeopsMetrics.REFUSED);
      return new Decided(store.find(id).orElse(approved), null, e.getMessage());
    }
  }

  /**
   * @throws ApprovalRefusedException audited
   */
  public Proposal reject(String id, String user, ApprovalSource source) {
    Proposal rejected = gate.reject(id, user, source);
    metrics.approval(LakeopsMetrics.REJECT);
    return rejected;
  }

  /** Closes the open proposals past their expiry (audited as EXPIRED); returns their ids. */
  public List<String> expireDue() {
    List<String> closed = gate.expireDue(SYSTEM_ACTOR);
    closed.forEach(id -> metrics.approval(LakeopsMetrics.EXPIRED));
    return closed;
  }

  public Optional<Proposal> find(String id) {
    return store.find(id);
  }

  /** Every proposal, newest first. */
  public List<Proposal> list() {
    List<Proposal> all = new java.util.ArrayList<>(store.list());
    java.util.Collections.reverse(all);
    return all;
  }

  /** Audit records at or after {@code since}, oldest first. */
  public List<AuditRecord> audit(Instant since) {
    return audit.read(since);
  }

  public AuditLog auditLog() {
    return audit;
  }

  public Users users() {
    return users;
  }
}
