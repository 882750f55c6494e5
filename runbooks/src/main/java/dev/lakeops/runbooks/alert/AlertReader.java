package dev.lakeops.runbooks.alert;

import dev.lakeops.runbooks.AlertSignal;
import dev.lakeops.runbooks.RouteReason.Kind;
import dev.lakeops.runbooks.alert.promql.GeneratorUrl;
import dev.lakeops.runbooks.alert.promql.GrafanaValues;
import dev.lakeops.runbooks.alert.promql.LabelMatcher;
import dev.lakeops.runbooks.alert.promql.PromQl;
import dev.lakeops.runbooks.alert.promql.PromQlExpression;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Reads an alert the way a person on call would: what it is about from its labels (through the
 * {@link Vocabulary}'s label names), what fired from the metrics of the rule's expression ({@code
 * generatorURL}, an {@code expr} annotation, Grafana's values) and from the words of its name and
 * annotations in English or Chinese. Pure and stateless; never throws for any alert.
 */
public final class AlertReader {

  /**
   * A metric of the rule's expression is what fired; the rule's name is what its author called it;
   * annotations are prose.
   */
  public static final double METRIC_WEIGHT = 4;

  public static final double NAME_WEIGHT = 3;
  public static final double TEXT_WEIGHT = 2;

  /** Annotations (and labels) that may carry the rule's expression itself. */
  private static final List<String> EXPRESSION_KEYS =
      List.of("expr", "expression", "query", "promql");

  /** Annotations longer than this are read only up to it. */
  private static final int MAX_TEXT = 4_000;

  private final Vocabulary vocabulary;

  public AlertReader(Vocabulary vocabulary) {
    this.vocabulary = vocabulary;
  }

  public static AlertReader builtIn() {
    return new AlertReader(Vocabulary.builtIn());
  }

  public Vocabulary vocabulary() {
    return vocabulary;
  }

  public AlertReading read(AlertSignal alert) {
    List<String> problems = new ArrayList<>();
    Set<String> metrics = new LinkedHashSet<>();
    List<LabelMatcher> matchers = new ArrayList<>();
    List<String> expressions = new ArrayList<>();
    if (alert.generatorUrl() != null) {
      GeneratorUrl.expressions(alert.generatorUrl()).forEach(e -> expressions.add(e));
    }
    for (String key : EXPRESSION_KEYS) {
      Optional.ofNullable(alert.annotations().get(key))
          .filter(v -> !v.isBlank())
          .ifPresent(expressions::add);
    }
    for (int i = 0; i < expressions.size(); i++) {
      PromQlExpression e = PromQl.read(expressions.get(i));
      metrics.addAll(e.metrics());
      matchers.addAll(e.matchers());
      String which = "expression " + (i + 1);
      e.problems().forEach(p -> problems.add(which + ": " + p));
    }
    GrafanaValues grafana = GrafanaValues.read(alert.valuesText());
    metrics.addAll(grafana.metrics());
    Map<String, ConceptValue> concepts = concepts(alert, matchers, grafana.labels());
    List<IndexedText> texts = texts(alert);
    List<SignalHit> hits = new ArrayList<>();
    for (Signal s : vocabulary.signals().values()) {
      hits(s, List.copyOf(metrics), texts, hits);
    }
    Set<String> mentioned = new LinkedHashSet<>();
    for (Concept c : vocabulary.concepts().values()) {
      if (c.words().stream().anyMatch(w -> texts.stream().anyMatch(w::in))) {
        mentioned.add(c.name());
      }
    }
    return new AlertReading(
        alert, concepts, List.copyOf(metrics), hits, texts, mentioned, problems);
  }

  private Map<String, ConceptValue> concepts(
      AlertSignal alert, List<LabelMatcher> matchers, Map<String, String> grafanaLabels) {
    Map<String, ConceptValue> out = new LinkedHashMap<>();
    for (Concept c : vocabulary.concepts().values()) {
      from(c, alert.labels(), "label ", out);
      if (!out.containsKey(c.name())) {
        for (String label : c.allLabels()) {
          Optional<LabelMatcher> m =
              matchers.stream()
                  .filter(x -> x.label().equals(label) && x.selectedValue().isPresent())
                  .findFirst();
          if (m.isPresent()) {
            out.put(
                c.name(),
                new ConceptValue(
                    c.name(),
                    m.get().selectedValue().get().strip(),
                    "expression " + m.get(),
                    c.labels().contains(label)));
            break;
          }
        }
      }
      if (!out.containsKey(c.name())) {
        from(c, grafanaLabels, "Grafana value label ", out);
      }
    }
    ConceptValue table = out.get("lake.table");
    ConceptValue database = out.get("lake.database");
    if (table != null
        && database != null
        && !table.value().contains(".")
        && !table.value().contains("/")) {
      out.put(
          "lake.table",
          new ConceptValue(
              "lake.table",
              database.value() + "." + table.value(),
              table.source() + " with " + database.source(),
              table.specific()));
    }
    return out;
  }

  private static void from(
      Concept c, Map<String, String> labels, String kind, Map<String, ConceptValue> out) {
    for (String label : c.allLabels()) {
      String v = labels.get(label);
      if (v != null && !v.isBlank()) {
        out.put(
            c.name(),
            new ConceptValue(c.name(), v.strip(), kind + label, c.labels().contains(label)));
        return;
      }
    }
  }

  private static List<IndexedText> texts(AlertSignal alert) {
    List<IndexedText> texts = new ArrayList<>();
    alert.label("alertname").ifPresent(n -> texts.add(IndexedText.of("alertname", n)));
    alert
        .annotations()
        .forEach(
            (k, v) -> {
              if (!k.startsWith("__")
                  && !EXPRESSION_KEYS.contains(k)
                  && v != null
                  && !v.isBlank()) {
                texts.add(
                    IndexedText.of(
                        "annotations." + k, v.length() > MAX_TEXT ? v.substring(0, MAX_TEXT) : v));
              }
            });
    return texts;
  }

  private static void hits(
      Signal s, List<String> metrics, List<IndexedText> texts, List<SignalHit> out) {
    for (String metric : metrics) {
      List<String> stems = TextWords.stems(metric);
      Optional<Phrase> p = s.metrics().stream().filter(x -> x.inOrder(stems)).findFirst();
      if (p.isPresent()) {
        out.add(new SignalHit(s.name(), Kind.METRIC, "metric " + metric, METRIC_WEIGHT));
        break;
      }
    }
    boolean name = false;
    boolean text = false;
    for (IndexedText t : texts) {
      boolean isName = t.field().equals("alertname");
      if (isName ? name : text) {
        continue;
      }
      IndexedText clean = t.without(s.except());
      for (Phrase p : s.words()) {
        if (p.in(clean)) {
          out.add(
              new SignalHit(
                  s.name(),
                  isName ? Kind.NAME : Kind.TEXT,
                  "'" + p.text() + "' in " + t.field(),
                  isName ? NAME_WEIGHT : TEXT_WEIGHT));
          if (isName) {
            name = true;
          } else {
            text = true;
          }
          break;
        }
      }
    }
  }
}
