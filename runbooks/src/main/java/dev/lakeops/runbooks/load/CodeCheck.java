package dev.lakeops.runbooks.load;

import dev.lakeops.runbooks.graph.BranchStep;
import dev.lakeops.runbooks.graph.Choice;
import dev.lakeops.runbooks.graph.CodeGlob;
import dev.lakeops.runbooks.graph.Conditional;
import dev.lakeops.runbooks.graph.EndStep;
import dev.lakeops.runbooks.graph.FindingSelector;
import dev.lakeops.runbooks.graph.Guard;
import dev.lakeops.runbooks.graph.ProbeStep;
import dev.lakeops.runbooks.graph.ProposeStep;
import dev.lakeops.runbooks.graph.RunbookGraph;
import dev.lakeops.runbooks.graph.Step;
import dev.lakeops.runbooks.graph.Template;
import dev.lakeops.runbooks.graph.VerdictSpec;
import dev.lakeops.runbooks.graph.VerifyStep;
import dev.lakeops.runbooks.tool.ToolCatalog;
import dev.lakeops.tools.spec.ToolSpec;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * Checks the finding codes a runbook matches on (guards, {@code ${out[code]...}} references,
 * verdict evidence) against the codes its tools declare: a code read from an output must be one the
 * output's tool can emit, a pattern must match at least one, and a code read from no named output
 * must be one of a tool the runbook calls. A typo would otherwise never match and say nothing; the
 * problem suggests the closest declared code.
 */
final class CodeCheck {

  /** A code pattern a step reads, from {@code output} or from every output when null. */
  private record Use(@Nullable String output, CodeGlob code) {}

  private final ToolCatalog catalog;

  CodeCheck(ToolCatalog catalog) {
    this.catalog = catalog;
  }

  void check(RunbookGraph g, List<Problem> problems) {
    Map<String, Set<ToolSpec>> toolsByOutput = new LinkedHashMap<>();
    Set<ToolSpec> called = new LinkedHashSet<>();
    for (Step s : g.steps().values()) {
      String tool =
          s instanceof ProbeStep p ? p.tool() : s instanceof VerifyStep v ? v.tool() : null;
      Optional<ToolSpec> spec = tool == null ? Optional.empty() : catalog.find(tool);
      if (spec.isPresent()) {
        called.add(spec.get());
        s.produces()
            .forEach(
                out ->
                    toolsByOutput.computeIfAbsent(out, k -> new LinkedHashSet<>()).add(spec.get()));
      }
    }
    for (Step s : g.steps().values()) {
      Set<String> messages = new LinkedHashSet<>();
      for (Use use : uses(s)) {
        Set<ToolSpec> tools =
            use.output() == null ? called : toolsByOutput.getOrDefault(use.output(), Set.of());
        problem(use, tools).ifPresent(messages::add);
      }
      messages.forEach(m -> problems.add(Problem.at(g.source(), s.id(), m)));
    }
  }

  private Optional<String> problem(Use use, Set<ToolSpec> tools) {
    if (tools.isEmpty()) {
      return Optional
          .empty(); // an unknown tool or an output no step produces is reported on its own
    }
    Set<String> codes = new LinkedHashSet<>();
    tools.forEach(t -> codes.addAll(t.codes().all()));
    String pattern = use.code().pattern();
    if (codes.stream().anyMatch(use.code()::matches)) {
      return Optional.empty();
    }
    boolean glob = pattern.contains("*");
    String names = String.join(", ", tools.stream().map(ToolSpec::name).toList());
    StringBuilder m =
        new StringBuilder(
            glob
                ? "finding code pattern '" + pattern + "' matches no code "
                : "finding code '" + pattern + "' is not a code ");
    m.append(
        use.output() == null
            ? "of the tools this runbook calls (" + names + ")"
            : "that output '" + use.output() + "' (" + names + ") can hold");
    List<String> elsewhere =
        glob
            ? List.of()
            : catalog.names().stream()
                .map(n -> catalog.find(n).orElseThrow())
                .filter(t -> t.codes().declares(pattern))
                .map(ToolSpec::name)
                .toList();
    if (!elsewhere.isEmpty()) {
      m.append("; ").append(String.join(", ", elsewhere)).append(" emits it");
    }
    closest(pattern, glob ? globs(codes) : codes)
        .ifPresent(c -> m.append("; did you mean ").append(c).append("?"));
    return Optional.of(m.toString());
  }

