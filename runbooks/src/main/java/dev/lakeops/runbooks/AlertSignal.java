package dev.lakeops.runbooks;

import static java.util.Objects.requireNonNull;

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
 */
public record AlertSignal(
    Map<String, String> labels,
    Map<String, String> annotations,
    @Nullable String generatorUrl,
    @Nullable String valuesText) {

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
    this(labels, annotations, null, null);
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
