package dev.lakeops.agent.incident;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.lakeops.tools.Json;

/** An incident as the JSON document the store keeps. */
final class IncidentJson {

  // Unlike Json.mapper(), keeps empty maps and lists: the runbook records reject null collections.
  private static final ObjectMapper MAPPER = Json.mapper().copy().setSerializationInclusion(JsonInclude.Include.NON_NULL);

  private IncidentJson() {}

  static String write(Incident incident) {
    try {
      return MAPPER.writeValueAsString(incident);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("Incident " + incident.id() + " cannot be written as JSON: " + e.getOriginalMessage(), e);
    }
  }

  /**
   * @throws IllegalStateException naming the incident when the stored document is not a valid incident
   */
  static Incident read(String id, String json) {
    try {
      return MAPPER.readValue(json, Incident.class);
    } catch (JsonProcessingException | RuntimeException e) {
      throw new IllegalStateException("Stored incident " + id + " is not readable: " + e.getMessage(), e);
    }
  }
}
