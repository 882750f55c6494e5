package dev.lakeops.runbooks.alert;

import static java.util.Objects.requireNonNull;

import dev.lakeops.runbooks.AlertSignal;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * What lakeops understood of one alert, before any runbook is scored.
 *
 * @param alert the alert as received
 * @param concepts every concept the alert gives a value for, in vocabulary order
 * @param metrics metric names of its expressions and of Grafana's values, in order
 * @param hits every signal it says fired, where and how strongly (at most one per signal and kind)
 * @param texts its name and annotations, ready for phrase search
 * @param mentioned concepts its text names ({@code table}, {@code topic}, {@code 表} ...)
 * @param problems what could not be read (an expression with a syntax error ...)
 */
public record AlertReading(
    AlertSignal alert,
    Map<String, ConceptValue> concepts,
    List<String> metrics,
    List<SignalHit> hits,
    List<IndexedText> texts,
    Set<String> mentioned,
    List<String> problems) {

  /**
   * The prefix of a runbook input's {@code from} entry that names a label rather than a concept.
   */
  public static final String LABEL = "label:";

  public AlertReading {
    requireNonNull(alert, "alert");
    concepts = Collections.unmodifiableMap(new LinkedHashMap<>(concepts));
    metrics = List.copyOf(metrics);
    hits = List.copyOf(hits);
    texts = List.copyOf(texts);
    mentioned = Set.copyOf(mentioned);
    problems = List.copyOf(problems);
  }

  /**
   * The value of the first of {@code names} the alert gives: each a concept, or {@code label:NAME}
   * for one label read as it is.
   */
  public Optional<ConceptValue> first(List<String> names) {
    for (String n : names) {
      if (n.startsWith(LABEL)) {
        String label = n.substring(LABEL.length());
        Optional<String> v = alert.label(label);
        if (v.isPresent()) {
          return Optional.of(new ConceptValue(n, v.get(), "label " + label, true));
        }
        continue;
      }
      ConceptValue v = concepts.get(n);
      if (v != null) {
        return Optional.of(v);
      }
    }
    return Optional.empty();
  }

  /** The hits of one signal. */
  public List<SignalHit> hits(String signal) {
    return hits.stream().filter(h -> h.signal().equals(signal)).toList();
  }

  /** The alert's name and annotations as one text, for similarity. */
  public String prose() {
    StringBuilder s = new StringBuilder(String.join(" ", TextWords.words(alert.name())));
    alert
        .annotations()
        .forEach(
            (k, v) -> {
              if (!k.startsWith("__") && !k.equals("runbook_url")) {
                s.append(". ").append(v.length() > 1_000 ? v.substring(0, 1_000) : v);
              }
            });
    return s.toString();
  }
}
