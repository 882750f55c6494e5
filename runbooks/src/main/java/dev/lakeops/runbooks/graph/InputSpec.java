package dev.lakeops.runbooks.graph;

import dev.lakeops.runbooks.AlertSignal;
import dev.lakeops.runbooks.alert.AlertReader;
import dev.lakeops.runbooks.alert.AlertReading;
import dev.lakeops.runbooks.alert.Concept;
import dev.lakeops.runbooks.alert.ConceptValue;
import dev.lakeops.runbooks.alert.Vocabulary;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * A value a runbook needs from the alert, read through concepts ({@code flink.job}, {@code
 * kafka.group} ...) so that any label name the vocabulary or the configuration knows for them fills
 * it.
 *
 * @param name how steps refer to it: {@code ${inputs.NAME}}
 * @param concepts concepts to read it from, first one the alert gives wins; {@code label:NAME}
 *     reads one label as it is
 * @param defaultValue the value when the alert gives none, or null
 * @param required whether the runbook applies only to alerts that provide it
 */
public record InputSpec(
    String name, List<String> concepts, @Nullable String defaultValue, boolean required) {

  public InputSpec {
    concepts = List.copyOf(concepts);
  }

  /** The value from an alert as read, else the default. */
  public Optional<String> resolve(AlertReading alert) {
    return alert
        .first(concepts)
        .map(ConceptValue::value)
        .or(() -> Optional.ofNullable(defaultValue).filter(v -> !v.isBlank()));
  }

  /** The value from an alert read with the built-in vocabulary, else the default. */
  public Optional<String> resolve(AlertSignal alert) {
    return resolve(AlertReader.builtIn().read(alert));
  }

  /** The label names the built-in vocabulary reads for {@link #concepts()}, in order. */
  public List<String> fromLabels() {
    return fromLabels(Vocabulary.builtIn());
  }

  /** The label names {@code vocabulary} reads for {@link #concepts()}, in order. */
  public List<String> fromLabels(Vocabulary vocabulary) {
    List<String> out = new ArrayList<>();
    for (String c : concepts) {
      if (c.startsWith(AlertReading.LABEL)) {
        out.add(c.substring(AlertReading.LABEL.length()));
        continue;
      }
      vocabulary
          .concept(c)
          .map(Concept::allLabels)
          .ifPresent(l -> l.stream().filter(x -> !out.contains(x)).forEach(out::add));
    }
    return out;
  }
}
