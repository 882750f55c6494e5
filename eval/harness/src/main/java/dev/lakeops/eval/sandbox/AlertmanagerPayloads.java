package dev.lakeops.eval.sandbox;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.lakeops.tools.Json;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.HexFormat;
import java.util.Map;
import java.util.TreeMap;

/**
 * Builds webhook bodies exactly as Alertmanager sends them ({@code webhook_configs}, payload
 * version 4), for the demo and the end-to-end tests.
 */
public final class AlertmanagerPayloads {

  private AlertmanagerPayloads() {}

  /**
   * A firing group with one alert carrying {@code labels} (alertname included) and a summary; its
   * {@code generatorURL} links to Prometheus' alerts page and carries no expression.
   */
  public static String firing(Map<String, String> labels, String summary, Instant startsAt) {
    return firing(labels, summary, startsAt, null);
  }

  /**
   * As {@link #firing(Map, String, Instant)}, with the rule's PromQL {@code expression} in the
   * {@code generatorURL} the way Prometheus writes it ({@code
   * /graph?g0.expr=<url-encoded>&g0.tab=1}); null for none.
   */
  public static String firing(
      Map<String, String> labels, String summary, Instant startsAt, String expression) {
    ObjectNode root = Json.mapper().createObjectNode();
    Map<String, String> sorted = new TreeMap<>(labels);
    root.put("version", "4");
    root.put("groupKey", "{}:{alertname=\"" + sorted.getOrDefault("alertname", "") + "\"}");
    root.put("truncatedAlerts", 0);
    root.put("status", "firing");
    root.put("receiver", "lakeops");
    root.set(
        "groupLabels",
        Json.mapper().createObjectNode().put("alertname", sorted.getOrDefault("alertname", "")));
    ObjectNode common = root.putObject("commonLabels");
    sorted.forEach(common::put);
    root.putObject("commonAnnotations").put("summary", summary);
    root.put("externalURL", "http://alertmanager.sandbox:9093");
    ArrayNode alerts = root.putArray("alerts");
    ObjectNode alert = alerts.addObject();
    alert.put("status", "firing");
    ObjectNode l = alert.putObject("labels");
    sorted.forEach(l::put);
    alert.putObject("annotations").put("summary", summary).put("description", summary);
    alert.put("startsAt", startsAt.toString());
    alert.put("endsAt", "0001-01-01T00:00:00Z");
    alert.put(
        "generatorURL",
        expression == null
            ? "http://prometheus.sandbox:9090/alerts"
            : "http://prometheus.sandbox:9090/graph?g0.expr="
                + URLEncoder.encode(expression, StandardCharsets.UTF_8)
                + "&g0.tab=1");
    alert.put("fingerprint", fingerprint(sorted));
    return Json.compact(root);
  }

  /** 16 hex digits, stable per label set, like Alertmanager's. */
  static String fingerprint(Map<String, String> sortedLabels) {
    long h = 1125899906842597L;
    for (Map.Entry<String, String> e : sortedLabels.entrySet()) {
      for (char c : (e.getKey() + "\u0000" + e.getValue() + "\u0001").toCharArray()) {
        h = 31 * h + c;
      }
    }
    return HexFormat.of().toHexDigits(h);
  }
}
