package dev.lakeops.runbooks.graph;

import static java.util.Objects.requireNonNull;

import dev.lakeops.tools.Finding;
import dev.lakeops.tools.ToolReport;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;

/**
 * A condition over earlier outputs and inputs, from a closed set of operators (as SSM's branch
 * operators). Every operator is checked when the runbook loads: which outputs it reads is known
 * before it runs.
 */
public sealed interface Guard
    permits Guard.FindingPresent,
        Guard.Above,
        Guard.Equals,
        Guard.StatusIs,
        Guard.HasInput,
        Guard.All,
        Guard.Any,
        Guard.Not {

  boolean holds(RunContext ctx);

  /** Output names read; a guard over every output reads none by name. */
  List<String> reads();

  /** Input names read. */
  default List<String> inputs() {
    return List.of();
  }

  /** A finding matching {@code selector} is in {@code output} (in any output when null). */
  record FindingPresent(@Nullable String output, FindingSelector selector) implements Guard {
    public FindingPresent {
      requireNonNull(selector, "selector");
    }

    @Override
    public boolean holds(RunContext ctx) {
      return findings(ctx, output).anyMatch(selector::matches);
    }

    @Override
    public List<String> reads() {
      return output == null ? List.of() : List.of(output);
    }
  }

  /**
   * The evidence {@code key} of the first finding in {@code output} that has it (and matches {@code
   * selector}) is a number above {@code value}.
   */
  record Above(String output, @Nullable FindingSelector selector, String key, double value)
      implements Guard {
    public Above {
      requireNonNull(output, "output");
      requireNonNull(key, "key");
    }

    @Override
    public boolean holds(RunContext ctx) {
      return evidence(ctx, output, selector, key)
          .map(Guard::number)
          .map(n -> n != null && n > value)
          .orElse(false);
    }

    @Override
    public List<String> reads() {
      return List.of(output);
    }
  }

  /**
   * The evidence {@code key} of the first finding in {@code output} that has it (and matches {@code
   * selector}) equals {@code value}.
   */
  record Equals(String output, @Nullable FindingSelector selector, String key, String value)
      implements Guard {
    public Equals {
      requireNonNull(output, "output");
      requireNonNull(key, "key");
      requireNonNull(value, "value");
    }

    @Override
    public boolean holds(RunContext ctx) {
      return evidence(ctx, output, selector, key).map(value::equals).orElse(false);
    }

    @Override
    public List<String> reads() {
      return List.of(output);
    }
  }

  /** The report stored under {@code output} has one of {@code statuses}. */
  record StatusIs(String output, Set<ToolReport.Status> statuses) implements Guard {
    public StatusIs {
      requireNonNull(output, "output");
      statuses = Set.copyOf(statuses);
    }

    @Override
    public boolean holds(RunContext ctx) {
      return ctx.output(output).map(r -> statuses.contains(r.status())).orElse(false);
    }

    @Override
    public List<String> reads() {
      return List.of(output);
    }
  }

  /** The runbook input {@code name} has a value. */
  record HasInput(String name) implements Guard {
    public HasInput {
      requireNonNull(name, "name");
    }

    @Override
    public boolean holds(RunContext ctx) {
      return ctx.input(name).isPresent();
    }

    @Override
    public List<String> reads() {
      return List.of();
    }

    @Override
    public List<String> inputs() {
      return List.of(name);
    }
  }

  /** Every guard holds (true when empty). */
  record All(List<Guard> guards) implements Guard {
    public All {
      guards = List.copyOf(guards);
    }

    @Override
    public boolean holds(RunContext ctx) {
      return guards.stream().allMatch(g -> g.holds(ctx));
    }

    @Override
    public List<String> reads() {
      return union(guards, Guard::reads);
    }

    @Override
    public List<String> inputs() {
      return union(guards, Guard::inputs);
    }
  }

  /** At least one guard holds (false when empty). */
  record Any(List<Guard> guards) implements Guard {
    public Any {
      guards = List.copyOf(guards);
    }

    @Override
    public boolean holds(RunContext ctx) {
      return guards.stream().anyMatch(g -> g.holds(ctx));
    }

    @Override
    public List<String> reads() {
      return union(guards, Guard::reads);
    }

    @Override
    public List<String> inputs() {
      return union(guards, Guard::inputs);
    }
  }

  /** The guard does not hold. */
  record Not(Guard guard) implements Guard {
    public Not {
      requireNonNull(guard, "guard");
    }

    @Override
    public boolean holds(RunContext ctx) {
      return !guard.holds(ctx);
    }

    @Override
    public List<String> reads() {
      return guard.reads();
    }

    @Override
    public List<String> inputs() {
      return guard.inputs();
    }
  }

  private static Stream<Finding> findings(RunContext ctx, @Nullable String output) {
    if (output == null) {
      return ctx.outputs().stream().flatMap(r -> r.findings().stream());
    }
    return ctx.output(output).stream().flatMap(r -> r.findings().stream());
  }

  private static Optional<String> evidence(
      RunContext ctx, String output, @Nullable FindingSelector selector, String key) {
    return findings(ctx, output)
        .filter(f -> selector == null || selector.matches(f))
        .filter(f -> f.evidence().containsKey(key))
        .map(f -> f.evidence().get(key))
        .findFirst();
  }

  private static @Nullable Double number(String text) {
    try {
      return Double.parseDouble(text.strip());
    } catch (NumberFormatException e) {
      return null;
    }
  }

  private static List<String> union(
      List<Guard> guards, java.util.function.Function<Guard, List<String>> part) {
    Set<String> all = new LinkedHashSet<>();
    guards.forEach(g -> all.addAll(part.apply(g)));
    return List.copyOf(all);
  }
}
