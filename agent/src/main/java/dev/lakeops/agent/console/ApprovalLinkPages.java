package dev.lakeops.agent.console;

import dev.lakeops.agent.approval.ApprovalLinkException;
import dev.lakeops.agent.approval.ApprovalLinks;
import dev.lakeops.agent.approval.ProposalService;
import dev.lakeops.agent.http.ApiError;
import dev.lakeops.runbooks.approval.Decision;
import dev.lakeops.runbooks.approval.ExecutionReport;
import io.quarkus.qute.Location;
import io.quarkus.qute.Template;
import io.vertx.core.http.HttpServerRequest;
import jakarta.inject.Inject;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.FormParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Signed one-time approval links. {@code GET /console/links/<token>} changes nothing (chat
 * platforms and mail scanners open links to preview them): it shows the proposal, its preview, the
 * user and the decision, and a button. The button posts the token to {@code POST /console/links},
 * which makes the decision as the link's user through the approval gate.
 *
 * <p>The signed token in the form body is the credential, so a forged cross-site form needs the
 * token itself; posts a browser marks as cross-site ({@code Sec-Fetch-Site}) are refused all the
 * same. Answers are HTML, or JSON {@code {"error": ...}} when the client accepts JSON and not HTML.
 */
@Path("/console/links")
public class ApprovalLinkPages {

  @Inject ApprovalLinks links;

  @Inject ConsolePages pages;

  @Inject Clock clock;

  @Inject
  @Location("console/link")
  Template confirm;

  @Inject
  @Location("console/link-result")
  Template result;

  @GET
  @Path("{token}")
  @Produces({MediaType.TEXT_HTML, MediaType.APPLICATION_JSON})
  public Response open(
      @PathParam("token") String token,
      @BeanParam ConsoleParams params,
      @HeaderParam(HttpHeaders.ACCEPT) String accept) {
    ConsolePage page = pages.page(params);
    try {
      ApprovalLinks.Opened opened = links.open(token);
      if (wantsJson(accept)) {
        return json(
            200,
            Map.of(
                "proposal",
                opened.proposal().id(),
                "decision",
                decision(opened.link().decision()),
                "user",
                opened.link().user(),
                "expires",
                opened.link().expires().toString(),
                "use",
                "POST /console/links with the form field token"));
      }
      return ConsolePages.html(
          200,
          confirm
              .data("page", page)
              .data("p", ProposalView.of(opened.proposal(), clock.instant()))
              .data("approve", opened.link().decision() == Decision.APPROVE)
              .data("user", opened.link().user())
              .data("linkExpires", opened.link().expires().toString())
              .data("token", token));
    } catch (ApprovalLinkException e) {
      return refused(page, accept, e);
    }
  }

  /**
   * The address without a token (e.g. a language switch on the result page): says where links come
   * from.
   */
  @GET
  @Produces({MediaType.TEXT_HTML, MediaType.APPLICATION_JSON})
  public Response none(
      @BeanParam ConsoleParams params, @HeaderParam(HttpHeaders.ACCEPT) String accept) {
    ConsolePage page = pages.page(params);
    return refused(page, accept, 400, page.m().t("link.noToken"));
  }

  @POST
  @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
  @Produces({MediaType.TEXT_HTML, MediaType.APPLICATION_JSON})
  public Response use(
      @FormParam("token") String token,
      @BeanParam ConsoleParams params,
      @HeaderParam(HttpHeaders.ACCEPT) String accept,
      @HeaderParam("Sec-Fetch-Site") String fetchSite,
      @Context HttpServerRequest request) {
    ConsolePage page = pages.page(params);
    ConsoleTexts m = page.m();
    if ("cross-site".equalsIgnoreCase(fetchSite)) {
      return refused(page, accept, 403, m.t("link.crossSite"));
    }
    if (token == null || token.isBlank()) {
      return refused(page, accept, 400, m.t("link.noToken"));
    }
    try {
      ApprovalLinks.Used used = links.use(token.strip(), address(request));
      String outcome = outcome(m, used);
      // Approved, but the gate refused to run it (e.g. the table changed since the proposal): a
      // conflict, not a success.
      int status =
          used.approval() != null && used.approval().executionRefused() != null ? 409 : 200;
      if (wantsJson(accept)) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("proposal", used.proposal().id());
        body.put("state", used.proposal().state().name());
        body.put("decision", decision(used.link().decision()));
        body.put("user", used.link().user());
        body.put("outcome", outcome);
        return json(status, body);
      }
      return ConsolePages.html(
          status,
          result
              .data("page", page)
              .data("p", ProposalView.of(used.proposal(), clock.instant()))
              .data("user", used.link().user())
              .data("outcome", outcome));
    } catch (ApprovalLinkException e) {
      return refused(page, accept, e);
    }
  }

  private static String outcome(ConsoleTexts m, ApprovalLinks.Used used) {
    ProposalService.Decided decided = used.approval();
    if (decided == null) {
      return m.t("decide.rejected");
    }
    ExecutionReport run = decided.execution();
    if (decided.executionRefused() != null) {
      return m.t("link.approvedNotRun") + " " + decided.executionRefused();
    }
    if (run == null) {
      return m.f("decide.approvedWaiting", decided.proposal().state().name());
    }
    return ExecutionText.of(m, run);
  }

  private Response refused(ConsolePage page, String accept, ApprovalLinkException e) {
    String why =
        page.m().t("link.reason." + e.reason().name().toLowerCase(Locale.ROOT).replace('_', '-'));
    return refused(page, accept, e.reason().status(), why + " " + e.getMessage());
  }

  private Response refused(ConsolePage page, String accept, int status, String text) {
    if (wantsJson(accept)) {
      return json(status, Map.of("error", new ApiError(text).error()));
    }
    return pages.message(page, status, page.m().t("link.refused"), text);
  }

  /** JSON only when the client names it and does not take HTML (a browser always takes HTML). */
  private static boolean wantsJson(String accept) {
    return accept != null && accept.contains("application/json") && !accept.contains("text/html");
  }

  private static Response json(int status, Object body) {
    return Response.status(status).type(MediaType.APPLICATION_JSON_TYPE).entity(body).build();
  }

  private static String decision(Decision d) {
    return d.name().toLowerCase(Locale.ROOT);
  }

  private static String address(HttpServerRequest request) {
    return request == null || request.remoteAddress() == null
        ? null
        : request.remoteAddress().hostAddress();
  }
}