  /**
   * Every pattern a glob could mean: each code, and each of its dotted prefixes followed by {@code
   * *}.
   */
  private static Set<String> globs(Collection<String> codes) {
    Set<String> out = new LinkedHashSet<>();
    for (String code : codes) {
      for (int dot = code.indexOf('.'); dot >= 0; dot = code.indexOf('.', dot + 1)) {
        out.add(code.substring(0, dot + 1) + "*");
      }
      out.add(code);
    }
    return out;
  }

  private static Optional<String> closest(String pattern, Collection<String> candidates) {
    return candidates.stream()
        .min(
            Comparator.comparingInt((String c) -> distance(pattern, c))
                .thenComparing(Comparator.naturalOrder()));
  }

  /** Levenshtein distance; codes are short, so the quadratic table is enough. */
  static int distance(String a, String b) {
    int[] prev = new int[b.length() + 1];
    int[] cur = new int[b.length() + 1];
    for (int j = 0; j <= b.length(); j++) {
      prev[j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      cur[0] = i;
      for (int j = 1; j <= b.length(); j++) {
        int substitute = prev[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
        cur[j] = Math.min(substitute, Math.min(prev[j], cur[j - 1]) + 1);
      }
      int[] t = prev;
      prev = cur;
      cur = t;
    }
    return prev[b.length()];
  }

  private static List<Use> uses(Step s) {
    List<Use> uses = new ArrayList<>();
    if (s instanceof ProbeStep p) {
      p.args().values().forEach(t -> template(t, uses));
    } else if (s instanceof VerifyStep v) {
      v.args().values().forEach(t -> template(t, uses));
    } else if (s instanceof ProposeStep p) {
      p.args().values().forEach(t -> template(t, uses));
      template(p.reason(), uses);
    } else if (s instanceof BranchStep b) {
      b.choices().stream().map(Choice::guard).forEach(guard -> guard(guard, uses));
    } else if (s instanceof EndStep e) {
      VerdictSpec v = e.verdict();
      List<Conditional> texts = new ArrayList<>(v.headline());
      v.entities().values().forEach(texts::addAll);
      texts.addAll(v.nextActions());
      for (Conditional c : texts) {
        template(c.text(), uses);
        if (c.when() != null) {
          guard(c.when(), uses);
        }
      }
      v.evidence().forEach(selector -> uses.add(new Use(null, selector.code())));
    }
    return uses;
  }

  private static void template(Template t, List<Use> uses) {
    t.refs().stream()
        .filter(r -> r.selector() != null && r.readsOutput())
        .forEach(r -> uses.add(new Use(r.source(), r.selector().code())));
  }

  private static void guard(Guard guard, List<Use> uses) {
    if (guard instanceof Guard.FindingPresent f) {
      uses.add(new Use(f.output(), f.selector().code()));
    } else if (guard instanceof Guard.Above a) {
      selector(a.output(), a.selector(), uses);
    } else if (guard instanceof Guard.Equals e) {
      selector(e.output(), e.selector(), uses);
    } else if (guard instanceof Guard.All a) {
      a.guards().forEach(g -> guard(g, uses));
    } else if (guard instanceof Guard.Any a) {
      a.guards().forEach(g -> guard(g, uses));
    } else if (guard instanceof Guard.Not n) {
      guard(n.guard(), uses);
    }
  }

  private static void selector(String output, @Nullable FindingSelector selector, List<Use> uses) {
    if (selector != null) {
      uses.add(new Use(output, selector.code()));
    }
  }
}
