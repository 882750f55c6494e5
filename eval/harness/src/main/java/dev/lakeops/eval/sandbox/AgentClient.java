package dev.lakeops.eval.sandbox;

import com.fasterxml.jackson.databind.JsonNode;
import dev.lakeops.tools.Json;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/** Talks to a running agent over its public HTTP API, as Alertmanager and a person would. */
public final class AgentClient {

  private final String baseUrl;
  private final HttpClient http =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

  public AgentClient(String baseUrl) {
    this.baseUrl = baseUrl;
  }

  public String baseUrl() {
    return baseUrl;
  }

  /** Posts an Alertmanager webhook body; returns the ids of the incidents the agent created. */
  public List<String> postAlertmanager(String payload) {
    HttpResponse<String> response =
        send(
            HttpRequest.newBuilder(URI.create(baseUrl + "/api/alerts/alertmanager"))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(payload))
                .build());
    if (response.statusCode() / 100 != 2) {
      throw new IllegalStateException(
          "The agent refused the alert: HTTP " + response.statusCode() + " " + response.body());
    }
    List<String> ids = new ArrayList<>();
    read(response.body()).path("incidents").forEach(i -> ids.add(i.path("id").asText()));
    return ids;
  }

  /**
   * Posts a JSON body to {@code path}, with {@code Authorization: Bearer token} when a token is
   * given.
   *
   * @throws IllegalStateException naming the path and the agent's answer when it is not 2xx
   */
  public JsonNode postJson(String path, String body, String token) {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(URI.create(baseUrl + path))
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(body));
    if (token != null) {
      request.header("Authorization", "Bearer " + token);
    }
    HttpResponse<String> response = send(request.build());
    if (response.statusCode() / 100 != 2) {
      throw new IllegalStateException(
          "POST " + path + " answered HTTP " + response.statusCode() + " " + response.body());
    }
    return read(response.body());
  }

  /** The incident as JSON. */
  public JsonNode incident(String id) {
    return read(get("/api/incidents/" + id, "application/json"));
  }

  /** The stored proposal as JSON. */
  public JsonNode proposal(String id) {
    return read(get("/api/proposals/" + id, "application/json"));
  }

  /** The incident's report as Markdown. */
  public String incidentMarkdown(String id) {
    return get("/api/incidents/" + id, "text/markdown");
  }

  /** Waits until the incident's triage has ended (TRIAGED or FAILED); returns the incident JSON. */
  public JsonNode awaitTriage(String id, Duration timeout) {
    Instant deadline = Instant.now().plus(timeout);
    while (true) {
      JsonNode incident = incident(id);
      String status = incident.path("status").asText();
      if (!"TRIAGING".equals(status)) {
        return incident;
      }
      if (Instant.now().isAfter(deadline)) {
        throw new IllegalStateException(
            "Incident " + id + " still TRIAGING after " + timeout.toSeconds() + " s");
      }
      pause(Duration.ofMillis(250));
    }
  }

  /** Whether the agent answers its readiness check. */
  public boolean isReady() {
    try {
      return send(HttpRequest.newBuilder(URI.create(baseUrl + "/q/health/ready")).GET().build())
              .statusCode()
          == 200;
    } catch (IllegalStateException e) {
      return false;
    }
  }

  private String get(String path, String accept) {
    HttpResponse<String> response =
        send(
            HttpRequest.newBuilder(URI.create(baseUrl + path))
                .header("Accept", accept)
                .GET()
                .build());
    if (response.statusCode() != 200) {
      throw new IllegalStateException(
          "GET " + path + " answered HTTP " + response.statusCode() + " " + response.body());
    }
    return response.body();
  }

  private HttpResponse<String> send(HttpRequest request) {
    try {
      return http.send(request, HttpResponse.BodyHandlers.ofString());
    } catch (IOException e) {
      throw new IllegalStateException(
          "The agent at " + baseUrl + " is unreachable: " + e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("Interrupted while calling the agent", e);
    }
  }

  private static JsonNode read(String body) {
    try {
      return Json.mapper().readTree(body);
    } catch (IOException e) {
      throw new IllegalStateException("The agent answered with invalid JSON: " + body, e);
    }
  }

  static void pause(Duration d) {
    try {
      Thread.sleep(d.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("Interrupted", e);
    }
  }
}
