package dev.lakeops.runbooks.route;

import static java.util.Objects.requireNonNull;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A past alert and the runbook that answered it (an incident a person confirmed), to route alerts
 * like it the same way.
 *
 * @param id where it comes from, for reports (an incident id)
 * @param labels its labels ({@code alertname} among them)
 * @param text its summary and description
 * @param runbook the runbook that answered it
 */
public record AlertExample(String id, Map<String, String> labels, String text, String runbook) {

  public AlertExample {
    requireNonNull(id, "id");
    labels = Collections.unmodifiableMap(new LinkedHashMap<>(labels));
    requireNonNull(text, "text");
    requireNonNull(runbook, "runbook");
  }
}
