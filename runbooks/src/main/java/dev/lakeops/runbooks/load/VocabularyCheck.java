package dev.lakeops.runbooks.load;

import dev.lakeops.runbooks.alert.Vocabulary;
import dev.lakeops.runbooks.graph.InputSpec;
import dev.lakeops.runbooks.graph.RunbookGraph;
import dev.lakeops.runbooks.graph.Step;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;

/**
 * Every concept a runbook reads (inputs' {@code from}, steps' {@code ${concepts.X}}) and every
 * signal it matches on must be in the alert vocabulary: a misspelt one would silently never fill or
 * never fit. Each problem names the file, the input or step, and the closest known name.
 */
final class VocabularyCheck {

  private final Vocabulary vocabulary;

  VocabularyCheck(Vocabulary vocabulary) {
    this.vocabulary = vocabulary;
  }

  void check(RunbookGraph g, List<Problem> problems) {
    for (InputSpec in : g.inputs().values()) {
      for (String c : in.concepts()) {
        if (!c.startsWith(dev.lakeops.runbooks.alert.AlertReading.LABEL)
            && vocabulary.concept(c).isEmpty()) {
          problems.add(
              Problem.at(
                  g.source(),
                  null,
                  "input '"
                      + in.name()
                      + "' reads unknown concept '"
                      + c
                      + "'"
                      + suggestion(c, vocabulary.concepts().keySet())
                      + " (concepts are in alerts/concepts.yaml)"));
        }
      }
    }
    for (Step s : g.steps().values()) {
      for (String c : s.conceptsRead()) {
        if (vocabulary.concept(c).isEmpty()) {
          problems.add(
              Problem.at(
                  g.source(),
                  s.id(),
                  "reads unknown concept '"
                      + c
                      + "'"
                      + suggestion(c, vocabulary.concepts().keySet())));
        }
      }
    }
    for (List<String> signals : List.of(g.match().signals(), g.match().related())) {
      for (String sig : signals) {
        if (vocabulary.signal(sig).isEmpty()) {
          problems.add(
              Problem.at(
                  g.source(),
                  null,
                  "match names unknown signal '"
                      + sig
                      + "'"
                      + suggestion(sig, vocabulary.signals().keySet())
                      + " (signals are in alerts/signals.yaml)"));
        }
      }
    }
  }

  private static String suggestion(String name, Collection<String> known) {
    return known.stream()
        .min(
            Comparator.comparingInt((String k) -> CodeCheck.distance(name, k))
                .thenComparing(Comparator.naturalOrder()))
        .map(k -> "; did you mean " + k + "?")
        .orElse("");
  }
}
