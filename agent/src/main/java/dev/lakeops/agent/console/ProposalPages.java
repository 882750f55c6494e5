package dev.lakeops.agent.console;

import dev.lakeops.agent.approval.ProposalService;
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
 * needs a logged-in session and the session's CSRF token ({@link ConsoleDecisions}); it goes
 * through the approval gate, which audits it and may refuse it (the refusal is shown, never a stack
 * trace).
 */
@Path("/console/proposals")
@Produces(MediaType.TEXT_HTML)
public class ProposalPages {

  @Inject ProposalService proposals;

  @Inject ConsolePages pages;

  @Inject ConsoleDecisions decisions;

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
    ConsoleDecisions.Outcome outcome = decisions.decide(page, id, csrf, params, request, approve);
    if (outcome.stop() != null) {
      return outcome.stop();
    }
    return show(page, id, outcome.status(), outcome.notice(), outcome.refusal());
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
