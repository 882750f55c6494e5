package dev.lakeops.runbooks.load;

import dev.lakeops.runbooks.action.RiskTier;
import dev.lakeops.runbooks.graph.ActionStep;
import dev.lakeops.runbooks.graph.ApprovalStep;
import dev.lakeops.runbooks.graph.Bound;
import dev.lakeops.runbooks.graph.BranchStep;
import dev.lakeops.runbooks.graph.EndStep;
import dev.lakeops.runbooks.graph.ProbeStep;
import dev.lakeops.runbooks.graph.ProposeStep;
import dev.lakeops.runbooks.graph.RunbookGraph;
import dev.lakeops.runbooks.graph.Step;
import dev.lakeops.runbooks.graph.Template;
import dev.lakeops.runbooks.graph.VerifyStep;
import dev.lakeops.runbooks.tool.ToolCatalog;
import dev.lakeops.tools.spec.ToolArgs;
import dev.lakeops.tools.spec.ToolArgumentException;
import dev.lakeops.tools.spec.ToolParam;
import dev.lakeops.tools.spec.ToolSpec;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * The graph rules a runbook must meet before it may run. Each rejection names the file and the
 * step:
 *
 * <ul>
 *   <li>a tool no catalog entry has, arguments the tool does not take or lacks, or a literal
 *       argument that does not read as the parameter's declared type;
 *   <li>a finding code (or code pattern) that no tool it reads declares (with the closest declared
 *       code as a suggestion);
 *   <li>a {@code next} (or any successor) naming no step; a step no path from the start reaches;
 *   <li>a guard or template reading an output that is not produced on every path to it, or an input
 *       the runbook does not declare;
 *   <li>a cycle without a step bounded by {@code max_iterations};
 *   <li>a step from which no end step can be reached;
 *   <li>an action that is not read-only without an approval of its proposal on every path to it
 *       (the approval dominates the action); an approval reached other than from its proposal.
 * </ul>
 */
public final class RunbookValidator {

  private final ToolCatalog catalog;

  public RunbookValidator(ToolCatalog catalog) {
    this.catalog = catalog;
  }

  public List<Problem> validate(RunbookGraph g) {
    List<Problem> problems = new ArrayList<>();
    Map<String, Step> steps = g.steps();
    if (!steps.containsKey(g.start())) {
      problems.add(Problem.at(g.source(), null, "start '" + g.start() + "' names no step"));
      return problems;
    }
    for (Step s : steps.values()) {
      for (String next : s.successors()) {
        if (!steps.containsKey(next)) {
          problems.add(Problem.at(g.source(), s.id(), "next '" + next + "' names no step"));
        }
      }
    }
    if (!problems.isEmpty()) {
      return problems;
    }
    tools(g, problems);
    new CodeCheck(catalog).check(g, problems);
    references(g, problems);
    Set<String> reachable = reachable(g);
    for (String id : steps.keySet()) {
      if (!reachable.contains(id)) {
        problems.add(
            Problem.at(
                g.source(),
                id,
                "no path from the start step '" + g.start() + "' reaches this step"));
      }
    }
    endReachable(g, reachable, problems);
    cycles(g, reachable, problems);
    outputs(g, reachable, problems);
    approvals(g, reachable, problems);
    return problems;
  }

