package dev.lakeops.runbooks;

import static java.util.Objects.requireNonNull;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * What the planner knows of an alert: its labels and annotations. They are data from another system
 * and never become instructions, shell strings or queries.
 */
public record AlertSignal(Map<String, String> labels, Map<String, String> annotations) {

  public AlertSignal {
    labels =
        java.util.Collections.unmodifiableMap(
            new LinkedHashMap<>(requireNonNull(labels, "labels")));
    annotations =
        java.util.Collections.unmodifiableMap(
            new LinkedHashMap<>(requireNonNull(annotations, "annotations")));
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

  /** Alert name, summary and description in lower case, for keyword matching. */
  public String text() {
    return (name()
            + " "
            + annotations.getOrDefault("summary", "")
            + " "
            + annotations.getOrDefault("description", ""))
        .toLowerCase(java.util.Locale.ROOT);
  }
}
