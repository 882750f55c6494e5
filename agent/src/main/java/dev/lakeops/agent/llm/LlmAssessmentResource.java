package dev.lakeops.agent.llm;

import dev.lakeops.agent.http.ApiError;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/** {@code GET /api/llm/assessments/{incidentId}}: the latest LLM review of an incident's triage. */
@Path("/api/llm/assessments")
public class LlmAssessmentResource {

  private final LlmFollowUp llm;

  LlmAssessmentResource(LlmFollowUp llm) {
    this.llm = llm;
  }

  @GET
  @Path("/{incidentId}")
  @Produces(MediaType.APPLICATION_JSON)
  public Response latest(@PathParam("incidentId") String incidentId) {
    return llm.latest(incidentId)
        .map(a -> Response.ok(a).build())
        .orElseGet(
            () ->
                Response.status(Response.Status.NOT_FOUND)
                    .entity(
                        new ApiError(
                            "No LLM review of incident '"
                                + incidentId
                                + "'"
                                + (llm.enabled() ? "" : " (lakeops.llm.provider=none)")))
                    .build());
  }
}
