package dev.lakeops.runbooks.graph;

import dev.lakeops.runbooks.AlertSignal;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Which alerts a runbook is for: exact label values (every one must equal), and keywords found in
 * the alert's name, summary and description or in a chat question.
 */
public record MatchRule(Map<String, String> labels, List<String> keywords) {

  public MatchRule {
    labels = Collections.unmodifiableMap(new LinkedHashMap<>(labels));
    keywords = keywords.stream().map(k -> k.toLowerCase(Locale.ROOT)).toList();
  }

  /**
   * Whether every label of the rule is set on the alert to exactly its value (false for a rule with
   * no labels).
   */
  public boolean labelsMatch(AlertSignal alert) {
    return !labels.isEmpty()
        && labels.entrySet().stream()
            .allMatch(e -> alert.label(e.getKey()).map(e.getValue()::equals).orElse(false));
  }

  /** How many keywords occur in {@code text} (lower case). */
  public int keywordHits(String text) {
    String lower = text.toLowerCase(Locale.ROOT);
    return (int) keywords.stream().filter(lower::contains).count();
  }
}
