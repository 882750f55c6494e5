package dev.lakeops.runbooks.route;

import dev.lakeops.runbooks.AlertSignal;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;

/**
 * Examples held in memory: an alert of the same rule ({@code alertname}) is alike at 1 when every
 * label the example and the alert share has the same value ({@code severity} and the like aside)
 * and at 0.9 otherwise; any other example is as alike as its text is ({@link TextSimilarity}), from
 * {@code minSimilarity}. For the agent to fill from its incidents, or to implement {@link
 * AlertExamples} over its database instead.
 */
public final class KnownAlerts implements AlertExamples {

  private static final List<String> IGNORED =
      List.of("alertname", "severity", "instance", "job", "prometheus", "receiver");

  private final List<AlertExample> examples;
  private final TextSimilarity similarity;
  private final double minSimilarity;

  public KnownAlerts(List<AlertExample> examples, TextSimilarity similarity, double minSimilarity) {
    this.examples = List.copyOf(examples);
    this.similarity = similarity;
    this.minSimilarity = minSimilarity;
  }

  @Override
  public List<Match> like(AlertSignal alert, boolean bySimilarity) {
    List<Match> out = new ArrayList<>();
    List<AlertExample> others = new ArrayList<>();
    String name = alert.name();
    for (AlertExample e : examples) {
      if (Objects.equals(e.labels().get("alertname"), name)) {
        boolean same =
            e.labels().entrySet().stream()
                .filter(l -> !IGNORED.contains(l.getKey()))
                .allMatch(l -> alert.label(l.getKey()).map(l.getValue()::equals).orElse(true));
        out.add(new Match(e, same ? 1.0 : 0.9));
      } else {
        others.add(e);
      }
    }
    if (bySimilarity && !others.isEmpty() && similarity != TextSimilarity.NONE) {
      String text =
          name
              + ". "
              + alert.annotations().getOrDefault("summary", "")
              + " "
              + alert.annotations().getOrDefault("description", "");
      double[] s =
          similarity.scores(
              text,
              others.stream()
                  .map(e -> e.labels().getOrDefault("alertname", "") + ". " + e.text())
                  .toList());
      for (int i = 0; i < s.length; i++) {
        if (s[i] >= minSimilarity) {
          out.add(new Match(others.get(i), s[i]));
        }
      }
    }
    out.sort(Comparator.comparingDouble(Match::similarity).reversed());
    return out;
  }
}
