package dev.lakeops.runbooks.graph;

import dev.lakeops.runbooks.AlertSignal;
import dev.lakeops.runbooks.alert.IndexedText;
import dev.lakeops.runbooks.alert.Phrase;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Which alerts a runbook is for, by what they say rather than what they are called: the signals it
 * answers (what fired, recognised from the rule's metrics and the alert's words, see {@code
 * alerts/signals.yaml}), signals it answers less directly, words of its own, and optionally exact
 * label values (for a team's runbook made for one alert rule).
 *
 * @param labels label values that must all be equal; empty for most runbooks
 * @param signals signals the runbook answers
 * @param related signals it also fits, half as strongly
 * @param keywords English words and phrases or Chinese phrases of its own, found like a signal's
 *     words
 */
public record MatchRule(
    Map<String, String> labels, List<String> signals, List<String> related, List<String> keywords) {

  public MatchRule {
    labels = Collections.unmodifiableMap(new LinkedHashMap<>(labels));
    signals = List.copyOf(signals);
    related = List.copyOf(related);
    keywords = List.copyOf(keywords);
  }

  /** A rule of exact labels and keywords only. */
  public MatchRule(Map<String, String> labels, List<String> keywords) {
    this(labels, List.of(), List.of(), keywords);
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

  /** The rule's keywords as phrases. */
  public List<Phrase> phrases() {
    return keywords.stream().map(Phrase::of).toList();
  }

  /** How many keywords occur in {@code text}, as whole words. */
  public int keywordHits(String text) {
    IndexedText t = IndexedText.of("text", text);
    return (int) phrases().stream().filter(p -> p.in(t)).count();
  }
}
