package dev.lakeops.eval.suite;

import dev.lakeops.runbooks.TriageReport;
import dev.lakeops.runbooks.plan.DeterministicPlanner;
import dev.lakeops.runbooks.route.AlertExamples;
import dev.lakeops.runbooks.setup.TriageTools;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Triages live scenarios against the sandbox's running Flink scenario jobs, with the agent's tools
 * and planner over the cluster's REST API, and scores each run as the simulated suite does. The
 * alerts name the jobs by their scenario ids; the caller gives the jobs time to show their fault
 * first, as an alert's {@code for:} would.
 */
public final class LiveRunner {

  private final TriageTools tools;
  private final DeterministicPlanner planner;

  /**
   * @param flinkRestUrl the scenario cluster's REST API, or null without one
   * @param kafkaBootstrap the sandbox broker (profile {@code default}), or null without one
   * @param properties more {@code lakeops.*} keys
   */
  public LiveRunner(
      @Nullable String flinkRestUrl,
      @Nullable String kafkaBootstrap,
      Map<String, String> properties) {
    Map<String, String> all = new LinkedHashMap<>(properties);
    if (flinkRestUrl != null) {
      all.put("lakeops.flink.rest-url", flinkRestUrl);
    }
    if (kafkaBootstrap != null) {
      all.put("lakeops.kafka.clusters.default.bootstrap-servers", kafkaBootstrap);
    }
    this.tools = TriageTools.forAgent(all, Clock.systemUTC(), null);
    this.planner = tools.planner(Clock.systemUTC(), AlertExamples.NONE);
  }

  /** Triages and scores every run, in order. */
  public List<Outcome> run(List<ScenarioRun> runs) {
    List<Outcome> outcomes = new ArrayList<>();
    for (ScenarioRun run : runs) {
      if (run.scenario().live() == null) {
        throw new IllegalArgumentException(
            run.id() + ": not a live scenario; run it with ./lakeops eval (the simulated world)");
      }
      long t0 = System.nanoTime();
      TriageReport report =
          planner.triage(SuiteRunner.signal(run.alert(), run.injected(), java.time.Instant.now()));
      double millis = (System.nanoTime() - t0) / 1e6;
      outcomes.add(
          Scorer.score(
              run, report, millis, new LinkedHashSet<>(tools.registry().names()), List.of()));
    }
    return outcomes;
  }
}
