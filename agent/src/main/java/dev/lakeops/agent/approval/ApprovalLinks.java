package dev.lakeops.agent.approval;

import dev.lakeops.agent.approval.ApprovalLinkException.Reason;
import dev.lakeops.runbooks.approval.ApprovalRefusedException;
import dev.lakeops.runbooks.approval.ApprovalSource;
import dev.lakeops.runbooks.approval.Decision;
import dev.lakeops.runbooks.approval.Proposal;
import dev.lakeops.runbooks.approval.ProposalState;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * Signed one-time approval links: issued for one proposal, one decision and one user, opened
 * (read-only: a GET that chat platforms and mail scanners may prefetch) and used (once: the
 * decision goes through {@link ProposalService} exactly as from the API or chat, recorded with the
 * source {@code link}).
 *
 * <p>Using a link first claims its signature in {@code used_approval_link}, then decides. A crash
 * between the two leaves the link spent and nothing decided, never a decision made twice.
 */
public final class ApprovalLinks {

  /** The path links point at, under the public base URL. */
  public static final String PATH = "/console/links/";

  /** A link that verified and whose proposal may still take its decision. */
  public record Opened(ApprovalLink link, Proposal proposal) {}

  /**
   * What using a link did.
   *
   * @param approval the approval's outcome; null for a rejection
   */
  public record Used(
      ApprovalLink link, Proposal proposal, ProposalService.@Nullable Decided approval) {}

  private final @Nullable ApprovalLinkSigner signer;
  private final UsedApprovalLinks used;
  private final ProposalService proposals;
  private final String baseUrl;
  private final Duration ttl;
  private final Clock clock;

  /**
   * @param signer null when {@code lakeops.approval.link-secret} is not set: no links are issued
   *     and every token is refused as NOT_CONFIGURED
   * @param baseUrl the agent's public base URL, e.g. {@code https://lakeops.example.com}
   */
  public ApprovalLinks(
      @Nullable ApprovalLinkSigner signer,
      UsedApprovalLinks used,
      ProposalService proposals,
      String baseUrl,
      Duration ttl,
      Clock clock) {
    this.signer = signer;
    this.used = used;
    this.proposals = proposals;
    this.baseUrl = baseUrl.endsWith("/") ? baseUrl.substring(0, baseUrl.length() - 1) : baseUrl;
    this.ttl = ttl;
    this.clock = clock;
  }

  public boolean enabled() {
    return signer != null;
  }

  /**
   * The URL of a link for {@code user} to make {@code decision} on {@code proposal}; empty when
   * links are not configured, the proposal no longer waits for decisions, or {@code user} could not
   * make this decision (not an approver; the requester approving a destructive action).
   */
  public Optional<String> issue(Proposal proposal, Decision decision, String user) {
    Instant now = clock.instant();
    if (signer == null || !open(proposal, now) || refusal(proposal, decision, user) != null) {
      return Optional.empty();
    }
    Instant expires = now.plus(ttl);
    if (expires.isAfter(proposal.expires())) {
      expires = proposal.expires();
    }
    ApprovalLink link =
        new ApprovalLink(proposal.id(), decision, user, expires, proposal.bindingHash());
    return Optional.of(baseUrl + PATH + signer.sign(link));
  }

  /**
   * Checks a token without changing anything.
   *
   * @throws ApprovalLinkException what is wrong with the link, its user or its proposal
   */
  public Opened open(String token) {
    return check(token);
  }

  /**
   * Spends the link and makes its decision as its user.
   *
   * @param address the client address, recorded in the audit log
   * @throws ApprovalLinkException what is wrong with the link; CONFLICT when the approval gate
   *     refused the decision (its reason is the message, and it is audited)
   */
  public Used use(String token, @Nullable String address) {
    Opened opened = check(token);
    if (!used.claim(ApprovalLinkSigner.signature(token), clock.instant())) {
      throw new ApprovalLinkException(
          Reason.USED, "this link was already used; each link works once");
    }
    ApprovalLink link = opened.link();
    ApprovalSource source = new ApprovalSource("link", address, null);
    try {
      if (link.decision() == Decision.APPROVE) {
        ProposalService.Decided decided = proposals.approve(link.proposalId(), link.user(), source);
        return new Used(link, decided.proposal(), decided);
      }
      return new Used(link, proposals.reject(link.proposalId(), link.user(), source), null);
    } catch (ApprovalRefusedException e) {
      throw new ApprovalLinkException(Reason.CONFLICT, e.getMessage());
    }
  }

  private Opened check(String token) {
    if (signer == null) {
      throw new ApprovalLinkException(
          Reason.NOT_CONFIGURED,
          "approval links are not configured on this lakeops instance (lakeops.approval.link-secret"
              + " is not set)");
    }
    Instant now = clock.instant();
    ApprovalLink link = signer.verify(token, now);
    if (used.isUsed(ApprovalLinkSigner.signature(token))) {
      throw new ApprovalLinkException(
          Reason.USED, "this link was already used; each link works once");
    }
    Proposal p =
        proposals
            .find(link.proposalId())
            .orElseThrow(
                () ->
                    new ApprovalLinkException(
                        Reason.UNKNOWN_PROPOSAL, "there is no proposal " + link.proposalId()));
    if (!p.bindingHash().equals(link.binding())) {
      throw new ApprovalLinkException(
          Reason.CONFLICT,
          "proposal "
              + p.id()
              + " changed since the link was issued (action, "
              + "arguments or state fingerprint differ); the link is void");
    }
    if (p.state() == ProposalState.PROPOSED && p.expiredAt(now)) {
      throw new ApprovalLinkException(
          Reason.EXPIRED,
          "proposal " + p.id() + " expired at " + p.expires() + "; ask for a fresh proposal");
    }
    if (!open(p, now)) {
      throw new ApprovalLinkException(
          Reason.CONFLICT,
          "proposal "
              + p.id()
              + " is already decided (state "
              + p.state()
              + "); it can no longer be "
              + verb(link.decision()));
    }
    String refusal = refusal(p, link.decision(), link.user());
    if (refusal != null) {
      throw new ApprovalLinkException(Reason.NOT_ALLOWED, refusal);
    }
    if (link.decision() == Decision.APPROVE && p.approvers().contains(link.user())) {
      throw new ApprovalLinkException(
          Reason.CONFLICT,
          link.user()
              + " already approved proposal "
              + p.id()
              + "; a further approval must come from another person");
    }
    return new Opened(link, p);
  }

  private static boolean open(Proposal p, Instant now) {
    return (p.state() == ProposalState.PROPOSED || p.state() == ProposalState.APPROVED)
        && !p.expiredAt(now);
  }

  /**
   * Why {@code user} may not make {@code decision} on {@code p}; null when they may (the gate
   * checks again).
   */
  private @Nullable String refusal(Proposal p, Decision decision, String user) {
    if (!proposals.users().isApprover(user)) {
      return user
          + " is not a configured approver (lakeops.approvers."
          + user
          + ".roles) and may not "
          + (decision == Decision.APPROVE ? "approve" : "reject")
          + " proposals";
    }
    if (decision == Decision.APPROVE
        && p.action().tier().requesterMayNotApprove()
        && user.equals(p.requester())) {
      return "self-approval refused: "
          + user
          + " requested this "
          + p.action().tier().name().toLowerCase(java.util.Locale.ROOT)
          + " action and may not approve it";
    }
    return null;
  }

  private static String verb(Decision decision) {
    return decision == Decision.APPROVE ? "approved" : "rejected";
  }
}
