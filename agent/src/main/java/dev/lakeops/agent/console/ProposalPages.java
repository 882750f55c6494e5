package dev.lakeops.agent.console;

import dev.lakeops.agent.approval.ProposalService;
import dev.lakeops.runbooks.approval.ApprovalRefusedException;
import dev.lakeops.runbooks.approval.ApprovalSource;
import dev.lakeops.runbooks.approval.ExecutionReport;
import dev.lakeops.runbooks.approval.Proposal;
import io.quarkus.qute.Location;
import io.quarkus.qute.Template;
import io.vertx.core.http.HttpServerRequest;
import jakarta.inject.Inject;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.FormParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.time.Clock;
import java.util.Optional;

/**
 * Proposals: the list, one proposal with its preview, and the Approve / Reject forms. A decision
 * needs a logged-in session and the session's CSRF token; it goes through the approval gate, which
 * audits it and may refuse it (the refusal is shown, never a stack trace).
 */
@Path("/console/proposals")
@Produces(MediaType.TEXT_HTML)
public class ProposalPages {

  @Inject ProposalService proposals;

  @Inject ConsolePages pages;

  @Inject ConsoleSessions sessions;

  @Inject Clock clock;

  @Inject
  @Location("console/proposals")
  Template list;

  @Inject
  @Location("console/proposal")
  Template detail;

  @GET
  public Response list(@BeanParam ConsoleParams params) {
    ConsolePage page = pages.page(params);
    var all = proposals.list().stream().map(p -> ProposalView.of(p, clock.instant())).toList();
    return ConsolePages.html(
        200,
        list.data("page", page)
            .data("pending", all.stream().filter(ProposalView::open).toList())
            .data("recent", all.stream().filter(p -> !p.open()).limit(100).toList()));
  }

  @GET
  @Path("{id}")
  public Response one(@PathParam("id") String id, @BeanParam ConsoleParams params) {
    ConsolePage page = pages.page(params);
    return show(page, id, 200, "", "");
  }

  @POST
  @Path("{id}/approve")
  @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
  public Response approve(
      @PathParam("id") String id,
      @FormParam("csrf") String csrf,
      @BeanParam ConsoleParams params,
      @Context HttpServerRequest request) {
    return decide(id, csrf, params, request, true);
  }

  @POST
  @Path("{id}/reject")
  @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
  public Response reject(
      @PathParam("id") String id,
      @FormParam("csrf") String csrf,
      @BeanParam ConsoleParams params,
      @Context HttpServerRequest request) {
    return decide(id, csrf, params, request, false);
  }

  private Response decide(
      String id, String csrf, ConsoleParams params, HttpServerRequest request, boolean approve) {
    ConsolePage page = pages.page(params);
    ConsoleTexts m = page.m();
    if (!page.loggedIn()) {
      return pages.message(page, 403, m.t("error.forbidden"), m.t("decide.loginFirst"));
    }
    if (!sessions.csrfMatches(params.cookie, csrf)) {
      return pages.message(page, 403, m.t("error.forbidden"), m.t("decide.csrf"));
    }
    if (!page.approver()) {
      return pages.message(
          page, 403, m.t("error.forbidden"), m.f("decide.notApprover", page.user()));
    }
    if (proposals.find(id).isEmpty()) {
      return pages.message(page, 404, m.t("error.notFound"), m.f("proposal.unknown", id));
    }
    ApprovalSource source = new ApprovalSource("console", address(request), null);
    try {
      if (approve) {
        ProposalService.Decided decided = proposals.approve(id, page.user(), source);
        return show(
            page,
            id,
            200,
            outcome(m, decided),
            decided.executionRefused() == null ? "" : decided.executionRefused());
      }
      proposals.reject(id, page.user(), source);
      return show(page, id, 200, m.t("decide.rejected"), "");
    } catch (ApprovalRefusedException e) {
      return show(page, id, 409, "", e.getMessage());
    }
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

  private Response show(ConsolePage page, String id, int status, String notice, String refusal) {
    Optional<Proposal> found = proposals.find(id);
    if (found.isEmpty()) {
      return pages.message(
          page, 404, page.m().t("error.notFound"), page.m().f("proposal.unknown", id));
    }
    return ConsolePages.html(
        status,
        detail
            .data("page", page)
            .data("p", ProposalView.of(found.get(), clock.instant()))
            .data("notice", notice)
            .data("refusal", refusal));
  }
}
