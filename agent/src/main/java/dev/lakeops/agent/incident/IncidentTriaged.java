package dev.lakeops.agent.incident;

import static java.util.Objects.requireNonNull;

/**
 * The CDI event fired once the outcome of an incident's triage is stored: {@link
 * IncidentStatus#TRIAGED} with its report, or {@link IncidentStatus#FAILED} with its error. Its
 * observers (the report poster, the meters, the LLM review) are called synchronously on the
 * triage's thread, after the save; each only hands its work off, so none of them delays the next
 * triage, and none may throw.
 *
 * @param incident the incident as stored
 */
public record IncidentTriaged(Incident incident) {

  public IncidentTriaged {
    requireNonNull(incident, "incident");
  }
}
