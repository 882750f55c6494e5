package dev.lakeops.agent.api;

import dev.lakeops.agent.incident.IncidentSummary;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.List;

/**
 * Incidents and their triage: JSON by default, Markdown with {@code Accept: text/markdown} or
 * {@code ?format=markdown}.
 */
@Path("/api/incidents")
public class IncidentResource {

  private final IncidentViews views;

  IncidentResource(IncidentViews views) {
    this.views = views;
  }

  @GET
  @Produces(MediaType.APPLICATION_JSON)
  public List<IncidentSummary> list(@QueryParam("limit") @DefaultValue("100") String limit) {
    return views.list(limit);
  }

  @GET
  @Path("/{id}")
  @Produces({MediaType.APPLICATION_JSON, IncidentViews.MARKDOWN})
  public Response get(
      @PathParam("id") String id,
      @QueryParam("format") String format,
      @Context HttpHeaders headers) {
    return views.one(id, format, headers.getAcceptableMediaTypes());
  }
}
