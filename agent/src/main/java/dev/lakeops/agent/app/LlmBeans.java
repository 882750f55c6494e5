package dev.lakeops.agent.app;

import dev.lakeops.agent.llm.JdbcLlmAssessmentStore;
import dev.lakeops.agent.llm.LlmChat;
import dev.lakeops.agent.llm.LlmConfig;
import dev.lakeops.agent.llm.LlmFollowUp;
import dev.lakeops.agent.llm.LlmLimits;
import dev.lakeops.agent.llm.LlmMetrics;
import dev.lakeops.agent.llm.LlmModels;
import dev.lakeops.agent.llm.LlmProvider;
import dev.lakeops.agent.llm.LlmToolbox;
import dev.lakeops.agent.llm.LlmTriage;
import dev.lakeops.agent.llm.ProposalPort;
import dev.lakeops.agent.llm.TriageToolboxes;
import dev.lakeops.agent.llm.UnconfiguredProposals;
import dev.lakeops.agent.store.Database;
import dev.lakeops.runbooks.plan.DeterministicPlanner;
import dev.lakeops.runbooks.setup.TriageTools;
import dev.langchain4j.model.chat.ChatModel;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.arc.DefaultBean;
import io.quarkus.runtime.StartupEvent;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import java.time.Clock;
import java.util.Optional;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Wires the LLM layer from {@code lakeops.llm.*}. With {@code provider=none} no model is built and
 * {@link LlmFollowUp} does nothing; a malformed setting fails the start naming its key.
 */
@ApplicationScoped
public class LlmBeans {

  private static final Logger LOG = LoggerFactory.getLogger(LlmBeans.class);

  private final ExecutorService threads =
      Executors.newCachedThreadPool(
          r -> {
            Thread t = new Thread(r, "lakeops-llm-" + COUNT.incrementAndGet());
            t.setDaemon(true);
            return t;
          });
  private static final AtomicInteger COUNT = new AtomicInteger();

  /** Reviews waiting beyond this many are skipped (an alert storm must not queue stale reviews). */
  private static final int REVIEW_QUEUE = 200;

  /** Reviews at once: each holds a model conversation open for up to lakeops.llm.max-duration. */
  private static final int REVIEWERS = 2;

  private final ExecutorService reviews =
      new ThreadPoolExecutor(
          REVIEWERS,
          REVIEWERS,
          0,
          TimeUnit.SECONDS,
          new ArrayBlockingQueue<>(REVIEW_QUEUE),
          r -> {
            Thread t = new Thread(r, "lakeops-llm-review-" + COUNT.incrementAndGet());
            t.setDaemon(true);
            return t;
          });

  /** The approval gate replaces this with its own {@link ProposalPort}. */
  @Produces
  @Singleton
  @DefaultBean
  ProposalPort proposals() {
    return new UnconfiguredProposals();
  }

  /** What the runbooks reach, from the same keys ({@link TriageToolboxes}). */
  @Produces
  @Singleton
  LlmToolbox toolbox(
      TriageTools triage, ProposalPort proposals, DeterministicPlanner planner, Clock clock) {
    return TriageToolboxes.of(triage, planner, proposals, threads, clock).build();
  }

  @Produces
  @Singleton
  LlmMetrics metrics(MeterRegistry registry) {
    return new LlmMetrics(registry);
  }

  @Produces
  @Singleton
  LlmFollowUp followUp(
      LlmConfig config, LlmToolbox toolbox, Database database, Clock clock, LlmMetrics metrics) {
    Optional<ChatModel> model = LlmModels.create(config);
    if (model.isEmpty()) {
      LOG.info("No LLM configured (lakeops.llm.provider=none): triage is deterministic only");
      return new LlmFollowUp(
          Optional.empty(), new JdbcLlmAssessmentStore(database.dataSource()), reviews);
    }
    LOG.info(
        "LLM review of triages by {}; tools: {}", LlmModels.describe(config), toolbox.toolNames());
    LlmTriage triage =
        new LlmTriage(
            model.get(),
            LlmProvider.parse(config.provider()).id(),
            config.model().orElseThrow(),
            toolbox,
            LlmLimits.from(config),
            threads,
            clock,
            metrics);
    return new LlmFollowUp(
        Optional.of(triage), new JdbcLlmAssessmentStore(database.dataSource()), reviews);
  }

  /**
   * Chat follow-ups by the model, when one is configured; the chat handler decides whether to use
   * it.
   */
  @Produces
  @Singleton
  Optional<LlmChat> chat(LlmConfig config, LlmToolbox toolbox, Clock clock, LlmMetrics metrics) {
    return LlmModels.create(config)
        .map(
            model ->
                new LlmChat(
                    model,
                    toolbox,
                    LlmLimits.from(config),
                    config.chatMemoryMessages(),
                    threads,
                    clock,
                    metrics));
  }

  /** Every LLM series at 0 from the start, with the toolbox's tool names. */
  void registerMeters(@Observes StartupEvent event, LlmMetrics metrics, LlmToolbox toolbox) {
    metrics.registerAll(toolbox.toolNames());
  }

  @PreDestroy
  void stop() {
    reviews.shutdownNow();
    threads.shutdownNow();
  }
}
