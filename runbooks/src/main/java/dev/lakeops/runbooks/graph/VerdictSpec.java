package dev.lakeops.runbooks.graph;

import static java.util.Objects.requireNonNull;

import dev.lakeops.runbooks.Category;
import dev.lakeops.runbooks.Confidence;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The verdict an end step concludes with.
 *
 * @param category what is concluded
 * @param headline one sentence, templated: the first alternative that applies and resolves; else
 *     the last, with unresolved references left out
 * @param entities per entity name, alternatives in order: the first that applies and resolves is
 *     used; an entity with none is left out
 * @param evidence code patterns of the findings that support the verdict
 * @param confidence how strongly they do
 * @param nextActions texts for a person, each kept only when it applies
 */
public record VerdictSpec(
    Category category,
    List<Conditional> headline,
    Map<String, List<Conditional>> entities,
    List<FindingSelector> evidence,
    Confidence confidence,
    List<Conditional> nextActions) {

  public VerdictSpec {
    requireNonNull(category, "category");
    headline = List.copyOf(headline);
    if (headline.isEmpty()) {
      throw new IllegalArgumentException("A verdict needs a headline");
    }
    Map<String, List<Conditional>> copy = new LinkedHashMap<>();
    entities.forEach((k, v) -> copy.put(k, List.copyOf(v)));
    entities = Collections.unmodifiableMap(copy);
    evidence = List.copyOf(evidence);
    requireNonNull(confidence, "confidence");
    nextActions = List.copyOf(nextActions);
  }

  List<Template> templates() {
    List<Template> all = new ArrayList<>();
    headline.forEach(c -> all.add(c.text()));
    entities.values().forEach(list -> list.forEach(c -> all.add(c.text())));
    nextActions.forEach(c -> all.add(c.text()));
    return all;
  }

  List<Guard> guards() {
    List<Guard> all = new ArrayList<>();
    headline.stream().filter(c -> c.when() != null).forEach(c -> all.add(c.when()));
    entities
        .values()
        .forEach(
            list -> list.stream().filter(c -> c.when() != null).forEach(c -> all.add(c.when())));
    nextActions.stream().filter(c -> c.when() != null).forEach(c -> all.add(c.when()));
    return all;
  }

  List<String> reads() {
    Set<String> reads = new LinkedHashSet<>(Template.outputsOf(templates()));
    guards().forEach(g -> reads.addAll(g.reads()));
    return List.copyOf(reads);
  }

  List<String> inputsRead() {
    Set<String> inputs = new LinkedHashSet<>(Template.inputsOf(templates()));
    guards().forEach(g -> inputs.addAll(g.inputs()));
    return List.copyOf(inputs);
  }
}
