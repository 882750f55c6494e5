package dev.lakeops.runbooks.route;

import dev.lakeops.runbooks.RouteReason;
import dev.lakeops.runbooks.RouteReason.Kind;
import dev.lakeops.runbooks.alert.AlertReader;
import dev.lakeops.runbooks.alert.AlertReading;
import dev.lakeops.runbooks.alert.AlertRouting;
import dev.lakeops.runbooks.alert.ConceptValue;
import dev.lakeops.runbooks.alert.IndexedText;
import dev.lakeops.runbooks.alert.Phrase;
import dev.lakeops.runbooks.alert.SignalHit;
import dev.lakeops.runbooks.graph.InputSpec;
import dev.lakeops.runbooks.graph.RunbookGraph;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * Scores runbooks against an alert from what the alert says, never from its name alone. Each
 * runbook's score is the sum of its reasons:
 *
 * <ul>
 *   <li>a pin ({@code lakeops.alerts.rules.<alertname>.runbook}): 100;
 *   <li>each signal the runbook answers, per kind of evidence: a metric of the rule's expression 4,
 *       a word of the alert's name 3, a word of an annotation 2 (half for a {@code related}
 *       signal); the runbook's own keywords count the same;
 *   <li>exact label values of its match rule: 5;
 *   <li>a past alert like this one answered by it: 4 × how alike;
 *   <li>only when nothing above relates the alert to any runbook: similarity of the alert's text to
 *       the runbook's description, 2 × similarity, from the configured minimum;
 *   <li>what the alert names: 1 for its required inputs read from labels that say what they are
 *       (spread over them), 0.25 per optional input, 0.5 per required concept its text names.
 * </ul>
 *
 * The last kind alone never makes a runbook fit; the planner falls back on it only when nothing
 * fits at all. Thread-safe.
 */
public final class AlertRouter {

  public static final double PIN_WEIGHT = 100;
  public static final double MATCH_WEIGHT = 5;
  public static final double EXAMPLE_WEIGHT = 4;
  public static final double SIMILARITY_WEIGHT = 2;
  public static final double RELATED_FACTOR = 0.5;

  private final AlertReader reader;
  private final AlertRouting config;
  private final TextSimilarity similarity;
  private final AlertExamples examples;

  public AlertRouter(
      AlertReader reader, AlertRouting config, TextSimilarity similarity, AlertExamples examples) {
    this.reader = reader;
    this.config = config;
    this.similarity = similarity;
    this.examples = examples;
  }

  /** The built-in vocabulary and defaults, no similarity, no examples. */
  public static AlertRouter builtIn() {
    return new AlertRouter(
        AlertReader.builtIn(), AlertRouting.defaults(), TextSimilarity.NONE, AlertExamples.NONE);
  }

  /**
   * From configuration: its label aliases and pins, with {@code similarity} and {@code examples}.
   */
  public static AlertRouter of(
      AlertRouting config, TextSimilarity similarity, AlertExamples examples) {
    return new AlertRouter(new AlertReader(config.vocabulary()), config, similarity, examples);
  }

  public AlertReader reader() {
    return reader;
  }

  public AlertRouting config() {
    return config;
  }

  public TextSimilarity similarity() {
    return similarity;
  }

  /**
   * Every runbook's fit, in the order given.
   *
   * @param notes receives what a person should know about the routing (the best similarity when it
   *     was used)
   */
  public List<RunbookFit> route(
      AlertReading alert, List<RunbookGraph> runbooks, List<String> notes) {
    // Past alerts of the same rule first; alike texts (the embedding model) only when nothing
    // else relates the alert, so an alert the rules cover costs no embedding.
    List<Fitting> fits = fittings(alert, runbooks, safeExamples(alert, false));
    boolean anyFits = fits.stream().anyMatch(f -> f.level.compareTo(RunbookFit.Level.TEXT) >= 0);
    if (!anyFits && similarity != TextSimilarity.NONE) {
      fits = fittings(alert, runbooks, safeExamples(alert, true));
      anyFits = fits.stream().anyMatch(f -> f.level.compareTo(RunbookFit.Level.TEXT) >= 0);
    }
    if (!anyFits
        && similarity != TextSimilarity.NONE
        && !runbooks.isEmpty()
        && !alert.texts().isEmpty()) {
      similarities(alert, runbooks, fits, notes);
    }
    return fits.stream().map(Fitting::fit).toList();
  }

