package dev.lakeops.agent.alert;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectReader;
import dev.lakeops.agent.InvalidInputException;
import dev.lakeops.runbooks.alert.AlertValues;
import dev.lakeops.tools.Json;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Reads Alertmanager's webhook payload (version {@code "4"}, see Alertmanager's {@code
 * notify/webhook} and {@code template.Data}) from the tree model, so that every error names the
 * field, e.g. {@code alerts[2].startsAt}, and what is wrong with it.
 *
 * <p>Required: {@code version} ({@code "4"}), {@code alerts} (a non-empty array) and each alert's
 * {@code labels} (a non-empty object of strings). Optional, checked when present: the group's and
 * each alert's {@code status} (an alert's defaults to its group's, then to {@code firing}), {@code
 * groupKey}, {@code annotations}, {@code startsAt}, {@code endsAt} and {@code fingerprint}. A JSON
 * {@code null} counts as absent. Other fields are ignored.
 */
final class AlertmanagerJson {

  /**
   * Alertmanager's {@code max_alerts} is unlimited by default; this bounds the work one request
   * makes.
   */
  static final int MAX_ALERTS = 1000;

  private static final Pattern FINGERPRINT = Pattern.compile("[0-9a-fA-F]{16}");

  /** Go's zero {@code time.Time}: Alertmanager's {@code endsAt} while an alert fires. */
  private static final Instant GO_ZERO_TIME = Instant.parse("0001-01-01T00:00:00Z");

  private static final int MAX_CLIP = 120;

