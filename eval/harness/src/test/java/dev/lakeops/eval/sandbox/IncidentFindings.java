package dev.lakeops.eval.sandbox;

import com.fasterxml.jackson.databind.JsonNode;
import dev.lakeops.tools.Json;

/** Reads the findings of an incident as the agent's API returns it. */
public final class IncidentFindings {

  private IncidentFindings() {}

  /**
   * The first finding of {@code code} in any of the triage's tool reports.
   *
   * @throws AssertionError there is none; the message quotes the incident
   */
  public static JsonNode finding(JsonNode incident, String code) {
    for (JsonNode tool : incident.path("report").path("tools")) {
      for (JsonNode f : tool.path("findings")) {
        if (f.path("code").asText().equals(code)) {
          return f;
        }
      }
    }
    throw new AssertionError("no finding " + code + " in " + Json.compact(incident));
  }

  /**
   * The first finding whose evidence has {@code key}, in any of the triage's tool reports.
   *
   * @throws AssertionError there is none; the message quotes the incident
   */
  public static JsonNode withEvidence(JsonNode incident, String key) {
    for (JsonNode tool : incident.path("report").path("tools")) {
      for (JsonNode f : tool.path("findings")) {
        if (f.path("evidence").has(key)) {
          return f;
        }
      }
    }
    throw new AssertionError("no finding with evidence " + key + " in " + Json.compact(incident));
  }
}