  private List<Fitting> fittings(
      AlertReading alert, List<RunbookGraph> runbooks, List<AlertExamples.Match> like) {
    List<Fitting> fits = new ArrayList<>();
    for (RunbookGraph g : runbooks) {
      fits.add(fitting(alert, g, like));
    }
    return fits;
  }

  /** One runbook's fit, without similarity (which compares runbooks with each other). */
  public RunbookFit fit(AlertReading alert, RunbookGraph runbook) {
    return fitting(alert, runbook, safeExamples(alert, false)).fit();
  }

  private List<AlertExamples.Match> safeExamples(AlertReading alert, boolean bySimilarity) {
    try {
      return examples.like(alert.alert(), bySimilarity);
    } catch (RuntimeException e) {
      // The contract says never; a store that breaks it must not break triage.
      return List.of();
    }
  }

  private Fitting fitting(AlertReading alert, RunbookGraph g, List<AlertExamples.Match> like) {
    Fitting f = new Fitting(g.name());
    Optional<String> pinned = alert.alert().label("alertname").flatMap(config::pinned);
    if (pinned.isPresent() && pinned.get().equals(g.name())) {
      f.add(
          new RouteReason(
              Kind.PIN,
              "pinned by lakeops.alerts.rules." + alert.alert().name() + ".runbook",
              PIN_WEIGHT),
          RunbookFit.Level.PINNED);
    }
    if (g.match().labelsMatch(alert.alert())) {
      f.add(
          new RouteReason(Kind.MATCH, "labels " + g.match().labels(), MATCH_WEIGHT),
          RunbookFit.Level.RULE);
    }
    for (String s : g.match().signals()) {
      alert.hits(s).forEach(h -> f.add(h.reason(1, ""), level(h)));
    }
    for (String s : g.match().related()) {
      alert.hits(s).forEach(h -> f.add(h.reason(RELATED_FACTOR, " (related)"), level(h)));
    }
    keywords(alert, g, f);
    like.stream()
        .filter(m -> m.example().runbook().equals(g.name()))
        .findFirst()
        .ifPresent(
            m ->
                f.add(
                    new RouteReason(
                        Kind.EXAMPLE,
                        String.format(
                            Locale.ROOT,
                            "like past alert %s (%.2f)",
                            m.example().id(),
                            m.similarity()),
                        EXAMPLE_WEIGHT * m.similarity()),
                    RunbookFit.Level.TEXT));
    subject(alert, g, f);
    return f;
  }

  private static RunbookFit.Level level(SignalHit h) {
    return h.kind() == Kind.TEXT ? RunbookFit.Level.TEXT : RunbookFit.Level.RULE;
  }

  private static void keywords(AlertReading alert, RunbookGraph g, Fitting f) {
    boolean name = false;
    boolean text = false;
    for (Phrase p : g.match().phrases()) {
      for (IndexedText t : alert.texts()) {
        boolean isName = t.field().equals("alertname");
        if ((isName ? name : text) || !p.in(t)) {
          continue;
        }
        f.add(
            new RouteReason(
                isName ? Kind.NAME : Kind.TEXT,
                "'" + p.text() + "' in " + t.field() + " (runbook keyword)",
                isName ? AlertReader.NAME_WEIGHT : AlertReader.TEXT_WEIGHT),
            isName ? RunbookFit.Level.RULE : RunbookFit.Level.TEXT);
        name |= isName;
        text |= !isName;
      }
    }
  }

