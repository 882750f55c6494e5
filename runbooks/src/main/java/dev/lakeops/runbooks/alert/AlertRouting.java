package dev.lakeops.runbooks.alert;

import dev.lakeops.tools.spec.Durations;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * How a team tunes the understanding of its alerts, from configuration (the CLI's and the agent's
 * {@code config/application.properties}):
 *
 * <pre>
 * lakeops.alerts.label-aliases.&lt;concept&gt;=a,b,c       label names read first for a concept (flink.job, kafka.group ...)
 * lakeops.alerts.rules.&lt;alertname&gt;.runbook=NAME      the runbook for that alert rule; it wins over everything else
 * lakeops.alerts.max-runbooks=3                       runbooks run at most per alert when several fit
 * lakeops.alerts.budget=300s                          time for all of them together
 * lakeops.alerts.similarity.model=all-minilm-l6-v2-q    the embedding model for text no rule covers, or none
 * lakeops.alerts.similarity.min-score=0.45            similarity below this relates nothing
 * </pre>
 *
 * @param labelAliases concept to label names, read before the built-in ones
 * @param pins alert name to the runbook pinned for it
 * @param maxRunbooks at most this many runbooks run for one alert
 * @param budget the time all runbooks of one alert may take together; later ones are not started
 * @param similarityModel {@code all-minilm-l6-v2-q} or {@code none}
 * @param minSimilarity similarity (cosine, -1 to 1) from which a text relates to a runbook
 */
public record AlertRouting(
    Map<String, List<String>> labelAliases,
    Map<String, String> pins,
    int maxRunbooks,
    Duration budget,
    String similarityModel,
    double minSimilarity) {

  public static final String PREFIX = "lakeops.alerts.";
  public static final String MINILM = "all-minilm-l6-v2-q";
  public static final String NONE = "none";

  public AlertRouting {
    Map<String, List<String>> a = new LinkedHashMap<>();
    labelAliases.forEach((k, v) -> a.put(k, List.copyOf(v)));
    labelAliases = Collections.unmodifiableMap(a);
    pins = Collections.unmodifiableMap(new LinkedHashMap<>(pins));
    if (maxRunbooks < 1) {
      throw new IllegalArgumentException(
          "Invalid " + PREFIX + "max-runbooks: " + maxRunbooks + " (must be at least 1)");
    }
    if (budget.isNegative() || budget.isZero()) {
      throw new IllegalArgumentException(
          "Invalid " + PREFIX + "budget: " + budget + " (must be positive)");
    }
    if (!similarityModel.equals(MINILM) && !similarityModel.equals(NONE)) {
      throw new IllegalArgumentException(
          "Invalid "
              + PREFIX
              + "similarity.model: '"
              + similarityModel
              + "' (known: "
              + MINILM
              + ", "
              + NONE
              + ")");
    }
    if (!(minSimilarity >= -1 && minSimilarity <= 1)) {
      throw new IllegalArgumentException(
          "Invalid "
              + PREFIX
              + "similarity.min-score: "
              + minSimilarity
              + " (must be between -1 and 1)");
    }
    Vocabulary.builtIn().withLabelAliases(labelAliases);
  }

  /** No aliases, no pins, three runbooks in five minutes, MiniLM from a similarity of 0.45. */
  public static AlertRouting defaults() {
    return new AlertRouting(Map.of(), Map.of(), 3, Duration.ofMinutes(5), MINILM, 0.45);
  }

  /**
   * Reads the {@code lakeops.alerts.*} keys of {@code properties}; other keys are ignored.
   *
   * @throws IllegalArgumentException a key under {@code lakeops.alerts.} is unknown, names an
   *     unknown concept, or has a value that does not read; the message names the key and the value
   */
  public static AlertRouting fromProperties(Map<String, String> properties) {
    AlertRouting d = defaults();
    Map<String, List<String>> aliases = new LinkedHashMap<>();
    Map<String, String> pins = new LinkedHashMap<>();
    int max = d.maxRunbooks();
    Duration budget = d.budget();
    String model = d.similarityModel();
    double min = d.minSimilarity();
    for (Map.Entry<String, String> e : new TreeMap<>(properties).entrySet()) {
      String key = e.getKey();
      if (!key.startsWith(PREFIX)) {
        continue;
      }
      String value = e.getValue() == null ? "" : e.getValue().strip();
      String rest = key.substring(PREFIX.length());
      try {
        if (rest.startsWith("label-aliases.") && rest.length() > "label-aliases.".length()) {
          String concept = rest.substring("label-aliases.".length());
          if (Vocabulary.builtIn().concept(concept).isEmpty()) {
            throw new IllegalArgumentException(
                "no concept '"
                    + concept
                    + "' (known: "
                    + String.join(", ", Vocabulary.builtIn().concepts().keySet())
                    + ")");
          }
          List<String> names =
              new ArrayList<>(
                  Arrays.stream(value.split(","))
                      .map(String::strip)
                      .filter(s -> !s.isEmpty())
                      .toList());
          if (names.isEmpty()) {
            throw new IllegalArgumentException("no label names");
          }
          aliases.put(concept, names);
        } else if (rest.startsWith("rules.")
            && rest.endsWith(".runbook")
            && rest.length() > "rules.".length() + ".runbook".length()) {
          if (value.isEmpty()) {
            throw new IllegalArgumentException("no runbook name");
          }
          pins.put(rest.substring("rules.".length(), rest.length() - ".runbook".length()), value);
        } else if (rest.equals("max-runbooks")) {
          max = Integer.parseInt(value);
        } else if (rest.equals("budget")) {
          budget = Durations.parse(value);
        } else if (rest.equals("similarity.model")) {
          model = value;
        } else if (rest.equals("similarity.min-score")) {
          min = Double.parseDouble(value);
        } else {
          throw new IllegalArgumentException(
              "unknown key (known: label-aliases.<concept>, rules.<alertname>.runbook,"
                  + " max-runbooks, budget, similarity.model, similarity.min-score)");
        }
      } catch (IllegalArgumentException ex) {
        throw new IllegalArgumentException(
            "Invalid " + key + "=" + value + ": " + ex.getMessage(), ex);
      }
    }
    try {
      return new AlertRouting(aliases, pins, max, budget, model, min);
    } catch (IllegalArgumentException ex) {
      throw new IllegalArgumentException(ex.getMessage(), ex);
    }
  }

  /** The runbook pinned for an alert rule. */
  public Optional<String> pinned(String alertname) {
    return Optional.ofNullable(pins.get(alertname));
  }

  /** The built-in vocabulary with this configuration's label aliases. */
  public Vocabulary vocabulary() {
    return Vocabulary.builtIn().withLabelAliases(labelAliases);
  }
}