  private void tools(RunbookGraph g, List<Problem> problems) {
    for (Step s : g.steps().values()) {
      String tool =
          s instanceof ProbeStep p ? p.tool() : s instanceof VerifyStep v ? v.tool() : null;
      if (tool == null) {
        continue;
      }
      Map<String, Template> args = s instanceof ProbeStep p ? p.args() : ((VerifyStep) s).args();
      Optional<ToolSpec> spec = catalog.find(tool);
      if (spec.isEmpty()) {
        problems.add(
            Problem.at(
                g.source(),
                s.id(),
                "unknown tool '" + tool + "' (known: " + String.join(", ", catalog.names()) + ")"));
        continue;
      }
      Map<String, String> literals = new LinkedHashMap<>();
      for (Map.Entry<String, Template> arg : args.entrySet()) {
        if (!spec.get().accepts(arg.getKey())) {
          problems.add(
              Problem.at(
                  g.source(),
                  s.id(),
                  "tool "
                      + tool
                      + " has no parameter '"
                      + arg.getKey()
                      + "' (it takes "
                      + String.join(", ", spec.get().paramNames())
                      + ")"));
        } else if (arg.getValue().refs().isEmpty()) {
          literals.put(arg.getKey(), arg.getValue().raw());
        }
      }
      for (String required : spec.get().required()) {
        if (!args.containsKey(required)) {
          problems.add(
              Problem.at(
                  g.source(), s.id(), "tool " + tool + " needs parameter '" + required + "'"));
        }
      }
      literals(g, s, spec.get(), literals, problems);
    }
  }

  /**
   * Literal arguments must read as their parameters' types; templated ones are read when the step
   * runs.
   */
  private static void literals(
      RunbookGraph g, Step s, ToolSpec spec, Map<String, String> literals, List<Problem> problems) {
    List<ToolParam> optional =
        spec.params().stream()
            .map(p -> new ToolParam(p.name(), p.type(), false, p.description(), null, p.range()))
            .toList();
    try {
      ToolArgs.read(
          new ToolSpec(spec.name(), spec.description(), optional, spec.codes()), literals);
    } catch (ToolArgumentException e) {
      e.problems()
          .forEach(
              p -> problems.add(Problem.at(g.source(), s.id(), "tool " + spec.name() + ": " + p)));
    }
  }

  private void references(RunbookGraph g, List<Problem> problems) {
    for (Step s : g.steps().values()) {
      for (String input : s.inputsRead()) {
        if (!g.inputs().containsKey(input)) {
          problems.add(
              Problem.at(
                  g.source(),
                  s.id(),
                  "reads input '" + input + "' that the runbook does not declare"));
        }
      }
      for (String output : s.produces()) {
        if (Template.RESERVED.contains(output) || !output.matches("[a-z][a-z0-9_-]*")) {
          problems.add(
              Problem.at(
                  g.source(),
                  s.id(),
                  "output name '" + output + "' is reserved or not a lower-case name"));
        }
      }
      if (s instanceof ApprovalStep a && !(g.steps().get(a.proposal()) instanceof ProposeStep)) {
        problems.add(
            Problem.at(
                g.source(),
                s.id(),
                "approves '" + a.proposal() + "', which is not a propose step"));
      }
      if (s instanceof ActionStep a) {
        Step proposal = g.steps().get(a.proposal());
        if (!(proposal instanceof ProposeStep p)) {
          problems.add(
              Problem.at(
                  g.source(),
                  s.id(),
                  "runs proposal '" + a.proposal() + "', which is not a propose step"));
        } else if (p.action() != a.action()) {
          problems.add(
              Problem.at(
                  g.source(),
                  s.id(),
                  "runs "
                      + a.action().actionName()
                      + " but its proposal '"
                      + p.id()
                      + "' proposes "
                      + p.action().actionName()));
        }
      }
    }
  }

  private static Set<String> reachable(RunbookGraph g) {
    Set<String> seen = new LinkedHashSet<>();
    Deque<String> todo = new ArrayDeque<>(List.of(g.start()));
    while (!todo.isEmpty()) {
      String id = todo.pop();
      if (seen.add(id)) {
        g.require(id).successors().forEach(todo::push);
      }
    }
    return seen;
  }

