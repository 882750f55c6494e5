package dev.lakeops.runbooks.alert;

import java.util.Map;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;

/**
 * The values of a Grafana alert as one text for {@link
 * dev.lakeops.runbooks.AlertSignal#valuesText}: its {@code valueString} ({@code [ var='A'
 * metric='...' labels={...} value=12 ]}) when it sent one, else its {@code values} object written
 * {@code A=12 B=1}. One writer, so {@code lakeops triage} and the agent's webhook read the same
 * alert to the same text.
 */
public final class AlertValues {

  private AlertValues() {}

  /**
   * @param valueString Grafana's {@code valueString}, or null
   * @param values Grafana's {@code values} (query id to number as text), in the payload's order
   * @return the text, or null when the alert carries neither
   */
  public static @Nullable String text(@Nullable String valueString, Map<String, String> values) {
    if (valueString != null && !valueString.isBlank()) {
      return valueString;
    }
    if (values.isEmpty()) {
      return null;
    }
    return values.entrySet().stream()
        .map(e -> e.getKey() + "=" + e.getValue())
        .collect(Collectors.joining(" "));
  }
}
