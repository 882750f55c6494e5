package dev.lakeops.agent.alert;

import static java.util.Objects.requireNonNull;

import java.time.Instant;
import java.util.Collections;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.jspecify.annotations.Nullable;

/**
 * One alert of an Alertmanager notification.
 *
 * @param status the alert's own status (a group can mix firing and resolved alerts)
 * @param labels the alert's identity; never empty
 * @param annotations free text such as {@code summary}, {@code description}, {@code runbook_url}
 * @param startsAt when the alert started firing; empty when the sender did not say
 * @param endsAt when it resolved; empty while firing (Alertmanager's zero time)
 * @param fingerprint 16 lower-case hex digits, stable per label set: the sender's, or computed with
 *     {@link LabelFingerprint}
 * @param generatorUrl the link to the rule that fired ({@code generatorURL}; a Prometheus rule's
 *     carries its expression), or null
 * @param valuesText Grafana's values as one text ({@link dev.lakeops.runbooks.alert.AlertValues}),
 *     or null
 */
public record AlertmanagerAlert(
    AlertStatus status,
    Map<String, String> labels,
    Map<String, String> annotations,
    Optional<Instant> startsAt,
    Optional<Instant> endsAt,
    String fingerprint,
    @Nullable String generatorUrl,
    @Nullable String valuesText) {

  public AlertmanagerAlert {
    requireNonNull(status, "status");
    labels = Collections.unmodifiableMap(new TreeMap<>(labels));
    annotations = Collections.unmodifiableMap(new TreeMap<>(annotations));
    requireNonNull(startsAt, "startsAt");
    requireNonNull(endsAt, "endsAt");
    requireNonNull(fingerprint, "fingerprint");
    generatorUrl = generatorUrl == null || generatorUrl.isBlank() ? null : generatorUrl;
    valuesText = valuesText == null || valuesText.isBlank() ? null : valuesText;
  }

  /** An alert without the rule's link and values (lakeops' own probes raise these). */
  public AlertmanagerAlert(
      AlertStatus status,
      Map<String, String> labels,
      Map<String, String> annotations,
      Optional<Instant> startsAt,
      Optional<Instant> endsAt,
      String fingerprint) {
    this(status, labels, annotations, startsAt, endsAt, fingerprint, null, null);
  }

  /** The {@code alertname} label, or {@code null} when the alert has none. */
  public @Nullable String alertname() {
    return labels.get("alertname");
  }
}