  private static final ObjectReader READER =
      Json.mapper()
          .reader()
          .with(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
          .with(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);

  private AlertmanagerJson() {}

  static AlertmanagerPayload read(byte[] body) {
    return read(body, WebhookFlavor.ALERTMANAGER);
  }

  /**
   * Reads either sender's payload. Grafana's unified-alerting webhook has Alertmanager's shape with
   * {@code version "1"} and extra fields; its per-alert {@code dashboardURL}, {@code panelURL} and
   * {@code values} are kept as annotations (when the alert has no annotation of that name) because
   * they are evidence a person wants in the report.
   */
  static AlertmanagerPayload read(byte[] body, WebhookFlavor flavor) {
    JsonNode root = tree(body, flavor);
    if (!root.isObject()) {
      throw new InvalidInputException(
          "body", "must be a JSON object (" + flavor.payloadName() + "), got " + describe(root));
    }
    version(root.get("version"), flavor);
    Optional<AlertStatus> groupStatus =
        optionalText(root, "status", "status").map(s -> status("status", s));
    Optional<String> groupKey = optionalText(root, "groupKey", "groupKey");
    JsonNode alerts = root.get("alerts");
    if (alerts == null) {
      throw new InvalidInputException("alerts", "is missing; expected a non-empty array of alerts");
    }
    if (!alerts.isArray()) {
      throw new InvalidInputException(
          "alerts", "must be an array of alerts, got " + describe(alerts));
    }
    if (alerts.isEmpty()) {
      throw new InvalidInputException("alerts", "is empty; expected at least one alert");
    }
    if (alerts.size() > MAX_ALERTS) {
      throw new InvalidInputException(
          "alerts",
          "has "
              + alerts.size()
              + " alerts; at most "
              + MAX_ALERTS
              + " are accepted in one notification (set max_alerts in the receiver)");
    }
    List<AlertmanagerAlert> parsed = new ArrayList<>();
    for (int i = 0; i < alerts.size(); i++) {
      AlertmanagerAlert alert =
          alert("alerts[" + i + "]", alerts.get(i), groupStatus.orElse(AlertStatus.FIRING));
      parsed.add(
          flavor == WebhookFlavor.GRAFANA
              ? grafanaExtras("alerts[" + i + "]", alerts.get(i), alert)
              : alert);
    }
    return new AlertmanagerPayload(groupKey, parsed);
  }

  private static AlertmanagerAlert grafanaExtras(
      String path, JsonNode node, AlertmanagerAlert alert) {
    Map<String, String> annotations = new LinkedHashMap<>(alert.annotations());
    for (String field : new String[] {"dashboardURL", "panelURL"}) {
      optionalText(node, field, path + "." + field)
          .filter(s -> !s.isBlank())
          .ifPresent(v -> annotations.putIfAbsent(field, v));
    }
    JsonNode values = node.get("values");
    if (values != null && !values.isNull()) {
      if (!values.isObject()) {
        throw new InvalidInputException(
            path + ".values", "must be an object of query ids to numbers, got " + describe(values));
      }
      annotations.putIfAbsent("values", clip(values.toString()));
    }
    Map<String, String> valueMap = new LinkedHashMap<>();
    if (values != null && values.isObject()) {
      values
          .properties()
          .forEach(
              e ->
                  valueMap.put(
                      wellFormed(path + ".values", e.getKey()),
                      wellFormed(path + ".values", e.getValue().asText())));
    }
    String valueString =
        optionalText(node, "valueString", path + ".valueString")
            .map(s -> wellFormed(path + ".valueString", s))
            .orElse(null);
    return new AlertmanagerAlert(
        alert.status(),
        alert.labels(),
        annotations,
        alert.startsAt(),
        alert.endsAt(),
        alert.fingerprint(),
        alert.generatorUrl(),
        AlertValues.text(valueString, valueMap));
  }

  private static JsonNode tree(byte[] body, WebhookFlavor flavor) {
    if (body.length == 0) {
      throw new InvalidInputException(
          "body",
          "is empty; expected "
              + flavor.payloadName()
              + " (JSON, version \""
              + flavor.version()
              + "\")");
    }
    try {
      JsonNode root = READER.readTree(body);
      if (root == null || root.isMissingNode()) {
        throw new InvalidInputException(
            "body",
            "holds no JSON value; expected "
                + flavor.payloadName()
                + " (JSON, version \""
                + flavor.version()
                + "\")");
      }
      return root;
    } catch (JsonProcessingException e) {
      JsonLocation at = e.getLocation();
      String where =
          at == null ? "" : " at line " + at.getLineNr() + ", column " + at.getColumnNr();
      throw new InvalidInputException(
          "body",
          "is not valid JSON" + where + ": " + clip(String.valueOf(e.getOriginalMessage())));
    } catch (IOException e) {
      throw new UncheckedIOException("Failed to read a JSON body held in memory", e);
    }
  }

  private static void version(JsonNode version, WebhookFlavor flavor) {
    String expected = "\"" + flavor.version() + "\"";
    if (version == null || version.isNull()) {
      throw new InvalidInputException(
          "version",
          "is missing; expected " + expected + " (" + flavor.payloadName() + " version)");
    }
    if (!version.isTextual()) {
      throw new InvalidInputException(
          "version", "must be the string " + expected + ", got " + describe(version));
    }
    if (!version.textValue().equals(flavor.version())) {
      throw new InvalidInputException(
          "version",
          "unsupported payload version "
              + quote(version.textValue())
              + "; lakeops reads "
              + flavor.payloadName()
              + " version "
              + expected
              + flavor.otherHint(version.textValue()));
    }
  }

  private static AlertmanagerAlert alert(String path, JsonNode alert, AlertStatus groupStatus) {
    if (!alert.isObject()) {
      throw new InvalidInputException(path, "must be an alert object, got " + describe(alert));
    }
    JsonNode labelsNode = alert.get("labels");
    if (labelsNode == null || labelsNode.isNull()) {
      throw new InvalidInputException(
          path + ".labels", "is missing; an alert needs its labels (at least alertname)");
    }
    Map<String, String> labels = strings(path + ".labels", labelsNode);
    if (labels.isEmpty()) {
      throw new InvalidInputException(
          path + ".labels", "is empty; an alert needs its labels (at least alertname)");
    }
    JsonNode annotationsNode = alert.get("annotations");
    Map<String, String> annotations =
        annotationsNode == null || annotationsNode.isNull()
            ? Map.of()
            : strings(path + ".annotations", annotationsNode);
    AlertStatus status =
        optionalText(alert, "status", path + ".status")
            .map(s -> status(path + ".status", s))
            .orElse(groupStatus);
    Optional<Instant> startsAt =
        optionalText(alert, "startsAt", path + ".startsAt")
            .flatMap(s -> time(path + ".startsAt", s));
    Optional<Instant> endsAt =
        optionalText(alert, "endsAt", path + ".endsAt").flatMap(s -> time(path + ".endsAt", s));
    String fingerprint =
        optionalText(alert, "fingerprint", path + ".fingerprint")
            .map(s -> fingerprint(path + ".fingerprint", s))
            .orElseGet(() -> LabelFingerprint.of(labels));
    String generatorUrl =
        optionalText(alert, "generatorURL", path + ".generatorURL")
            .map(s -> wellFormed(path + ".generatorURL", s))
            .orElse(null);
    return new AlertmanagerAlert(
        status, labels, annotations, startsAt, endsAt, fingerprint, generatorUrl, null);
  }

  private static Map<String, String> strings(String path, JsonNode node) {
    if (!node.isObject()) {
      throw new InvalidInputException(path, "must be an object of strings, got " + describe(node));
    }
    Map<String, String> values = new LinkedHashMap<>();
    for (Map.Entry<String, JsonNode> field : node.properties()) {
      String fieldPath = path + "." + clip(field.getKey());
      if (!field.getValue().isTextual()) {
        throw new InvalidInputException(
            fieldPath, "must be a string, got " + describe(field.getValue()));
      }
      values.put(
          wellFormed(path, field.getKey()), wellFormed(fieldPath, field.getValue().textValue()));
    }
    return values;
  }

  private static Optional<String> optionalText(JsonNode parent, String name, String path) {
    JsonNode node = parent.get(name);
    if (node == null || node.isNull()) {
      return Optional.empty();
    }
    if (!node.isTextual()) {
      throw new InvalidInputException(path, "must be a string, got " + describe(node));
    }
    return Optional.of(wellFormed(path, node.textValue()));
  }

  /**
   * Rejects text with an unpaired UTF-16 surrogate (JSON can escape a lone code unit between D800
   * and DFFF): such text has no UTF-8 form, so it could be neither stored nor sent back.
   */
  private static String wellFormed(String path, String value) {
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      if (Character.isHighSurrogate(c)
          && i + 1 < value.length()
          && Character.isLowSurrogate(value.charAt(i + 1))) {
        i++;
      } else if (Character.isSurrogate(c)) {
        throw new InvalidInputException(
            path,
            String.format("contains an unpaired UTF-16 surrogate \\u%04x at index %d", (int) c, i));
      }
    }
    return value;
  }

