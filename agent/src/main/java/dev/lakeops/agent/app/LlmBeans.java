package dev.lakeops.agent.app;

import dev.lakeops.agent.binlog.BinlogServers;
import dev.lakeops.agent.binlog.BinlogServersConfig;
import dev.lakeops.agent.config.LakeopsConfig;
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
import dev.lakeops.agent.llm.RunbookTools;
import dev.lakeops.agent.llm.UnconfiguredProposals;
import dev.lakeops.agent.store.Database;
import dev.lakeops.runbooks.plan.DeterministicPlanner;
import dev.lakeops.tools.binlog.BinlogTools;
import dev.lakeops.tools.binlog.live.BinlogServerAnalyzer;
import dev.lakeops.tools.binlog.live.BinlogServerConnection;
import dev.lakeops.tools.binlog.live.BinlogServerTools;
import dev.lakeops.tools.flink.FlinkClusters;
import dev.lakeops.tools.kafka.KafkaTools;
import dev.lakeops.tools.table.TableLocator;
import dev.lakeops.tools.table.TableTools;
import dev.langchain4j.model.chat.ChatModel;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.arc.DefaultBean;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;
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

  @Produces
  @Singleton
  LlmToolbox toolbox(
      LlmConfig config,
      FlinkClusters flink,
      KafkaTools kafka,
      ProposalPort proposals,
      DeterministicPlanner planner,
      LakeopsConfig lakeops,
      BinlogServersConfig binlogServers,
      Clock clock) {
    LlmToolbox.Builder tools =
        LlmToolbox.builder(proposals, threads)
            .add(flink.defaultCluster())
            .add(kafka)
            .add(new RunbookTools(planner));
    lakeops
        .tables()
        .warehouse()
        .filter(w -> !w.isBlank())
        .map(w -> Path.of(w.strip()))
        .ifPresent(w -> tools.addInWarehouse(new TableTools(TableLocator.local(w)), w));
    Map<String, BinlogServerConnection> servers = BinlogServers.from(binlogServers);
    if (!servers.isEmpty()) {
      tools.add(
          new BinlogServerTools(
              servers, binlogServers.timeout(), BinlogServerAnalyzer.defaults(), clock));
    }
    config
        .binlogDir()
        .filter(d -> !d.isBlank())
        .ifPresent(dir -> tools.addConfined(new BinlogTools(), Path.of(dir)));
    for (String name : flink.names()) {
      if (!name.equals(flink.defaultName())) {
        tools.add(
            flink.find(name).orElseThrow(),
            "_" + name.replaceAll("[^A-Za-z0-9_-]", "_"),
            "[Flink cluster " + name + "] ");
      }
    }
    return tools.build();
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

  @PreDestroy
  void stop() {
    reviews.shutdownNow();
    threads.shutdownNow();
  }
}
