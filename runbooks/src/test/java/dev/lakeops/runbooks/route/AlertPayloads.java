package dev.lakeops.runbooks.route;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.lakeops.runbooks.AlertSignal;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The first alert of an Alertmanager (version 4) or Grafana (version 1) webhook payload under
 * {@code src/test/resources/alerts/}.
 */
final class AlertPayloads {

  private static final ObjectMapper JSON = new ObjectMapper();

  private AlertPayloads() {}

  static AlertSignal first(String file) {
    JsonNode root;
    try (InputStream in =
        AlertPayloads.class.getClassLoader().getResourceAsStream("alerts/" + file)) {
      if (in == null) {
        throw new IllegalArgumentException("No payload alerts/" + file);
      }
      root = JSON.readTree(in);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    JsonNode a = root.path("alerts").get(0);
    String values = a.hasNonNull("valueString") ? a.get("valueString").asText() : null;
    if (values == null && a.path("values").isObject()) {
      StringBuilder s = new StringBuilder();
      a.get("values")
          .fields()
          .forEachRemaining(
              e ->
                  s.append(s.length() == 0 ? "" : " ")
                      .append(e.getKey())
                      .append('=')
                      .append(e.getValue().asText()));
      values = s.toString();
    }
    return new AlertSignal(
        strings(a.path("labels")),
        strings(a.path("annotations")),
        a.path("generatorURL").asText(null),
        values);
  }

  private static Map<String, String> strings(JsonNode node) {
    Map<String, String> out = new LinkedHashMap<>();
    node.fields().forEachRemaining(e -> out.put(e.getKey(), e.getValue().asText()));
    return out;
  }
}
