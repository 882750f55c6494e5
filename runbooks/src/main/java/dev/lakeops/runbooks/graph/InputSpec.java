package dev.lakeops.runbooks.graph;

import dev.lakeops.runbooks.AlertSignal;
import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * A value a runbook needs from the alert.
 *
 * @param name how steps refer to it: {@code ${inputs.NAME}}
 * @param fromLabels labels to read it from, first set wins
 * @param defaultValue the value when no label is set, or null
 * @param required whether the runbook applies only to alerts that provide it
 */
public record InputSpec(
    String name, List<String> fromLabels, @Nullable String defaultValue, boolean required) {

  public InputSpec {
    fromLabels = List.copyOf(fromLabels);
  }

  public Optional<String> resolve(AlertSignal alert) {
    return alert
        .firstLabel(fromLabels.toArray(String[]::new))
        .or(() -> Optional.ofNullable(defaultValue).filter(v -> !v.isBlank()));
  }
}
