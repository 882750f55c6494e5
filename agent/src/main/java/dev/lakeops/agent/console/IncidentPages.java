package dev.lakeops.agent.console;

import dev.lakeops.agent.console.picture.IncidentPictures;
import dev.lakeops.agent.incident.Incidents;
import dev.lakeops.agent.llm.LlmFollowUp;
import dev.lakeops.agent.report.IncidentConversations;
import io.quarkus.qute.Location;
import io.quarkus.qute.Template;
import jakarta.inject.Inject;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/**
 * The incidents list ({@code /console}) and one incident's page, with the pictures its triage has
 * data for ({@link IncidentPictures}), its latest LLM review when there is one and its chat thread.
 */
@Path("/console")
@Produces(MediaType.TEXT_HTML)
public class IncidentPages {

  static final int LIMIT = 200;

  @Inject Incidents incidents;

  @Inject ConsolePages pages;

  @Inject LlmFollowUp llm;

  @Inject IncidentConversations conversations;

  @Inject
  @Location("console/incidents")
  Template list;

  @Inject
  @Location("console/incident")
  Template detail;

  @GET
  public Response list(@BeanParam ConsoleParams params) {
    ConsolePage page = pages.page(params);
    return ConsolePages.html(
        200,
        list.data("page", page)
            .data("incidents", incidents.list(LIMIT).stream().map(IncidentView::of).toList()));
  }

  @GET
  @Path("incidents/{id}")
  public Response one(@PathParam("id") String id, @BeanParam ConsoleParams params) {
    ConsolePage page = pages.page(params);
    return incidents
        .find(id)
        .map(
            i ->
                ConsolePages.html(
                    200,
                    detail
                        .data("page", page)
                        .data("i", IncidentView.of(i, conversations.of(i.id())))
                        .data("pictures", IncidentPictures.of(i.report(), page.m()))
                        .data("review", llm.review(i.id()).orElse(null))))
        .orElseGet(
            () ->
                pages.message(
                    page, 404, page.m().t("error.notFound"), page.m().f("incident.unknown", id)));
  }
}
