package dev.lakeops.runbooks.plan;

import dev.lakeops.runbooks.AlertSignal;
import dev.lakeops.runbooks.Category;
import dev.lakeops.runbooks.Confidence;
import dev.lakeops.runbooks.ProposedAction;
import dev.lakeops.runbooks.Runbook;
import dev.lakeops.runbooks.StepRecord;
import dev.lakeops.runbooks.TimeWindow;
import dev.lakeops.runbooks.TriageReport;
import dev.lakeops.runbooks.Verdict;
import dev.lakeops.runbooks.alert.AlertReading;
import dev.lakeops.runbooks.graph.Bound;
import dev.lakeops.runbooks.graph.BranchStep;
import dev.lakeops.runbooks.graph.Choice;
import dev.lakeops.runbooks.graph.Conditional;
import dev.lakeops.runbooks.graph.EndStep;
import dev.lakeops.runbooks.graph.FindingSelector;
import dev.lakeops.runbooks.graph.InputSpec;
import dev.lakeops.runbooks.graph.ProbeStep;
import dev.lakeops.runbooks.graph.ProposeStep;
import dev.lakeops.runbooks.graph.RunbookGraph;
import dev.lakeops.runbooks.graph.Step;
import dev.lakeops.runbooks.graph.VerdictSpec;
import dev.lakeops.runbooks.route.AlertRouter;
import dev.lakeops.runbooks.route.RunbookFit;
import dev.lakeops.runbooks.tool.ToolRegistry;
import dev.lakeops.tools.Finding;
import dev.lakeops.tools.ToolReport;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Runs the triage part of a loaded runbook: probes (each call limited by the step timeout and the
 * remaining budget), branches, proposals as data, and the end step's verdict. It never passes an
 * approval: a propose step's execution chain is recorded as awaiting approval and triage goes on at
 * the propose step's {@code next}. Its only tools are a {@link ToolRegistry}'s read-only bindings,
 * so it has nothing that could write.
 */
public final class GraphRunbook implements Runbook {

  /**
   * Steps one run may take at most, whatever the bounds say; guards against a graph bug looping
   * forever.
   */
  private static final int MAX_STEPS = 1_000;

  private final RunbookGraph graph;
  private final ToolCalls calls;
  private final Clock clock;
  private final AlertRouter router;

  /** A runbook that reads alerts with the built-in vocabulary. */
  public GraphRunbook(RunbookGraph graph, ToolRegistry tools, Clock clock) {
    this(graph, tools, clock, AlertRouter.builtIn());
  }

  /** A runbook that reads alerts (its inputs, whether it fits) as {@code router} does. */
  public GraphRunbook(RunbookGraph graph, ToolRegistry tools, Clock clock, AlertRouter router) {
    this.graph = graph;
    this.calls = new ToolCalls(tools);
    this.clock = clock;
    this.router = router;
  }

  /**
   * The shipped runbook {@code name} (file {@code runbooks/NAME.yaml}) over {@code tools}.
   *
   * @throws dev.lakeops.runbooks.load.RunbookException it does not load
   * @throws IllegalArgumentException no runbook of that name is shipped
   */
  public static GraphRunbook shipped(String name, ToolRegistry tools, Clock clock) {
    String file = name + ".yaml";
    if (!dev.lakeops.runbooks.load.RunbookLoader.shippedFiles().contains(file)) {
      throw new IllegalArgumentException(
          "No shipped runbook named '"
              + name
              + "' (shipped: "
              + String.join(", ", dev.lakeops.runbooks.load.RunbookLoader.shippedFiles())
              + ")");
    }
    return new GraphRunbook(
        dev.lakeops.runbooks.load.RunbookLoader.lakeops()
            .load(file, dev.lakeops.runbooks.load.RunbookLoader.shippedText(file)),
        tools,
        clock);
  }

  public RunbookGraph graph() {
    return graph;
  }

  @Override
  public String id() {
    return graph.name();
  }

