package dev.lakeops.runbooks.alert.promql;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What Grafana's {@code valueString} says about the series that fired: {@code [ var='A'
 * metric='kafka_consumergroup_lag' labels={consumergroup=orders, topic=t} value=12 ], [ ... ]}.
 * Grafana 8 and 9 write {@code metric='...'}; later versions {@code var='A'} with the labels only.
 * A lenient scan: anything it cannot read is left out, nothing throws.
 *
 * @param metrics the {@code metric} names, in order
 * @param labels every {@code labels={...}} pair, first value of a name wins
 */
public record GrafanaValues(List<String> metrics, Map<String, String> labels) {

  /** Text longer than this is read only up to it. */
  public static final int MAX_CHARS = 64 * 1024;

  public GrafanaValues {
    metrics = List.copyOf(metrics);
    labels = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(labels));
  }

  public static GrafanaValues read(String text) {
    List<String> metrics = new ArrayList<>();
    Map<String, String> labels = new LinkedHashMap<>();
    if (text == null) {
      return new GrafanaValues(metrics, labels);
    }
    String s = text.length() > MAX_CHARS ? text.substring(0, MAX_CHARS) : text;
    int i = 0;
    while (i < s.length()) {
      int m = s.indexOf("metric='", i);
      int l = s.indexOf("labels={", i);
      if (m < 0 && l < 0) {
        break;
      }
      if (m >= 0 && (l < 0 || m < l)) {
        int start = m + "metric='".length();
        int end = s.indexOf('\'', start);
        if (end < 0) {
          break;
        }
        if (end > start) {
          metrics.add(s.substring(start, end));
        }
        i = end + 1;
      } else {
        int start = l + "labels={".length();
        int end = s.indexOf('}', start);
        if (end < 0) {
          break;
        }
        for (String pair : s.substring(start, end).split(",")) {
          int eq = pair.indexOf('=');
          if (eq > 0) {
            String name = pair.substring(0, eq).strip();
            String value = pair.substring(eq + 1).strip();
            if (!name.isEmpty() && !value.isEmpty()) {
              labels.putIfAbsent(name, value);
            }
          }
        }
        i = end + 1;
      }
    }
    return new GrafanaValues(metrics, labels);
  }
}