  private static void endReachable(RunbookGraph g, Set<String> reachable, List<Problem> problems) {
    // Backwards from every end step.
    Map<String, List<String>> preds = predecessors(g);
    Set<String> reachesEnd = new HashSet<>();
    Deque<String> todo = new ArrayDeque<>();
    g.steps().values().stream().filter(s -> s instanceof EndStep).forEach(s -> todo.push(s.id()));
    while (!todo.isEmpty()) {
      String id = todo.pop();
      if (reachesEnd.add(id)) {
        preds.getOrDefault(id, List.of()).forEach(todo::push);
      }
    }
    if (reachesEnd.isEmpty()) {
      problems.add(Problem.at(g.source(), null, "the runbook has no end step"));
      return;
    }
    for (String id : reachable) {
      if (!reachesEnd.contains(id)) {
        problems.add(Problem.at(g.source(), id, "no end step can be reached from this step"));
      }
    }
  }

  /**
   * Every cycle must pass through a step with a bound; found as strongly connected components
   * (Tarjan).
   */
  private static void cycles(RunbookGraph g, Set<String> reachable, List<Problem> problems) {
    for (List<String> scc : new Tarjan(g, reachable).components()) {
      boolean cyclic = scc.size() > 1 || g.require(scc.get(0)).successors().contains(scc.get(0));
      if (!cyclic) {
        continue;
      }
      boolean bounded = scc.stream().map(g::require).anyMatch(s -> bound(s) != null);
      if (!bounded) {
        problems.add(
            Problem.at(
                g.source(),
                scc.get(0),
                "is on a cycle ("
                    + String.join(" -> ", scc)
                    + ") with no bound: give one of its probe or branch steps max_iterations and"
                    + " on_exhausted"));
      }
    }
  }

  private static @Nullable Bound bound(Step s) {
    return s instanceof ProbeStep p ? p.bound() : s instanceof BranchStep b ? b.bound() : null;
  }

  /** Forward must-analysis: the outputs produced on every path from the start to each step. */
  private static void outputs(RunbookGraph g, Set<String> reachable, List<Problem> problems) {
    Set<String> universe = new HashSet<>();
    g.steps().values().forEach(s -> universe.addAll(s.produces()));
    Map<String, List<String>> preds = predecessors(g);
    Map<String, Set<String>> in = new HashMap<>();
    for (String id : reachable) {
      in.put(id, id.equals(g.start()) ? new HashSet<>() : new HashSet<>(universe));
    }
    boolean changed = true;
    while (changed) {
      changed = false;
      for (String id : reachable) {
        if (id.equals(g.start())) {
          continue;
        }
        Set<String> meet = null;
        for (String p : preds.getOrDefault(id, List.of())) {
          if (!reachable.contains(p)) {
            continue;
          }
          Set<String> out = new HashSet<>(in.get(p));
          out.addAll(g.require(p).produces());
          if (meet == null) {
            meet = out;
          } else {
            meet.retainAll(out);
          }
        }
        if (meet != null && !meet.equals(in.get(id))) {
          in.put(id, meet);
          changed = true;
        }
      }
    }
    for (String id : reachable) {
      Step s = g.require(id);
      for (String read : s.reads()) {
        if (!in.get(id).contains(read)) {
          String why =
              universe.contains(read)
                  ? "not produced on every path to this step"
                  : "produced by no step";
          problems.add(Problem.at(g.source(), id, "reads output '" + read + "', which is " + why));
        }
      }
    }
  }

  private static void approvals(RunbookGraph g, Set<String> reachable, List<Problem> problems) {
    Map<String, Set<String>> dom = new Dominators(g, reachable).compute();
    for (String id : reachable) {
      Step s = g.require(id);
      if (s instanceof ActionStep a && a.action().tier() != RiskTier.READ) {
        boolean approved =
            dom.get(id).stream()
                .map(g::require)
                .anyMatch(d -> d instanceof ApprovalStep ap && ap.proposal().equals(a.proposal()));
        if (!approved) {
          problems.add(
              Problem.at(
                  g.source(),
                  id,
                  "runs "
                      + a.action().actionName()
                      + " ("
                      + a.action().tier()
                      + ") without an approval of proposal '"
                      + a.proposal()
                      + "' on every path to it"));
        }
      }
    }
    Map<String, List<String>> preds = predecessors(g);
    for (String id : reachable) {
      if (g.require(id) instanceof ApprovalStep a) {
        for (String p : preds.getOrDefault(id, List.of())) {
          boolean fromProposal =
              g.require(p) instanceof ProposeStep ps
                  && ps.id().equals(a.proposal())
                  && id.equals(ps.approval());
          if (!fromProposal) {
            problems.add(
                Problem.at(
                    g.source(),
                    id,
                    "is reached from '"
                        + p
                        + "'; an approval starts only from its proposal's 'on_approval'"));
          }
        }
      }
      if (g.require(id) instanceof VerifyStep
          && dom.get(id).stream().noneMatch(d -> g.require(d) instanceof ActionStep)) {
        problems.add(
            Problem.at(
                g.source(),
                id,
                "verifies no action: a verify step follows an action step on every path (use a"
                    + " probe to read)"));
      }
    }
  }