  /**
   * {@link Match#LABEL} when what the rule is made of says the runbook fits (a metric of its
   * expression, a word of its name, exact label values, a pin), {@link Match#KEYWORD} when only its
   * annotations or a past alert do, {@link Match#NONE} when nothing does or a required input is
   * missing. What the alert names alone (a job, a table) is no match.
   */
  @Override
  public Match match(AlertSignal alert) {
    RunbookFit fit = fit(alert);
    if (!fit.runnable()) {
      return Match.NONE;
    }
    return switch (fit.level()) {
      case PINNED, RULE -> Match.LABEL;
      case TEXT -> Match.KEYWORD;
      default -> Match.NONE;
    };
  }

  /** The score of {@link #fit}, times ten. */
  @Override
  public int strength(AlertSignal alert) {
    return (int) Math.round(fit(alert).score() * 10);
  }

  /** How the runbook fits the alert, with the reasons. */
  public RunbookFit fit(AlertSignal alert) {
    return router.fit(router.reader().read(alert), graph);
  }

  /** Required inputs the alert does not provide, with the labels they are read from. */
  public List<String> missingInputs(AlertSignal alert) {
    return fit(alert).missing();
  }

  /** The inputs the alert gives (or their defaults), by name. */
  public Map<String, String> inputs(AlertReading alert) {
    Map<String, String> inputs = new LinkedHashMap<>();
    for (InputSpec spec : graph.inputs().values()) {
      spec.resolve(alert).ifPresent(v -> inputs.put(spec.name(), v));
    }
    return inputs;
  }

  @Override
  public TriageReport run(AlertSignal alert) {
    Instant started = clock.instant();
    long deadline = System.nanoTime() + graph.limits().budget().toNanos();
    AlertReading reading = router.reader().read(alert);
    RunState state = new RunState(reading, inputs(reading));
    List<ProposedAction> proposals = new ArrayList<>();
    String current = graph.start();
    for (int taken = 0; taken < MAX_STEPS; taken++) {
      Step step = graph.require(current);
      long t0 = System.nanoTime();
      Bound bound =
          step instanceof ProbeStep p ? p.bound() : step instanceof BranchStep b ? b.bound() : null;
      if (bound != null && state.visit(step.id()) > bound.maxIterations()) {
        state.trace.add(
            new StepRecord(
                step.id(),
                step.kind(),
                "max_iterations " + bound.maxIterations() + " reached -> " + bound.onExhausted(),
                -1,
                0));
        current = bound.onExhausted();
        continue;
      }
      if (step instanceof ProbeStep p) {
        current = probe(p, state, deadline, t0);
      } else if (step instanceof BranchStep b) {
        String next = b.otherwise();
        for (Choice c : b.choices()) {
          if (c.guard().holds(state)) {
            next = c.next();
            break;
          }
        }
        state.trace.add(new StepRecord(b.id(), b.kind(), "-> " + next, -1, millis(t0)));
        current = next;
      } else if (step instanceof ProposeStep p) {
        ProposedAction proposal = propose(p, state);
        proposals.add(proposal);
        state.trace.add(
            new StepRecord(
                p.id(),
                p.kind(),
                "proposed "
                    + p.action().actionName()
                    + ": "
                    + proposal.status()
                    + (p.approval() == null
                        ? ""
                        : " (execution starts at '" + p.approval() + "' once approved)"),
                -1,
                millis(t0)));
        current = p.next();
      } else if (step instanceof EndStep e) {
        state.trace.add(
            new StepRecord(e.id(), e.kind(), e.verdict().category().name(), -1, millis(t0)));
        Instant finished = clock.instant();
        Verdict verdict =
            conclude(e.verdict(), state, proposals, new TimeWindow(started, finished));
        return new TriageReport(
            id(), alert, verdict, state.reports, started, finished, state.trace);
      } else {
        // Unreachable for a validated graph: approvals are entered only from a propose step's
        // execution edge, which triage does not follow.
        state.trace.add(
            new StepRecord(step.id(), step.kind(), "awaiting approval: triage stops here", -1, 0));
        return stopped(
            alert,
            state,
            proposals,
            started,
            "Triage reached "
                + step.kind()
                + " step '"
                + step.id()
                + "', which runs only after approval; nothing was executed.");
      }
    }
    return stopped(
        alert,
        state,
        proposals,
        started,
        "Triage took more than " + MAX_STEPS + " steps and was stopped.");
  }

