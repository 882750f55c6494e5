package dev.lakeops.agent.console;

import dev.lakeops.agent.approval.ProposalService;
import dev.lakeops.runbooks.approval.ApprovalRefusedException;
import dev.lakeops.runbooks.approval.ApprovalSource;
import dev.lakeops.runbooks.approval.ExecutionReport;
import io.vertx.core.http.HttpServerRequest;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.core.Response;
import org.jspecify.annotations.Nullable;

/**
 * Approve and Reject from any console page (a proposal's page, an incident's page): the session,
 * its CSRF token and the approver role are checked here, then the approval gate decides, audits and
 * runs. One path, whichever page the form is on.
 */
@ApplicationScoped
public class ConsoleDecisions {

  /**
   * What a decision came to.
   *
   * @param stop a whole page to answer with (not logged in, bad CSRF token, not an approver, no
   *     such proposal); nothing was decided
   * @param status the HTTP status of the page showing the outcome (200, or 409 when the gate
   *     refused)
   * @param notice what happened, for a person
   * @param refusal the gate's reason when it refused; empty otherwise
   */
  public record Outcome(@Nullable Response stop, int status, String notice, String refusal) {}

  private final ProposalService proposals;
  private final ConsolePages pages;
  private final ConsoleSessions sessions;

  @Inject
  public ConsoleDecisions(ProposalService proposals, ConsolePages pages, ConsoleSessions sessions) {
    this.proposals = proposals;
    this.pages = pages;
    this.sessions = sessions;
  }

  /** Approves ({@code approve}) or rejects proposal {@code id} as the session's user. */
  public Outcome decide(
      ConsolePage page,
      String id,
      String csrf,
      ConsoleParams params,
      HttpServerRequest request,
      boolean approve) {
    ConsoleTexts m = page.m();
    if (!page.loggedIn()) {
      return stop(pages.message(page, 403, m.t("error.forbidden"), m.t("decide.loginFirst")));
    }
    if (!sessions.csrfMatches(params.cookie, csrf)) {
      return stop(pages.message(page, 403, m.t("error.forbidden"), m.t("decide.csrf")));
    }
    if (!page.approver()) {
      return stop(
          pages.message(page, 403, m.t("error.forbidden"), m.f("decide.notApprover", page.user())));
    }
    if (proposals.find(id).isEmpty()) {
      return stop(pages.message(page, 404, m.t("error.notFound"), m.f("proposal.unknown", id)));
    }
    ApprovalSource source = new ApprovalSource("console", address(request), null);
    try {
      if (approve) {
        ProposalService.Decided decided = proposals.approve(id, page.user(), source);
        return new Outcome(
            null,
            200,
            outcome(m, decided),
            decided.executionRefused() == null ? "" : decided.executionRefused());
      }
      proposals.reject(id, page.user(), source);
      return new Outcome(null, 200, m.t("decide.rejected"), "");
    } catch (ApprovalRefusedException e) {
      return new Outcome(null, 409, "", e.getMessage());
    }
  }

  private static Outcome stop(Response page) {
    return new Outcome(page, page.getStatus(), "", "");
  }

  private static String outcome(ConsoleTexts m, ProposalService.Decided decided) {
    ExecutionReport run = decided.execution();
    if (run == null) {
      return decided.executionRefused() == null
          ? m.f("decide.approvedWaiting", decided.proposal().state().name())
          : "";
    }
    return ExecutionText.of(m, run);
  }

  private static String address(HttpServerRequest request) {
    return request == null || request.remoteAddress() == null
        ? null
        : request.remoteAddress().hostAddress();
  }
}
