package dev.lakeops.runbooks;

import static java.util.Objects.requireNonNull;

import java.time.Instant;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * What the planner knows of an alert. Every field is data from another system: it never becomes an
 * instruction, a shell string or a query.
 *
 * @param labels the alert's labels ({@code alertname} among them)
 * @param annotations its annotations ({@code summary}, {@code description}, {@code runbook_url}
 *     ...)
 * @param generatorUrl the link to the rule that fired (Alertmanager's and Grafana's {@code
 *     generatorURL}; for Prometheus rules it carries the expression as {@code g0.expr=}), or null
 * @param valuesText Grafana's {@code valueString} ({@code [ var='A' metric='...' labels={...}
 *     value=12 ]}) or its {@code values} written as {@code A=12 B=1}, or null
 * @param startsAt when the alert started firing (Alertmanager's and Grafana's {@code startsAt}), or
 *     null when the sender did not say; "what changed" looks at the window before it
 */
public record AlertSignal(
    Map<String, String> labels,
    Map<String, String> annotations,
    @Nullable String generatorUrl,
    @Nullable String valuesText,
    @Nullable Instant startsAt) {

  public AlertSignal {
    labels = Collections.unmodifiableMap(new LinkedHashMap<>(requireNonNull(labels, "labels")));
    annotations =
        Collections.unmodifiableMap(
            new LinkedHashMap<>(annotations == null ? Map.of() : annotations));
    generatorUrl = generatorUrl == null || generatorUrl.isBlank() ? null : generatorUrl;
    valuesText = valuesText == null || valuesText.isBlank() ? null : valuesText;
  }

  /** An alert with labels and annotations only. */
  public AlertSignal(Map<String, String> labels, Map<String, String> annotations) {
    this(labels, annotations, null, null, null);
  }

  /** An alert with the rule's link and values, start unknown. */
  public AlertSignal(
      Map<String, String> labels,
      Map<String, String> annotations,
      @Nullable String generatorUrl,
      @Nullable String valuesText) {
    this(labels, annotations, generatorUrl, valuesText, null);
  }

  /** The {@code alertname} label, or {@code "(unnamed alert)"}. */
  public String name() {
    return label("alertname").orElse("(unnamed alert)");
  }

  /** A non-blank label value, stripped. */
  public Optional<String> label(String key) {
    String value = labels.get(key);
    return value == null || value.isBlank() ? Optional.empty() : Optional.of(value.strip());
  }

  /** The first of {@code keys} that is set as a label. */
  public Optional<String> firstLabel(String... keys) {
    for (String key : keys) {
      Optional<String> value = label(key);
      if (value.isPresent()) {
        return value;
      }
    }
    return Optional.empty();
  }

  /** Alert name, summary and description in lower case. */
  public String text() {
    return (name()
            + " "
            + annotations.getOrDefault("summary", "")
            + " "
            + annotations.getOrDefault("description", ""))
        .toLowerCase(Locale.ROOT);
  }
}