  private String probe(ProbeStep p, RunState state, long deadline, long t0) {
    Map<String, String> args = new LinkedHashMap<>();
    p.args()
        .forEach(
            (name, template) -> template.render(state, state).ifPresent(v -> args.put(name, v)));
    long remaining = deadline - System.nanoTime();
    ToolReport report;
    if (remaining <= 0) {
      report =
          ToolCalls.error(
              p.tool(),
              args,
              "not called: the runbook's budget of "
                  + graph.limits().budget().toSeconds()
                  + " s was spent");
    } else {
      Duration timeout = graph.limits().stepTimeout();
      Duration left = Duration.ofNanos(remaining);
      Duration limit = left.compareTo(timeout) < 0 ? left : timeout;
      report = SharedProbes.answer(id(), p.tool(), args, () -> calls.call(p.tool(), args, limit));
    }
    int index = state.store(p.id(), p.output(), report);
    state.trace.add(
        new StepRecord(
            p.id(),
            p.kind(),
            p.tool() + " " + report.status() + ", " + report.findings().size() + " findings",
            index,
            millis(t0)));
    return p.next();
  }

  private static ProposedAction propose(ProposeStep p, RunState state) {
    Map<String, String> args = new LinkedHashMap<>();
    List<String> missing = new ArrayList<>();
    p.args()
        .forEach(
            (name, template) -> {
              Optional<String> value = template.render(state, state);
              if (value.isPresent()) {
                args.put(name, value.get());
              } else {
                missing.add(name);
              }
            });
    return new ProposedAction(
        p.id(),
        p.action().actionName(),
        p.action().tier(),
        args,
        missing,
        p.reason().renderLenient(state, state).strip(),
        p.approval());
  }

  private static Verdict conclude(
      VerdictSpec spec, RunState state, List<ProposedAction> proposals, TimeWindow window) {
    Map<String, String> entities = new LinkedHashMap<>();
    spec.entities()
        .forEach(
            (name, alternatives) -> {
              for (Conditional c : alternatives) {
                if (c.applies(state)) {
                  Optional<String> value = c.text().render(state, state).filter(v -> !v.isBlank());
                  if (value.isPresent()) {
                    entities.put(name, value.get());
                    break;
                  }
                }
              }
            });
    Set<String> evidence = new LinkedHashSet<>();
    for (FindingSelector selector : spec.evidence()) {
      for (ToolReport r : state.reports) {
        for (Finding f : r.findings()) {
          if (selector.matches(f)) {
            state.idOf(f).ifPresent(evidence::add);
          }
        }
      }
    }
    List<String> next = new ArrayList<>();
    for (Conditional c : spec.nextActions()) {
      if (c.applies(state)) {
        String text = c.text().renderLenient(state, state).strip();
        if (!text.isEmpty()) {
          next.add(text);
        }
      }
    }
    String headline = null;
    for (Conditional c : spec.headline()) {
      if (c.applies(state)) {
        headline =
            c.text().render(state, state).map(String::strip).filter(h -> !h.isEmpty()).orElse(null);
        if (headline != null) {
          break;
        }
      }
    }
    if (headline == null) {
      headline =
          spec.headline()
              .get(spec.headline().size() - 1)
              .text()
              .renderLenient(state, state)
              .strip();
    }
    return new Verdict(
        spec.category(),
        headline,
        entities,
        List.copyOf(evidence),
        spec.confidence(),
        next,
        window,
        proposals);
  }

  private TriageReport stopped(
      AlertSignal alert,
      RunState state,
      List<ProposedAction> proposals,
      Instant started,
      String why) {
    Instant finished = clock.instant();
    Verdict verdict =
        new Verdict(
            Category.INCONCLUSIVE,
            why,
            Map.of(),
            List.of(),
            Confidence.LOW,
            List.of("Check runbook " + graph.source() + " with ./lakeops runbooks validate."),
            new TimeWindow(started, finished),
            proposals);
    return new TriageReport(id(), alert, verdict, state.reports, started, finished, state.trace);
  }

  private static long millis(long t0) {
    return (System.nanoTime() - t0) / 1_000_000;
  }
}
