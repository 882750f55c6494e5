package dev.lakeops.agent.incident;

import static dev.lakeops.agent.store.StoredJson.map;
import static dev.lakeops.agent.store.StoredJson.putInstant;
import static dev.lakeops.agent.store.StoredJson.putText;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.lakeops.agent.alert.AlertStatus;
import dev.lakeops.agent.store.ReportJson;
import dev.lakeops.agent.store.StoredFields;
import dev.lakeops.agent.store.StoredJson;

/**
 * An incident as the JSON document the store keeps ({@code incident.doc}), field by field:
 *
 * <pre>
 * {"formatVersion": 2, "id", "fingerprint", "startsAt": instant, "status": "TRIAGED", "alertStatus": "FIRING",
 *  "alertname", "labels": {...}, "annotations": {...}, "groupKey" (or absent), "receivedAt": instant,
 *  "endsAt": instant (or absent), "updatedAt": instant, "report": (see {@link ReportJson}, or absent),
 *  "error" (or absent), "generatorURL" (or absent), "valuesText" (or absent)}
 * </pre>
 *
 * Reads format versions 1 (the same layout without {@code formatVersion}) and 2; a document written
 * before an alert's {@code generatorURL} and {@code valuesText} were kept reads without them.
 */
final class IncidentJson {

  private IncidentJson() {}

  static String write(Incident incident) {
    ObjectNode doc = StoredJson.document();
    doc.put("id", incident.id());
    doc.put("fingerprint", incident.fingerprint());
    putInstant(doc, "startsAt", incident.startsAt());
    doc.put("status", incident.status().name());
    doc.put("alertStatus", incident.alertStatus().name());
    doc.put("alertname", incident.alertname());
    doc.set("labels", map(incident.labels()));
    doc.set("annotations", map(incident.annotations()));
    putText(doc, "groupKey", incident.groupKey());
    putInstant(doc, "receivedAt", incident.receivedAt());
    putInstant(doc, "endsAt", incident.endsAt());
    putInstant(doc, "updatedAt", incident.updatedAt());
    if (incident.report() != null) {
      doc.set("report", ReportJson.write(incident.report()));
    }
    putText(doc, "error", incident.error());
    putText(doc, "generatorURL", incident.generatorUrl());
    putText(doc, "valuesText", incident.valuesText());
    return StoredJson.write(doc);
  }

  /**
   * @throws IllegalStateException naming the incident and the field when the stored document is not
   *     a valid incident
   */
  static Incident read(String id, String json) {
    try {
      StoredFields doc = StoredJson.read(json);
      StoredFields report = doc.optionalObject("report");
      return new Incident(
          doc.text("id"),
          doc.text("fingerprint"),
          doc.instant("startsAt"),
          doc.enumValue("status", IncidentStatus.class),
          doc.enumValue("alertStatus", AlertStatus.class),
          doc.text("alertname"),
          doc.stringMap("labels"),
          doc.stringMap("annotations"),
          doc.optionalText("groupKey"),
          doc.instant("receivedAt"),
          doc.optionalInstant("endsAt"),
          doc.instant("updatedAt"),
          report == null ? null : ReportJson.read(report),
          doc.optionalText("error"),
          doc.optionalText("generatorURL"),
          doc.optionalText("valuesText"));
    } catch (RuntimeException e) {
      throw new IllegalStateException(
          "Stored incident " + id + " is not readable: " + e.getMessage(), e);
    }
  }
}
