package dev.lakeops.cli.triage;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.lakeops.runbooks.AlertSignal;
import dev.lakeops.runbooks.alert.AlertValues;
import dev.lakeops.tools.Json;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The alerts of an Alertmanager (version 4) or Grafana unified-alerting (version 1) webhook payload
 * in a file: {@code alerts[].labels} (required, strings), {@code alerts[].annotations}, {@code
 * alerts[].generatorURL} (a Prometheus rule's link carries its expression), {@code startsAt}, and
 * Grafana's {@code valueString} or {@code values} ({@link AlertValues}); resolved alerts are left
 * out. Every error names the file and the field.
 */
final class AlertmanagerFile {

  private AlertmanagerFile() {}

  /**
   * @throws IllegalArgumentException the file is missing, not JSON or not a version 4 payload; the
   *     message says where
   */
  static List<AlertSignal> firingAlerts(Path file) {
    String text;
    try {
      text = Files.readString(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new IllegalArgumentException(
          file + ": cannot read the file (" + e.getClass().getSimpleName() + ")");
    }
    JsonNode root;
    try {
      root = Json.mapper().readTree(text);
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException(
          file
              + ": not JSON at line "
              + e.getLocation().getLineNr()
              + ", column "
              + e.getLocation().getColumnNr()
              + ": "
              + e.getOriginalMessage());
    }
    if (root == null || !root.isObject()) {
      throw new IllegalArgumentException(
          file
              + ": expected an Alertmanager webhook payload (a JSON object with version and"
              + " alerts)");
    }
    String version = root.path("version").asText("");
    if (!version.equals("4") && !version.equals("1")) {
      throw new IllegalArgumentException(
          file
              + ": version must be \"4\" (Alertmanager webhook payload) or \"1\" (Grafana), was "
              + root.path("version"));
    }
    JsonNode alerts = root.path("alerts");
    if (!alerts.isArray() || alerts.isEmpty()) {
      throw new IllegalArgumentException(file + ": alerts must be a non-empty array");
    }
    String groupStatus = root.path("status").asText("firing");
    List<AlertSignal> firing = new ArrayList<>();
    for (int i = 0; i < alerts.size(); i++) {
      JsonNode a = alerts.get(i);
      String where = file + ": alerts[" + i + "]";
      if (!a.isObject()) {
        throw new IllegalArgumentException(where + " must be an object");
      }
      Map<String, String> labels = strings(a.path("labels"), where + ".labels");
      if (labels.isEmpty()) {
        throw new IllegalArgumentException(where + ".labels must be a non-empty object of strings");
      }
      Map<String, String> annotations =
          a.path("annotations").isMissingNode() || a.path("annotations").isNull()
              ? Map.of()
              : strings(a.path("annotations"), where + ".annotations");
      String generatorUrl = text(a.path("generatorURL"), where + ".generatorURL");
      Map<String, String> valueMap = new LinkedHashMap<>();
      if (a.path("values").isObject()) {
        a.get("values")
            .fields()
            .forEachRemaining(e -> valueMap.put(e.getKey(), e.getValue().asText()));
      }
      String values =
          AlertValues.text(text(a.path("valueString"), where + ".valueString"), valueMap);
      Instant startsAt = startsAt(a.path("startsAt"), where + ".startsAt");
      if (!a.path("status").asText(groupStatus).equals("resolved")) {
        firing.add(new AlertSignal(labels, annotations, generatorUrl, values, startsAt));
      }
    }
    return firing;
  }

  /**
   * When the alert started firing, or null when absent or Alertmanager's zero time ({@code
   * 0001-01-01T00:00:00Z}).
   */
  private static Instant startsAt(JsonNode node, String where) {
    String text = text(node, where);
    if (text == null || text.isBlank()) {
      return null;
    }
    Instant at;
    try {
      at = OffsetDateTime.parse(text.strip()).toInstant();
    } catch (DateTimeParseException e) {
      throw new IllegalArgumentException(
          where + " must be an RFC 3339 time such as 2026-11-30T10:00:00Z, was '" + text + "'");
    }
    return at.getEpochSecond() <= ZERO_TIME ? null : at;
  }

  /** Alertmanager's "no time": 0001-01-01T00:00:00Z and earlier. */
  private static final long ZERO_TIME = Instant.parse("0001-01-01T00:00:00Z").getEpochSecond();

  /** A string field, or null when absent. */
  private static String text(JsonNode node, String where) {
    if (node.isMissingNode() || node.isNull()) {
      return null;
    }
    if (!node.isTextual()) {
      throw new IllegalArgumentException(where + " must be a string, was " + node.getNodeType());
    }
    return node.asText();
  }

  private static Map<String, String> strings(JsonNode node, String where) {
    if (!node.isObject()) {
      throw new IllegalArgumentException(where + " must be an object of strings");
    }
    Map<String, String> out = new LinkedHashMap<>();
    node.fields()
        .forEachRemaining(
            e -> {
              if (!e.getValue().isTextual()) {
                throw new IllegalArgumentException(
                    where
                        + "."
                        + e.getKey()
                        + " must be a string, was "
                        + e.getValue().getNodeType());
              }
              out.put(e.getKey(), e.getValue().asText());
            });
    return out;
  }
}
