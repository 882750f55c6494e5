package dev.lakeops.runbooks.plan;

import dev.lakeops.runbooks.AlertSignal;
import dev.lakeops.runbooks.RouteReason;
import dev.lakeops.runbooks.RouteScore;
import dev.lakeops.runbooks.Routing;
import dev.lakeops.runbooks.Runbook;
import dev.lakeops.runbooks.TriageReport;
import dev.lakeops.runbooks.Verdict;
import dev.lakeops.runbooks.alert.AlertReading;
import dev.lakeops.runbooks.alert.AlertRouting;
import dev.lakeops.runbooks.alert.SignalHit;
import dev.lakeops.runbooks.load.RunbookLoader;
import dev.lakeops.runbooks.route.AlertExamples;
import dev.lakeops.runbooks.route.AlertRouter;
import dev.lakeops.runbooks.route.RunbookFit;
import dev.lakeops.runbooks.route.TextSimilarity;
import dev.lakeops.runbooks.tool.ToolRegistry;
import dev.lakeops.runbooks.tool.WhatChanged;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Triage without an LLM. The alert is read for what it says ({@link AlertRouter}: labels through
 * the label names exporters use, the metrics of the rule's expression, words in English and
 * Chinese, past alerts, similarity); every runbook that fits and has its inputs runs (the best fits
 * first, at most {@code lakeops.alerts.max-runbooks}, within {@code lakeops.alerts.budget}); the
 * report is the one whose findings are strongest ({@link EvidenceRank}), with the others and a note
 * where they disagree. A runbook pinned for the alert rule runs alone. When nothing says what
 * fired, the runbooks for what the alert names (its job, table ...) run. An alert nothing relates
 * to gets a {@link dev.lakeops.runbooks.Category#NO_RUNBOOK} report saying what lakeops read, not
 * an error.
 */
public final class DeterministicPlanner {

  private static final Pattern LABEL_IN_TEXT =
      Pattern.compile("\\b([a-z][a-z0-9_]*)=([A-Za-z0-9_.:/@-]+)");

  /** A runbook whose score is below this share of the best one's is not run beside it. */
  private static final double RUN_SHARE = 0.25;

  private final List<Runbook> runbooks;
  private final Clock clock;
  private final AlertRouter router;
  private final ToolRegistry tools;

  /** A planner that reads alerts with the built-in vocabulary and defaults. */
  public DeterministicPlanner(List<Runbook> runbooks, Clock clock) {
    this(runbooks, clock, AlertRouter.builtIn());
  }

  /**
   * A planner that asks no tool of its own (no "what changed").
   *
   * @throws IllegalArgumentException a pin of the router's configuration names a runbook that is
   *     not among {@code runbooks}
   */
  public DeterministicPlanner(List<Runbook> runbooks, Clock clock, AlertRouter router) {
    this(runbooks, clock, router, new ToolRegistry());
  }

  /**
   * A planner that also asks {@code tools} what changed before each alert, when they bind {@code
   * changes.recent} ({@link WhatChanged}).
   *
   * @throws IllegalArgumentException a pin of the router's configuration names a runbook that is
   *     not among {@code runbooks}
   */
  public DeterministicPlanner(
      List<Runbook> runbooks, Clock clock, AlertRouter router, ToolRegistry tools) {
    this.runbooks = List.copyOf(runbooks);
    this.clock = clock;
    this.router = router;
    this.tools = tools;
    router
        .config()
        .pins()
        .forEach(
            (rule, runbook) -> {
              if (find(runbook).isEmpty()) {
                throw new IllegalArgumentException(
                    "Invalid "
                        + AlertRouting.PREFIX
                        + "rules."
                        + rule
                        + ".runbook="
                        + runbook
                        + ": no runbook named '"
                        + runbook
                        + "' (known: "
                        + String.join(", ", this.runbooks.stream().map(Runbook::id).toList())
                        + ")");
              }
            });
  }

  /**
   * A planner over every shipped runbook, calling the tools of {@code tools}, with the built-in
   * vocabulary.
   *
   * @throws dev.lakeops.runbooks.load.RunbookException a shipped runbook does not load
   */
  public static DeterministicPlanner shipped(ToolRegistry tools, Clock clock) {
    return shipped(tools, clock, AlertRouter.builtIn());
  }

  /**
   * A planner over every shipped runbook with a team's configuration ({@link
   * AlertRouting#fromProperties}), a similarity for text no rule covers ({@code
   * TextSimilarity.NONE} for none) and past alerts ({@code AlertExamples.NONE} for none).
   *
   * @throws IllegalArgumentException a pin names no shipped runbook
   */
  public static DeterministicPlanner shipped(
      ToolRegistry tools,
      Clock clock,
      AlertRouting config,
      TextSimilarity similarity,
      AlertExamples examples) {
    return shipped(tools, clock, AlertRouter.of(config, similarity, examples));
  }

  public static DeterministicPlanner shipped(ToolRegistry tools, Clock clock, AlertRouter router) {
    List<Runbook> runbooks = new ArrayList<>();
    RunbookLoader.lakeops()
        .loadShipped()
        .forEach(g -> runbooks.add(new GraphRunbook(g, tools, clock, router)));
    return new DeterministicPlanner(runbooks, clock, router, tools);
  }

  /**
   * Whether {@code report} concludes a fault (not healthy, unmeasured, an artefact, a failed probe
   * or no runbook), as {@link #triage} ranks it.
   */
  public static boolean concludesFault(TriageReport report) {
    return EvidenceRank.isFault(report);
  }

  public List<Runbook> runbooks() {
    return runbooks;
  }

  public AlertRouter router() {
    return router;
  }

  /**
   * Runs the runbooks that fit and returns the report with the strongest evidence, the others in
   * {@link TriageReport#others()} and the reasons in {@link TriageReport#routing()}; then asks once
   * what changed before the alert, where {@code changes.recent} is bound. The runbooks of one
   * triage share their probes' answers ({@link SharedProbes}): they read one state of the system,
   * and a neighbour costs only its new probes. Never throws for any alert.
   */
  public TriageReport triage(AlertSignal alert) {
    try (SharedProbes probes = SharedProbes.open()) {
      return triageInScope(alert);
    }
  }

  private TriageReport triageInScope(AlertSignal alert) {
    RoutePlan plan = route(alert);
    TriageReport report = conclude(alert, plan);
    return WhatChanged.before(tools, plan.reading())
        .map(r -> report.withChanges(r, WhatChanged.line(r)))
        .orElse(report);
  }

  private TriageReport conclude(AlertSignal alert, RoutePlan plan) {
    Instant started = clock.instant();
    if (plan.chosen().isEmpty()) {
      Verdict verdict = NoRunbookVerdict.of(alert.name(), plan.routing());
      return new TriageReport(
          "none",
          alert,
          verdict,
          List.of(),
          started,
          clock.instant(),
          List.of(),
          plan.routing(),
          List.of());
    }
    long deadline = System.nanoTime() + router.config().budget().toNanos();
    List<TriageReport> reports = new ArrayList<>();
    List<String> notRun = new ArrayList<>();
    for (String id : plan.chosen()) {
      if (!reports.isEmpty() && System.nanoTime() > deadline) {
        notRun.add(id);
        continue;
      }
      reports.add(find(id).orElseThrow().run(alert));
    }
    List<String> notes = new ArrayList<>();
    List<String> neighboursRun = new ArrayList<>();
    if (Neighbours.answeredNo(reports) && !plan.neighbours().isEmpty()) {
      for (String id : plan.neighbours()) {
        if (System.nanoTime() > deadline) {
          notRun.add(id);
          continue;
        }
        reports.add(find(id).orElseThrow().run(alert));
        neighboursRun.add(id);
      }
      if (!neighboursRun.isEmpty()) {
        notes.add(
            "no runbook for what the alert claims found a fault; also ran the runbooks of the same"
                + " hop for the same entity: "
                + String.join(", ", neighboursRun));
      }
    }
    List<TriageReport> ranked = new ArrayList<>(reports);
    ranked.sort(EvidenceRank.strongestFirst());
    if (!EvidenceRank.isFault(ranked.get(0)) && neighboursRun.contains(ranked.get(0).runbook())) {
      // A neighbour speaks only when it finds a fault; else the alert's own runbook answers.
      ranked.stream()
          .filter(r -> !neighboursRun.contains(r.runbook()))
          .findFirst()
          .ifPresent(
              own -> {
                ranked.remove(own);
                ranked.add(0, own);
              });
    }
    sameConclusionBestFit(ranked, reports);
    disagreement(ranked).ifPresent(notes::add);
    if (!notRun.isEmpty()) {
      notes.add(
          "not run, the budget of "
              + router.config().budget().toSeconds()
              + " s was spent: "
              + String.join(", ", notRun));
    }
    List<RouteScore> scores = new ArrayList<>();
    for (RouteScore s : plan.routing().scores()) {
      scores.add(
          neighboursRun.contains(s.runbook())
              ? asNeighbour(s)
              : notRun.contains(s.runbook()) ? s.withOutcome(RouteScore.Outcome.NOT_RUN) : s);
    }
    for (String id : neighboursRun) {
      if (scores.stream().noneMatch(s -> s.runbook().equals(id))) {
        scores.add(
            asNeighbour(new RouteScore(id, 0, List.of(), List.of(), RouteScore.Outcome.RAN)));
      }
    }
    Routing routing = plan.routing().withScores(scores).withNotes(notes);
    TriageReport best = ClaimCheck.apply(ranked.get(0), claims(plan), answers(reports), ranked);
    return best.withRouting(routing, ranked.subList(1, ranked.size()), started, clock.instant());
  }

  /**
   * When runbooks reach the same conclusion (category and evidence tier) as the strongest report,
   * the one that fits the alert best tells it: its verdict carries what the alert's own runbook
   * proposes (a restart-loop runbook proposes the stop, a backpressure runbook that also sees the
   * loop does not), and the answer does not change with which of them happened to cite one finding
   * more. {@code inFitOrder} is the order the runbooks ran, best fit first.
   */
  private static void sameConclusionBestFit(
      List<TriageReport> ranked, List<TriageReport> inFitOrder) {
    TriageReport strongest = ranked.get(0);
    if (!EvidenceRank.isFault(strongest)) {
      return;
    }
    for (TriageReport r : inFitOrder) {
      if (r == strongest) {
        return;
      }
      if (r.verdict().category() == strongest.verdict().category()
          && EvidenceRank.tier(r) == EvidenceRank.tier(strongest)) {
        ranked.remove(r);
        ranked.add(0, r);
        return;
      }
    }
  }

  /** The score of a neighbour that ran: its own reasons, if any, and its hop. */
  private RouteScore asNeighbour(RouteScore s) {
    String hop = find(s.runbook()).map(r -> ((GraphRunbook) r).graph().hop()).orElse("");
    List<RouteReason> reasons = new ArrayList<>(s.reasons());
    reasons.add(
        new RouteReason(
            RouteReason.Kind.HOP,
            "same hop (" + hop + ") as the runbooks the alert chose, which found no fault",
            0));
    return new RouteScore(s.runbook(), s.score(), reasons, s.missing(), RouteScore.Outcome.RAN);
  }

  /** The signals the alert says fired, strongest first. */
  private static List<String> claims(RoutePlan plan) {
    return plan.reading().hits().stream().map(SignalHit::signal).distinct().toList();
  }

  /** For each report's runbook, the signals it answers. */
  private Map<String, List<String>> answers(List<TriageReport> reports) {
    Map<String, List<String>> answers = new LinkedHashMap<>();
    for (TriageReport r : reports) {
      find(r.runbook())
          .filter(rb -> rb instanceof GraphRunbook)
          .ifPresent(rb -> answers.put(r.runbook(), ((GraphRunbook) rb).graph().match().signals()));
    }
    return answers;
  }

  /**
   * Which runbooks {@link #triage} would run for {@code alert}, and why, without running anything.
   */
  public RoutePlan route(AlertSignal alert) {
    AlertReading reading = router.reader().read(alert);
    List<String> notes = new ArrayList<>();
    reading.problems().forEach(p -> notes.add("could not read " + p));
    List<Scored> scored = score(reading, notes);
    Optional<String> pin = alert.label("alertname").flatMap(router.config()::pinned);
    List<Scored> runnable = scored.stream().filter(s -> s.fit.runnable()).toList();
    List<Scored> chosen;
    boolean bySubject = false;
    if (pin.isPresent()) {
      chosen = runnable.stream().filter(s -> s.runbook.id().equals(pin.get())).toList();
    } else {
      chosen = runnable.stream().filter(s -> s.fit.fits()).toList();
      if (chosen.isEmpty()) {
        chosen = runnable.stream().filter(s -> s.fit.level() == RunbookFit.Level.SUBJECT).toList();
        bySubject = !chosen.isEmpty();
        if (bySubject) {
          notes.add("nothing in the alert says what fired; ran the runbooks for what it names");
        }
      }
      double best = chosen.isEmpty() ? 0 : chosen.get(0).fit.score();
      chosen =
          chosen.stream()
              .filter(s -> s.fit.score() >= best * RUN_SHARE)
              .limit(router.config().maxRunbooks())
              .toList();
    }
    List<String> ids = chosen.stream().map(s -> s.runbook.id()).toList();
    List<String> runnableIds = runnable.stream().map(s -> s.runbook.id()).toList();
    List<String> neighbours =
        pin.isPresent() ? List.of() : Neighbours.of(ids, graphs(), runnableIds::contains);
    Map<String, Map<String, String>> inputs = new LinkedHashMap<>();
    for (Scored s : scored) {
      if (s.runbook instanceof GraphRunbook g
          && (ids.contains(g.id()) || neighbours.contains(g.id()))) {
        inputs.put(g.id(), g.inputs(reading));
      }
    }
    List<RouteScore> scores = new ArrayList<>();
    for (Scored s : scored) {
      boolean related =
          s.fit.fits()
              || ids.contains(s.runbook.id())
              || (s.fit.level() != RunbookFit.Level.NONE && !s.fit.runnable());
      if (!related) {
        continue;
      }
      RouteScore.Outcome outcome =
          ids.contains(s.runbook.id())
              ? RouteScore.Outcome.RAN
              : !s.fit.runnable() ? RouteScore.Outcome.CANNOT_RUN : RouteScore.Outcome.NOT_CHOSEN;
      if (!s.fit.runnable()
          && !s.fit.fits()
          && (pin.isEmpty() || !pin.get().equals(s.runbook.id()))) {
        continue;
      }
      scores.add(
          new RouteScore(s.runbook.id(), s.fit.score(), s.fit.reasons(), s.fit.missing(), outcome));
    }
    Map<String, String> recognised = new LinkedHashMap<>();
    reading.concepts().forEach((c, v) -> recognised.put(c, v.toString()));
    List<String> cues = reading.hits().stream().map(DeterministicPlanner::cue).toList();
    return new RoutePlan(
        reading,
        ids,
        inputs,
        new Routing(recognised, reading.metrics(), cues, scores, notes),
        bySubject,
        neighbours);
  }

  private List<dev.lakeops.runbooks.graph.RunbookGraph> graphs() {
    return runbooks.stream()
        .filter(r -> r instanceof GraphRunbook)
        .map(r -> ((GraphRunbook) r).graph())
        .toList();
  }

  private static String cue(SignalHit h) {
    return h.signal() + ": " + h.detail();
  }

  /** Every runbook's fit, best first (ties in registration order). */
  private List<Scored> score(AlertReading reading, List<String> notes) {
    List<GraphRunbook> graphs =
        runbooks.stream()
            .filter(r -> r instanceof GraphRunbook)
            .map(r -> (GraphRunbook) r)
            .toList();
    List<RunbookFit> graphFits =
        router.route(reading, graphs.stream().map(GraphRunbook::graph).toList(), notes);
    List<Scored> out = new ArrayList<>();
    for (int i = 0; i < runbooks.size(); i++) {
      Runbook r = runbooks.get(i);
      RunbookFit fit =
          r instanceof GraphRunbook g
              ? graphFits.get(graphs.indexOf(g))
              : ownFit(r, reading.alert());
      out.add(new Scored(r, fit, i));
    }
    out.sort(
        Comparator.comparingDouble((Scored s) -> s.fit.score())
            .reversed()
            .thenComparingInt(s -> s.index));
    return out;
  }

  /** A runbook that is no graph says itself how it fits. */
  private static RunbookFit ownFit(Runbook r, AlertSignal alert) {
    Runbook.Match m = r.match(alert);
    return switch (m) {
      case LABEL ->
          new RunbookFit(
              r.id(),
              AlertRouter.MATCH_WEIGHT + r.strength(alert) / 10.0,
              List.of(
                  new RouteReason(
                      RouteReason.Kind.MATCH,
                      "the runbook's own match: " + m,
                      AlertRouter.MATCH_WEIGHT)),
              List.of(),
              RunbookFit.Level.RULE);
      case KEYWORD ->
          new RunbookFit(
              r.id(),
              2 + r.strength(alert) / 10.0,
              List.of(new RouteReason(RouteReason.Kind.MATCH, "the runbook's own match: " + m, 2)),
              List.of(),
              RunbookFit.Level.TEXT);
      default -> new RunbookFit(r.id(), 0, List.of(), List.of(), RunbookFit.Level.NONE);
    };
  }

  /** A note when runbooks that ran reached different conclusions. */
  private static Optional<String> disagreement(List<TriageReport> ranked) {
    List<TriageReport> concluded = ranked.stream().filter(r -> EvidenceRank.tier(r) >= 2).toList();
    if (concluded.size() < 2
        || concluded.stream().map(r -> r.verdict().category()).distinct().count() < 2
        || concluded.stream().noneMatch(EvidenceRank::isFault)) {
      return Optional.empty();
    }
    List<String> parts =
        concluded.stream()
            .map(
                r ->
                    r.runbook()
                        + " concluded "
                        + r.verdict().category()
                        + " ("
                        + r.verdict().confidence().name().toLowerCase(Locale.ROOT)
                        + " confidence)")
            .toList();
    return Optional.of(
        "runbooks disagree: "
            + String.join("; ", parts)
            + "; the report is "
            + ranked.get(0).runbook()
            + "'s, whose findings are strongest");
  }

  /**
   * Triage of a chat question: its words say what fired, and {@code name=value} pairs in it (e.g.
   * {@code job_name=orders-to-lake}) serve as labels. The text is data: it only selects runbooks
   * and fills tool arguments.
   */
  public TriageReport triageQuestion(String question) {
    Map<String, String> labels = new LinkedHashMap<>();
    labels.put("alertname", "chat question");
    Matcher m = LABEL_IN_TEXT.matcher(question);
    while (m.find()) {
      labels.putIfAbsent(m.group(1), m.group(2));
    }
    return triage(new AlertSignal(labels, Map.of("summary", question.toLowerCase(Locale.ROOT))));
  }

  /** The runbook that fits best and can run, if any. */
  public Optional<Runbook> choose(AlertSignal alert) {
    List<String> chosen = route(alert).chosen();
    return chosen.isEmpty() ? Optional.empty() : find(chosen.get(0));
  }

  /** The runbook with this id. */
  public Optional<Runbook> find(String id) {
    return runbooks.stream().filter(r -> r.id().equals(id)).findFirst();
  }

  private record Scored(Runbook runbook, RunbookFit fit, int index) {}
}
