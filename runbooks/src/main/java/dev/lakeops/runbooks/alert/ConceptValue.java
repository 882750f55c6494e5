package dev.lakeops.runbooks.alert;

import static java.util.Objects.requireNonNull;

/**
 * The value of a concept as read from one alert.
 *
 * @param concept e.g. {@code kafka.group}
 * @param value e.g. {@code orders-sink}
 * @param source where it was read: {@code label consumergroup}, {@code expression
 *     group_id="orders"} ...
 * @param specific whether the name it was read under says on its own what the alert is about (not a
 *     weak label such as {@code instance} or {@code partition})
 */
public record ConceptValue(String concept, String value, String source, boolean specific) {

  public ConceptValue {
    requireNonNull(concept, "concept");
    requireNonNull(value, "value");
    requireNonNull(source, "source");
  }

  @Override
  public String toString() {
    return value + " (" + source + ")";
  }
}