  private void subject(AlertReading alert, RunbookGraph g, Fitting f) {
    List<InputSpec> required = g.requiredInputs();
    boolean specific = false;
    Set<String> mentioned = new LinkedHashSet<>();
    Set<String> counted = new LinkedHashSet<>();
    for (InputSpec in : g.inputs().values()) {
      Optional<ConceptValue> v = alert.first(in.concepts());
      if (in.required() && v.isEmpty() && in.defaultValue() == null) {
        f.missing.add(in.name() + " " + labels(in));
        continue;
      }
      if (v.isEmpty()) {
        continue;
      }
      if (in.required()) {
        counted.add(v.get().concept());
        specific |= v.get().specific();
        f.add(
            new RouteReason(
                Kind.LABEL,
                v.get().concept() + " " + v.get(),
                v.get().specific() ? 1.0 / required.size() : 0),
            RunbookFit.Level.NONE);
        in.concepts().stream().filter(alert.mentioned()::contains).forEach(mentioned::add);
      } else if (counted.add(v.get().concept())) {
        f.add(
            new RouteReason(Kind.LABEL, v.get().concept() + " " + v.get(), 0.25),
            RunbookFit.Level.NONE);
      }
    }
    for (String c : mentioned) {
      f.add(new RouteReason(Kind.MENTION, "the text names " + c, 0.5), RunbookFit.Level.NONE);
    }
    if (specific && f.missing.isEmpty()) {
      f.raise(RunbookFit.Level.SUBJECT);
    }
  }

  /** {@code (label a or b or c)}, and the other names of the concept after it. */
  private String labels(InputSpec in) {
    List<String> names = in.fromLabels(reader.vocabulary());
    if (names.size() <= 3) {
      return "(label " + String.join(" or ", names) + ")";
    }
    return "(label "
        + String.join(" or ", names.subList(0, 3))
        + ") or another "
        + String.join("/", in.concepts())
        + " label ("
        + String.join(", ", names.subList(3, names.size()))
        + ")";
  }

  private void similarities(
      AlertReading alert, List<RunbookGraph> runbooks, List<Fitting> fits, List<String> notes) {
    List<String> descriptions = runbooks.stream().map(g -> description(g)).toList();
    double[] s;
    try {
      s = similarity.scores(alert.prose(), descriptions);
    } catch (RuntimeException e) {
      notes.add(
          "similarity ("
              + similarity.name()
              + ") could not be computed: "
              + e.getClass().getSimpleName());
      return;
    }
    int best = -1;
    for (int i = 0; i < s.length && i < fits.size(); i++) {
      if (best < 0 || s[i] > s[best]) {
        best = i;
      }
      if (s[i] >= config.minSimilarity()) {
        fits.get(i)
            .add(
                new RouteReason(
                    Kind.SIMILARITY,
                    String.format(
                        Locale.ROOT,
                        "text %.2f alike to the description (%s)",
                        s[i],
                        similarity.name()),
                    SIMILARITY_WEIGHT * s[i]),
                RunbookFit.Level.TEXT);
      }
    }
    if (best >= 0) {
      notes.add(
          String.format(
              Locale.ROOT,
              "best similarity %.2f (%s, %s; relates from %.2f)",
              s[best],
              runbooks.get(best).name(),
              similarity.name(),
              config.minSimilarity()));
    }
  }

  /** What a runbook is for, in words: its description and those of its signals. */
  private String description(RunbookGraph g) {
    StringBuilder d = new StringBuilder(g.description());
    for (String s : g.match().signals()) {
      reader.vocabulary().signal(s).ifPresent(sig -> d.append(". ").append(sig.description()));
    }
    return d.toString();
  }

  /** A fit being built. */
  private static final class Fitting {
    final String runbook;
    final List<RouteReason> reasons = new ArrayList<>();
    final List<String> missing = new ArrayList<>();
    RunbookFit.Level level = RunbookFit.Level.NONE;

    Fitting(String runbook) {
      this.runbook = runbook;
    }

    void add(RouteReason r, RunbookFit.Level l) {
      reasons.add(new RouteReason(r.kind(), r.detail(), Math.round(r.weight() * 100) / 100.0));
      raise(l);
    }

    void raise(RunbookFit.Level l) {
      if (l.compareTo(level) > 0) {
        level = l;
      }
    }

    RunbookFit fit() {
      List<RouteReason> sorted = new ArrayList<>(reasons);
      sorted.sort(Comparator.comparingDouble(RouteReason::weight).reversed());
      double score = reasons.stream().mapToDouble(RouteReason::weight).sum();
      return new RunbookFit(runbook, Math.round(score * 100) / 100.0, sorted, missing, level);
    }
  }
}
