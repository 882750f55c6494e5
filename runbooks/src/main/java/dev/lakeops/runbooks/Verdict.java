package dev.lakeops.runbooks;

import static java.util.Objects.requireNonNull;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The typed result of a triage.
 *
 * @param category what was concluded
 * @param headline one sentence for a person
 * @param entities what it is about, e.g. {@code job}, {@code vertex}, {@code cluster}
 * @param evidence codes of the findings that support it
 * @param confidence how strongly they do
 * @param nextActions what a person should do next, most useful first
 */
public record Verdict(
    Category category,
    String headline,
    Map<String, String> entities,
    List<String> evidence,
    Confidence confidence,
    List<String> nextActions) {

  public Verdict {
    requireNonNull(category, "category");
    requireNonNull(headline, "headline");
    entities = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(entities));
    evidence = List.copyOf(evidence);
    requireNonNull(confidence, "confidence");
    nextActions = List.copyOf(nextActions);
  }
}