  static Map<String, List<String>> predecessors(RunbookGraph g) {
    Map<String, List<String>> preds = new LinkedHashMap<>();
    for (Step s : g.steps().values()) {
      for (String next : new LinkedHashSet<>(s.successors())) {
        preds.computeIfAbsent(next, k -> new ArrayList<>()).add(s.id());
      }
    }
    return preds;
  }

  /**
   * Iterative dominator sets; runbooks have tens of steps, so the quadratic algorithm is enough.
   */
  private static final class Dominators {
    private final RunbookGraph g;
    private final Set<String> nodes;

    Dominators(RunbookGraph g, Set<String> nodes) {
      this.g = g;
      this.nodes = nodes;
    }

    Map<String, Set<String>> compute() {
      Map<String, List<String>> preds = predecessors(g);
      Map<String, Set<String>> dom = new HashMap<>();
      for (String n : nodes) {
        dom.put(n, n.equals(g.start()) ? new HashSet<>(Set.of(n)) : new HashSet<>(nodes));
      }
      boolean changed = true;
      while (changed) {
        changed = false;
        for (String n : nodes) {
          if (n.equals(g.start())) {
            continue;
          }
          Set<String> meet = null;
          for (String p : preds.getOrDefault(n, List.of())) {
            if (!nodes.contains(p)) {
              continue;
            }
            if (meet == null) {
              meet = new HashSet<>(dom.get(p));
            } else {
              meet.retainAll(dom.get(p));
            }
          }
          Set<String> next = meet == null ? new HashSet<>() : meet;
          next.add(n);
          if (!next.equals(dom.get(n))) {
            dom.put(n, next);
            changed = true;
          }
        }
      }
      return dom;
    }
  }

  /** Tarjan's strongly connected components over the reachable steps. */
  private static final class Tarjan {
    private final RunbookGraph g;
    private final Set<String> nodes;
    private final Map<String, Integer> index = new HashMap<>();
    private final Map<String, Integer> low = new HashMap<>();
    private final Deque<String> stack = new ArrayDeque<>();
    private final Set<String> onStack = new HashSet<>();
    private final List<List<String>> out = new ArrayList<>();
    private int counter;

    Tarjan(RunbookGraph g, Set<String> nodes) {
      this.g = g;
      this.nodes = nodes;
    }

    List<List<String>> components() {
      for (String n : nodes) {
        if (!index.containsKey(n)) {
          visit(n);
        }
      }
      return out;
    }

    private void visit(String v) {
      index.put(v, counter);
      low.put(v, counter++);
      stack.push(v);
      onStack.add(v);
      for (String w : g.require(v).successors()) {
        if (!index.containsKey(w)) {
          visit(w);
          low.put(v, Math.min(low.get(v), low.get(w)));
        } else if (onStack.contains(w)) {
          low.put(v, Math.min(low.get(v), index.get(w)));
        }
      }
      if (low.get(v).equals(index.get(v))) {
        List<String> scc = new ArrayList<>();
        String w;
        do {
          w = stack.pop();
          onStack.remove(w);
          scc.add(w);
        } while (!w.equals(v));
        java.util.Collections.reverse(scc);
        out.add(scc);
      }
    }
  }
}
