package dev.lakeops.runbooks.plan;

import static java.util.Objects.requireNonNull;

import dev.lakeops.runbooks.Routing;
import dev.lakeops.runbooks.alert.AlertReading;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Which runbooks the planner would run for an alert and why, before anything runs.
 *
 * @param reading what lakeops read from the alert
 * @param chosen ids of the runbooks to run, best fit first (at most the configured number)
 * @param inputs for each chosen runbook (a graph), the inputs the alert fills
 * @param routing every related runbook's score and reasons, as the report shows them
 * @param bySubject whether nothing says what fired and the runbooks were chosen for what the alert
 *     names
 * @param neighbours ids of the runbooks of the same hop as the chosen ones that can run for the
 *     alert, to run when the chosen ones find nothing wrong ({@link Neighbours})
 */
public record RoutePlan(
    AlertReading reading,
    List<String> chosen,
    Map<String, Map<String, String>> inputs,
    Routing routing,
    boolean bySubject,
    List<String> neighbours) {

  public RoutePlan {
    requireNonNull(reading, "reading");
    chosen = List.copyOf(chosen);
    Map<String, Map<String, String>> copy = new LinkedHashMap<>();
    inputs.forEach((k, v) -> copy.put(k, Collections.unmodifiableMap(new LinkedHashMap<>(v))));
    inputs = Collections.unmodifiableMap(copy);
    requireNonNull(routing, "routing");
    neighbours = neighbours == null ? List.of() : List.copyOf(neighbours);
  }

  /** The first runbook to run, or {@code none}. */
  public String first() {
    return chosen.isEmpty() ? "none" : chosen.get(0);
  }
}
