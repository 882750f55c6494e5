package dev.lakeops.cli.triage;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.lakeops.runbooks.AlertSignal;
import dev.lakeops.tools.Json;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The alerts of an Alertmanager webhook payload (version 4) in a file: {@code alerts[].labels}
 * (required, strings) and {@code alerts[].annotations}; resolved alerts are left out. Every error
 * names the file and the field.
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
    if (!root.path("version").asText("").equals("4")) {
      throw new IllegalArgumentException(
          file
              + ": version must be \"4\" (Alertmanager webhook payload), was "
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
      if (!a.path("status").asText(groupStatus).equals("resolved")) {
        firing.add(new AlertSignal(labels, annotations));
      }
    }
    return firing;
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
