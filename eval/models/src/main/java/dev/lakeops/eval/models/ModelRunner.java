package dev.lakeops.eval.models;

import dev.lakeops.agent.llm.LlmAssessment;
import dev.lakeops.agent.llm.LlmLimits;
import dev.lakeops.agent.llm.LlmMetrics;
import dev.lakeops.agent.llm.LlmModels;
import dev.lakeops.agent.llm.LlmProvider;
import dev.lakeops.agent.llm.LlmToolbox;
import dev.lakeops.agent.llm.LlmTriage;
import dev.lakeops.agent.llm.TriageToolboxes;
import dev.lakeops.agent.llm.UnconfiguredProposals;
import dev.lakeops.eval.suite.Outcome;
import dev.lakeops.eval.suite.ScenarioRun;
import dev.lakeops.eval.suite.Scorer;
import dev.lakeops.eval.suite.SuiteRunner;
import dev.lakeops.runbooks.TriageReport;
import dev.lakeops.runbooks.Verdict;
import dev.langchain4j.model.chat.ChatModel;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * Triages each run of the suite in its simulated world as the agent does with a model configured:
 * the deterministic triage first, then the model's review of it (or its investigation, where no
 * runbook explains the alert) over the same tools, within the agent's budgets and guard; scores the
 * verdict lakeops keeps and the model's own, {@code repeats} times a run.
 */
public final class ModelRunner implements AutoCloseable {

  private final SuiteRunner worlds;
  private final Map<String, String> properties;
  private final ExecutorService threads = Executors.newCachedThreadPool(daemon());

  public ModelRunner(Path work, Map<String, String> properties) {
    this.worlds = new SuiteRunner(work, Map.of());
    this.properties = Map.copyOf(properties);
  }

  /**
   * @throws IllegalArgumentException the model's keys do not read; the message names the key
   */
  public List<ModelTrial> run(ModelSpec spec, List<ScenarioRun> runs, int repeats) {
    PropertiesLlmConfig config = new PropertiesLlmConfig(properties, spec);
    ChatModel model =
        LlmModels.create(config)
            .orElseThrow(
                () ->
                    new IllegalArgumentException(
                        "--model " + spec + ": provider none has no model"));
    LlmLimits limits = LlmLimits.from(config);
    LlmMetrics metrics = new LlmMetrics(new SimpleMeterRegistry());
    String provider = LlmProvider.parse(config.provider()).id();
    List<ModelTrial> trials = new ArrayList<>();
    for (ScenarioRun run : runs) {
      for (int r = 1; r <= repeats; r++) {
        int repeat = r;
        trials.add(
            worlds.inWorld(
                run,
                w -> {
                  TriageReport deterministic = w.planner().triage(w.alert());
                  LlmToolbox toolbox =
                      TriageToolboxes.of(
                              w.tools(),
                              w.planner(),
                              new UnconfiguredProposals(),
                              threads,
                              w.world().clock())
                          .build();
                  LlmTriage triage =
                      new LlmTriage(
                          model,
                          provider,
                          spec.model(),
                          toolbox,
                          limits,
                          threads,
                          Clock.systemUTC(),
                          metrics);
                  long t0 = System.nanoTime();
                  LlmAssessment a = triage.review(run.id() + "/" + repeat, deterministic);
                  double millis = (System.nanoTime() - t0) / 1e6;
                  Verdict kept = a.verdict();
                  Outcome scored =
                      Scorer.score(
                          run,
                          deterministic.withVerdict(kept),
                          millis,
                          w.readOnlyTools(),
                          w.changes());
                  if (LlmAssessment.LLM.equals(a.finalVerdict())) {
                    // The guard let the model's verdict through only with evidence its tools or
                    // the triage returned; the report's own findings are not all of those.
                    scored = Scorer.withoutInvalidEvidence(scored);
                  }
                  return new ModelTrial(
                      spec.toString(),
                      repeat,
                      scored,
                      a.llm() == null ? null : a.llm().category().name(),
                      deterministic.verdict().category().name(),
                      a.finalVerdict(),
                      a.fallback(),
                      a.mode().name().toLowerCase(java.util.Locale.ROOT),
                      a.toolCalls(),
                      a.tokens(),
                      millis);
                }));
      }
    }
    return trials;
  }

  @Override
  public void close() {
    threads.shutdownNow();
  }

  private static java.util.concurrent.ThreadFactory daemon() {
    return r -> {
      Thread t = new Thread(r, "lakeops-eval-model");
      t.setDaemon(true);
      return t;
    };
  }
}
