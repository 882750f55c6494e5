package dev.lakeops.eval.suite;

import dev.lakeops.eval.world.World;
import dev.lakeops.runbooks.AlertSignal;
import dev.lakeops.runbooks.TriageReport;
import dev.lakeops.runbooks.plan.DeterministicPlanner;
import dev.lakeops.runbooks.route.AlertExamples;
import dev.lakeops.runbooks.setup.TriageTools;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;

/**
 * Triages every run in a fresh simulated world with the deterministic planner, as the agent would
 * (its tools, confined; its planner; its alert reading), and scores each against its truth.
 */
public final class SuiteRunner {

  /** Every scenario's instant: the world is built for it and the triage starts at it. */
  public static final Instant NOW = Instant.parse("2026-11-30T12:00:00Z");

  private final Path work;
  private final Map<String, String> properties;

  /**
   * @param work a directory for the worlds' files; each run gets its own below it, removed after
   * @param properties {@code lakeops.*} keys for the planner (e.g. {@code lakeops.alerts.*})
   */
  public SuiteRunner(Path work, Map<String, String> properties) {
    this.work = work;
    this.properties = Map.copyOf(properties);
  }

  /** Runs every run in order. */
  public List<Outcome> run(List<ScenarioRun> runs) {
    List<Outcome> outcomes = new ArrayList<>();
    for (ScenarioRun r : runs) {
      outcomes.add(run(r));
    }
    return outcomes;
  }

  /**
   * One run, triaged by the deterministic planner.
   *
   * @throws IllegalArgumentException the scenario's world or faults do not make sense, or it is a
   *     live scenario; the message names the run
   */
  public Outcome run(ScenarioRun run) {
    return inWorld(
        run,
        w -> {
          long t0 = System.nanoTime();
          TriageReport report = w.planner().triage(w.alert());
          double millis = (System.nanoTime() - t0) / 1e6;
          return Scorer.score(run, report, millis, w.readOnlyTools(), w.changes());
        });
  }

  /**
   * What a triage of one run has at hand: its world, the tools and planner over it, the alert, the
   * read-only tools, and what changed in the world's files since it was built.
   */
  public record WorldRun(
      World world,
      TriageTools tools,
      DeterministicPlanner planner,
      AlertSignal alert,
      Set<String> readOnlyTools,
      Supplier<List<String>> changed) {

    /** Files of the world written, rewritten or deleted since it was built. */
    public List<String> changes() {
      return changed.get();
    }
  }

  /**
   * Builds {@code run}'s world in a directory of its own, gives it to {@code use}, and removes it.
   *
   * @throws IllegalArgumentException the scenario's world or faults do not make sense, or it is a
   *     live scenario; the message names the run
   */
  public <T> T inWorld(ScenarioRun run, Function<WorldRun, T> use) {
    if (run.scenario().world() == null) {
      throw new IllegalArgumentException(
          run.id() + ": a live scenario; run it with LiveRunner (./lakeops eval --live)");
    }
    Path dir;
    try {
      dir = Files.createTempDirectory(Files.createDirectories(work), "run-");
    } catch (IOException e) {
      throw new UncheckedIOException("cannot create a world under " + work, e);
    }
    try {
      World world;
      try {
        world =
            World.build(run.scenario().world(), run.scenario().faults(), NOW, dir, run.injected());
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(run.id() + ": " + e.getMessage(), e);
      }
      TriageTools tools = world.tools(properties);
      DeterministicPlanner planner = tools.planner(world.clock(), AlertExamples.NONE);
      AlertSignal alert = signal(run.alert(), run.injected(), NOW);
      Map<String, String> before = files(dir);
      return use.apply(
          new WorldRun(
              world,
              tools,
              planner,
              alert,
              new LinkedHashSet<>(tools.registry().names()),
              () -> diff(before, files(dir))));
    } finally {
      delete(dir);
    }
  }

  /**
   * The alert as the webhook would carry it, started {@code firing} (default 5m) before {@code
   * now}.
   */
  public static AlertSignal signal(Scenario.AlertSpec a, boolean injected, Instant now) {
    Map<String, String> annotations =
        new LinkedHashMap<>(a.annotations() == null ? Map.of() : a.annotations());
    if (injected) {
      annotations.replaceAll((k, v) -> v + World.INJECTION);
      annotations.putIfAbsent("description", World.INJECTION.strip());
    }
    Instant startsAt =
        now.minus(
            a.firing() == null
                ? java.time.Duration.ofMinutes(5)
                : dev.lakeops.tools.spec.Durations.parse(a.firing()));
    return new AlertSignal(a.labels(), annotations, a.generatorURL(), a.valueString(), startsAt);
  }

  /** Every file under {@code dir} with its size and modification time. */
  private static Map<String, String> files(Path dir) {
    Map<String, String> all = new TreeMap<>();
    try (Stream<Path> s = Files.walk(dir)) {
      for (Path p : s.filter(Files::isRegularFile).toList()) {
        all.put(
            dir.relativize(p).toString(),
            Files.size(p) + "@" + Files.getLastModifiedTime(p).toMillis());
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot list " + dir, e);
    }
    return all;
  }

  private static List<String> diff(Map<String, String> before, Map<String, String> after) {
    List<String> changed = new ArrayList<>();
    before.forEach(
        (f, v) -> {
          @Nullable String now = after.get(f);
          if (now == null) {
            changed.add(f + " was deleted");
          } else if (!now.equals(v)) {
            changed.add(f + " was rewritten");
          }
        });
    after.keySet().stream()
        .filter(f -> !before.containsKey(f))
        .forEach(f -> changed.add(f + " was written"));
    return changed;
  }

  private static void delete(Path dir) {
    try (Stream<Path> s = Files.walk(dir)) {
      for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot remove " + dir, e);
    }
  }
}
