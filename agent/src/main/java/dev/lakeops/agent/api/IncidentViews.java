package dev.lakeops.agent.api;

import dev.lakeops.agent.InvalidInputException;
import dev.lakeops.agent.http.ApiError;
import dev.lakeops.agent.incident.Incident;
import dev.lakeops.agent.incident.IncidentId;
import dev.lakeops.agent.incident.IncidentMarkdown;
import dev.lakeops.agent.incident.IncidentSummary;
import dev.lakeops.agent.incident.Incidents;
import dev.lakeops.agent.llm.LlmFollowUp;
import dev.lakeops.agent.report.IncidentConversations;
import dev.lakeops.agent.triage.TriageProposals;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.List;

/** What the incident API answers: parameter checks, the choice of JSON or Markdown, not-found. */
@ApplicationScoped
public class IncidentViews {

  static final String MARKDOWN = "text/markdown";
  static final int MAX_LIMIT = 1000;

  private final Incidents incidents;
  private final LlmFollowUp llm;
  private final IncidentConversations conversations;
  private final TriageProposals triageProposals;

  @Inject
  public IncidentViews(
      Incidents incidents,
      LlmFollowUp llm,
      IncidentConversations conversations,
      TriageProposals triageProposals) {
    this.incidents = incidents;
    this.llm = llm;
    this.conversations = conversations;
    this.triageProposals = triageProposals;
  }

  /** The newest {@code limit} incidents, newest first. */
  List<IncidentSummary> list(String limit) {
    return incidents.list(limit(limit)).stream().map(IncidentSummary::of).toList();
  }

  /**
   * One incident as JSON (with its latest LLM review, or null, and its chat) or Markdown; 404 with
   * a JSON error when there is none with this id.
   */
  Response one(String id, String format, List<MediaType> acceptable) {
    IncidentId.check("id", id);
    boolean markdown = markdown(format, acceptable);
    Incident incident = incidents.find(id).orElse(null);
    if (incident == null) {
      return Response.status(Response.Status.NOT_FOUND)
          .type(MediaType.APPLICATION_JSON_TYPE)
          .entity(new ApiError("no incident with id " + id))
          .build();
    }
    return markdown
        ? Response.ok(IncidentMarkdown.render(incident), MARKDOWN + ";charset=UTF-8").build()
        : Response.ok(
                IncidentDetail.of(
                    incident,
                    llm.review(id).orElse(null),
                    conversations.of(id),
                    triageProposals.links(id)),
                MediaType.APPLICATION_JSON_TYPE)
            .build();
  }

  /**
   * {@code ?format} wins; otherwise the first of the Accept header's types (by quality) that fits.
   */
  private static boolean markdown(String format, List<MediaType> acceptable) {
    if (format != null) {
      return switch (format) {
        case "markdown", "md" -> true;
        case "json" -> false;
        default ->
            throw new InvalidInputException(
                "format", "must be \"json\" or \"markdown\", got \"" + clip(format) + "\"");
      };
    }
    MediaType markdownType = MediaType.valueOf(MARKDOWN);
    for (MediaType type : acceptable) {
      if (type.isCompatible(MediaType.APPLICATION_JSON_TYPE)) {
        return false;
      }
      if (type.isCompatible(markdownType)) {
        return true;
      }
    }
    return false;
  }

  private static int limit(String text) {
    try {
      int limit = Integer.parseInt(text.strip());
      if (limit >= 1 && limit <= MAX_LIMIT) {
        return limit;
      }
    } catch (NumberFormatException e) {
      // Reported below with the value.
    }
    throw new InvalidInputException(
        "limit", "must be a whole number from 1 to " + MAX_LIMIT + ", got \"" + clip(text) + "\"");
  }

  private static String clip(String text) {
    return text.length() <= 40 ? text : text.substring(0, 40) + "...";
  }
}
