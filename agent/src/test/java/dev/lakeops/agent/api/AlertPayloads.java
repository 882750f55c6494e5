package dev.lakeops.agent.api;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.lakeops.tools.Json;
import java.util.Map;
import java.util.UUID;

/**
 * Alertmanager v4 payloads for the API tests; every alert carries a unique label, so tests never
 * dedupe across each other.
 */
final class AlertPayloads {

  private AlertPayloads() {}

  /** A firing alert naming a Flink job. */
  static ObjectNode flinkAlert(String startsAt) {
    ObjectNode alert = alert("FlinkJobBackpressured", "firing", startsAt);
    ((ObjectNode) alert.get("labels")).put("job_name", "orders-to-lake");
    ((ObjectNode) alert.get("annotations")).put("summary", "orders-to-lake is backpressured");
    return alert;
  }

  static ObjectNode alert(String alertname, String status, String startsAt) {
    ObjectNode alert = Json.mapper().createObjectNode();
    alert.put("status", status);
    ObjectNode labels = alert.putObject("labels");
    labels.put("alertname", alertname);
    labels.put("severity", "critical");
    labels.put("test_run", UUID.randomUUID().toString());
    alert.putObject("annotations");
    alert.put("startsAt", startsAt);
    alert.put("endsAt", "0001-01-01T00:00:00Z");
    alert.put("generatorURL", "http://prometheus:9090/graph?g0.expr=up");
    return alert;
  }

  /** The notification of one group holding {@code alerts}. */
  static String group(ObjectNode... alerts) {
    ObjectNode payload = Json.mapper().createObjectNode();
    payload.put("version", "4");
    payload.put(
        "groupKey", "{}:{alertname=\"" + alerts[0].get("labels").get("alertname").asText() + "\"}");
    payload.put("truncatedAlerts", 0);
    payload.put("status", alerts[0].get("status").asText());
    payload.put("receiver", "lakeops");
    payload.set(
        "groupLabels",
        Json.mapper()
            .valueToTree(Map.of("alertname", alerts[0].get("labels").get("alertname").asText())));
    payload.putObject("commonLabels");
    payload.putObject("commonAnnotations");
    payload.put("externalURL", "http://alertmanager:9093");
    ArrayNode array = payload.putArray("alerts");
    for (ObjectNode alert : alerts) {
      array.add(alert);
    }
    return Json.compact(payload);
  }
}
