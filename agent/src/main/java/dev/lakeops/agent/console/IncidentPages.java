package dev.lakeops.agent.console;

import dev.lakeops.agent.console.picture.IncidentPictures;
import dev.lakeops.agent.incident.Incident;
import dev.lakeops.agent.incident.IncidentStatus;
import dev.lakeops.agent.incident.Incidents;
import dev.lakeops.agent.llm.LlmFollowUp;
import dev.lakeops.agent.report.IncidentConversations;
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
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.net.URI;
import java.util.List;
import java.util.Optional;

/**
 * The incidents list ({@code /console}: what each is about, how bad, the verdict, how long ago;
 * filtered and paged) and one incident's page, with the pictures its triage has data for ({@link
 * IncidentPictures}), the stored proposals of its triage with Approve / Reject for approvers, its
 * latest LLM review when there is one and its chat thread.
 *
 * <p>The status filter and paging run in the store's query. The verdict and entity live in the
 * stored triage report, not in columns, so those filters read the newest {@link #SCAN} incidents
 * (of the status asked for) and page over what matches; the page says so.
 */
@Path("/console")
@Produces(MediaType.TEXT_HTML)
public class IncidentPages {

  /** How many of the newest incidents the verdict and entity filters look at. */
  static final int SCAN = 2000;

  @Inject Incidents incidents;

  @Inject ConsolePages pages;

  @Inject LlmFollowUp llm;

  @Inject IncidentConversations conversations;

  @Inject TriageProposalViews triageProposals;

  @Inject ConsoleDecisions decisions;

  @Inject
  @Location("console/incidents")
  Template list;

  @Inject
  @Location("console/incident")
  Template detail;

  @GET
  public Response list(
      @BeanParam ConsoleParams params,
      @QueryParam("status") String status,
      @QueryParam("verdict") String verdict,
      @QueryParam("kind") String kind,
      @QueryParam("entity") String entity,
      @QueryParam("page") String pageNumber) {
    ConsolePage page = pages.page(params);
    IncidentQuery q = IncidentQuery.parse(page, status, verdict, kind, entity, pageNumber);
    IncidentStatus only = q.statusFilter().orElse(null);
    List<IncidentRow> rows;
    boolean scanned = false;
    if (q.filtersRows()) {
      List<Incident> newest = incidents.page(only, 0, SCAN);
      scanned = newest.size() == SCAN;
      rows =
          newest.stream()
              .map(i -> IncidentRow.of(i, page.m()))
              .filter(q::matches)
              .skip(q.offset())
              .limit(IncidentQuery.PAGE_SIZE + 1L)
              .toList();
    } else {
      rows =
          incidents.page(only, q.offset(), IncidentQuery.PAGE_SIZE + 1).stream()
              .map(i -> IncidentRow.of(i, page.m()))
              .toList();
    }
    boolean hasNext = rows.size() > IncidentQuery.PAGE_SIZE;
    return ConsolePages.html(
        200,
        list.data("page", page)
            .data("q", q)
            .data("incidents", hasNext ? rows.subList(0, IncidentQuery.PAGE_SIZE) : rows)
            .data("hasNext", hasNext)
            .data("scanned", scanned)
            .data("scanLimit", SCAN)
            .data("kindLabels", kindLabels(page.m())));
  }

  private static java.util.Map<String, String> kindLabels(ConsoleTexts m) {
    java.util.Map<String, String> labels = new java.util.LinkedHashMap<>();
    for (IncidentEntity.Kind k : IncidentEntity.Kind.values()) {
      labels.put(k.key(), m.t("entity." + k.key()));
    }
    return labels;
  }

  @GET
  @Path("incidents/{id}")
  public Response one(@PathParam("id") String id, @BeanParam ConsoleParams params) {
    return show(pages.page(params), id, 200, "");
  }

  /**
   * Approve or Reject, on the incident's page, one of the stored proposals its triage made: the
   * same checks and gate as the proposal's own page ({@link ConsoleDecisions}). A decision the gate
   * takes redirects back to the incident, which shows the new state and what the execution did; a
   * refusal is shown on the incident's page with status 409.
   */
  @POST
  @Path("incidents/{id}/proposals/{proposal}/{decision:approve|reject}")
  @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
  public Response decide(
      @PathParam("id") String id,
      @PathParam("proposal") String proposal,
      @PathParam("decision") String decision,
      @FormParam("csrf") String csrf,
      @BeanParam ConsoleParams params,
      @Context HttpServerRequest request) {
    ConsolePage page = pages.page(params);
    Optional<Incident> incident = incidents.find(id);
    if (incident.isEmpty()) {
      return pages.message(
          page, 404, page.m().t("error.notFound"), page.m().f("incident.unknown", id));
    }
    boolean ofThisTriage =
        triageProposals.of(incident.get(), page).stream()
            .anyMatch(p -> p.proposalId().equals(proposal));
    if (!ofThisTriage) {
      return pages.message(
          page,
          404,
          page.m().t("error.notFound"),
          page.m().f("incident.proposal.notOfIncident", proposal));
    }
    ConsoleDecisions.Outcome outcome =
        decisions.decide(page, proposal, csrf, params, request, decision.equals("approve"));
    if (outcome.stop() != null) {
      return outcome.stop();
    }
    if (outcome.status() != 200) {
      return show(page, id, outcome.status(), outcome.refusal());
    }
    return Response.seeOther(URI.create("/console/incidents/" + id + "#proposal-" + proposal))
        .build();
  }

  private Response show(ConsolePage page, String id, int status, String refusal) {
    return incidents
        .find(id)
        .map(
            i ->
                ConsolePages.html(
                    status,
                    detail
                        .data("page", page)
                        .data("i", IncidentView.of(i, conversations.of(i.id())))
                        .data("proposed", triageProposals.of(i, page))
                        .data("refusal", refusal)
                        .data("pictures", IncidentPictures.of(i.report(), page.m()))
                        .data("review", llm.review(i.id()).orElse(null))))
        .orElseGet(
            () ->
                pages.message(
                    page, 404, page.m().t("error.notFound"), page.m().f("incident.unknown", id)));
  }
}