  private static AlertStatus status(String path, String value) {
    return AlertStatus.fromWire(value)
        .orElseThrow(
            () ->
                new InvalidInputException(
                    path, "must be \"firing\" or \"resolved\", got " + quote(value)));
  }

  /** An RFC 3339 timestamp; Go's zero time means "not set". */
  private static Optional<Instant> time(String path, String value) {
    try {
      Instant instant =
          OffsetDateTime.parse(value, DateTimeFormatter.ISO_OFFSET_DATE_TIME).toInstant();
      return instant.equals(GO_ZERO_TIME) ? Optional.empty() : Optional.of(instant);
    } catch (DateTimeParseException e) {
      throw new InvalidInputException(
          path,
          "must be an RFC 3339 timestamp such as \"2024-05-01T12:00:00.000Z\", got "
              + quote(value));
    }
  }

  private static String fingerprint(String path, String value) {
    if (!FINGERPRINT.matcher(value).matches()) {
      throw new InvalidInputException(path, "must be 16 hex digits, got " + quote(value));
    }
    return value.toLowerCase(Locale.ROOT);
  }

  /** The JSON type of a node, with its value when short: {@code number 3}, {@code object}. */
  private static String describe(JsonNode node) {
    if (node.isTextual()) {
      return "string " + quote(node.textValue());
    }
    if (node.isNumber() || node.isBoolean()) {
      return node.getNodeType().name().toLowerCase(Locale.ROOT) + " " + clip(node.asText());
    }
    return node.getNodeType().name().toLowerCase(Locale.ROOT);
  }

  private static String quote(String value) {
    return "\"" + clip(value.replace("\\", "\\\\").replace("\"", "\\\"")) + "\"";
  }

  /** One line of at most {@link #MAX_CLIP} code points. */
  private static String clip(String text) {
    String line = text.replaceAll("\\p{Cntrl}", " ");
    return line.codePointCount(0, line.length()) <= MAX_CLIP
        ? line
        : line.substring(0, line.offsetByCodePoints(0, MAX_CLIP)) + "...";
  }
}
