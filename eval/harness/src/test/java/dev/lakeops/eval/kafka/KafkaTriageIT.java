package dev.lakeops.eval.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.eval.sandbox.KafkaSandbox;
import dev.lakeops.eval.sandbox.KafkaScenarios;
import dev.lakeops.eval.suite.LiveRunner;
import dev.lakeops.eval.suite.Outcome;
import dev.lakeops.eval.suite.ScenarioFiles;
import dev.lakeops.eval.suite.ScenarioRun;
import dev.lakeops.eval.suite.Scores;
import dev.lakeops.runbooks.AlertSignal;
import dev.lakeops.runbooks.Category;
import dev.lakeops.runbooks.ProposedAction;
import dev.lakeops.runbooks.StepRecord;
import dev.lakeops.runbooks.TriageReport;
import dev.lakeops.runbooks.action.RiskTier;
import dev.lakeops.runbooks.plan.DeterministicPlanner;
import dev.lakeops.runbooks.tool.KafkaBindings;
import dev.lakeops.runbooks.tool.ToolRegistry;
import dev.lakeops.tools.kafka.KafkaCluster;
import dev.lakeops.tools.kafka.KafkaClusters;
import dev.lakeops.tools.kafka.KafkaProbeOptions;
import dev.lakeops.tools.kafka.KafkaTools;
import dev.lakeops.tools.kafka.LagHistory;
import dev.lakeops.tools.kafka.LagRules;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.apache.kafka.clients.admin.RecordsToDelete;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * The deterministic planner on Kafka alerts against a real KRaft broker: the shipped kafka-lag
 * runbook, with the lag rules the agent uses (a 10 s window before a group is called stopped). Each
 * test reads its own cluster profile and its own topics and groups, so each lag window holds only
 * its own probes, and its tests run at the same time (the planner is shared, as the agent's triage
 * workers share it): they spend most of their time waiting between lag probes. The class itself
 * runs alone, as every other. The broker is shared with {@link KafkaLagIT} ({@link SharedBroker}),
 * whose topics and groups have other names.
 */
@ExtendWith(SharedBroker.class)
class KafkaTriageIT {

  private static KafkaSandbox broker;
  private static KafkaFixtures kafka;
  private static DeterministicPlanner planner;

  @BeforeAll
  static void start() {
    broker = SharedBroker.broker();
    kafka = new KafkaFixtures(broker.bootstrap());
    KafkaClusters clusters =
        KafkaClusters.of(
            List.of(
                profile("lagging"),
                profile("healthy"),
                profile("retention"),
                profile("counts"),
                profile("dups"),
                profile("loss")));
    KafkaTools tools =
        new KafkaTools(
            clusters,
            KafkaProbeOptions.defaults(),
            LagRules.defaults(),
            LagHistory.defaults(),
            Clock.systemUTC());
    planner =
        DeterministicPlanner.shipped(
            new ToolRegistry().registerAll(KafkaBindings.of(tools, clusters)), Clock.systemUTC());
  }

  private static KafkaCluster profile(String name) {
    return new KafkaCluster("it-" + name, broker.bootstrap(), Map.of());
  }

  @AfterAll
  static void closeClients() {
    if (kafka != null) {
      kafka.close();
    }
  }

  private static TriageReport fire(String cluster, String group) {
    return planner.triage(
        new AlertSignal(
            Map.of(
                "alertname",
                "KafkaConsumerLag",
                "consumergroup",
                group,
                "kafka_cluster",
                "it-" + cluster),
            Map.of("summary", "Consumer group " + group + " is lagging")));
  }

  @Test
  @Execution(ExecutionMode.CONCURRENT)
  void callsAGroupWithoutConsumersThatStaysBehindStoppedAndNamesThePartition() throws Exception {
    kafka.createTopic("rb-lagging", 2, Map.of());
    kafka.produce("rb-lagging", 200, 20);
    kafka.commit("g-rb-lagging", "rb-lagging", 0, 10);
    kafka.commit("g-rb-lagging", "rb-lagging", 1, 10);

    TriageReport r = fire("lagging", "g-rb-lagging");

    assertThat(r.runbook()).isEqualTo("kafka-lag");
    assertThat(r.verdict().category()).as(r.toMarkdown()).isEqualTo(Category.KAFKA_LAG);
    assertThat(r.verdict().entities())
        .containsEntry("group", "g-rb-lagging")
        .containsEntry("topic", "rb-lagging")
        .containsEntry("status", "STOP")
        .containsKey("partition");
    assertThat(r.verdict().entities().get("partition")).startsWith("rb-lagging-");
    assertThat(r.evidenceCodes()).contains("kafka.lag.stopped");
    assertThat(r.verdict().proposals()).isEmpty();
    // The first round's window (5 s) is too short to call the group stopped; the bounded loop
    // probes again.
    assertThat(r.steps().stream().filter(s -> s.step().equals("lag")).count())
        .isGreaterThanOrEqualTo(2);
  }

  /**
   * The live Kafka scenarios of {@code ./lakeops eval --live} on this broker: each put into its
   * state, every alert triaged once with the agent's tools and planner, scored against its truth.
   * The runs of each broker state (its own topic and group) go in order through a runner of their
   * own, and the states are triaged at the same time: the kafka-lag runbook spends most of a run
   * waiting between its probes.
   */
  @Test
  @Execution(ExecutionMode.CONCURRENT)
  void theLiveKafkaScenariosScoreAsTheirTruthSays() throws Exception {
    KafkaScenarios.ALL.forEach(s -> KafkaScenarios.setUp(broker.bootstrap(), s));
    Map<String, List<ScenarioRun>> byState =
        ScenarioFiles.runs(ScenarioFiles.shippedLive()).stream()
            .filter(r -> r.scenario().live().kafka() != null)
            .collect(
                Collectors.groupingBy(
                    r -> r.scenario().live().kafka(), LinkedHashMap::new, Collectors.toList()));
    ExecutorService pool = Executors.newFixedThreadPool(byState.size());
    List<Outcome> outcomes = new ArrayList<>();
    try {
      List<Future<List<Outcome>>> runs = new ArrayList<>();
      for (List<ScenarioRun> state : byState.values()) {
        runs.add(pool.submit(() -> new LiveRunner(null, broker.bootstrap(), Map.of()).run(state)));
      }
      for (Future<List<Outcome>> run : runs) {
        outcomes.addAll(run.get(5, TimeUnit.MINUTES));
      }
    } finally {
      pool.shutdownNow();
    }

    assertThat(outcomes).hasSize(12);
    assertThat(outcomes)
        .filteredOn(o -> !o.correct() || o.entitiesMissed() > 0)
        .extracting(o -> o.run() + ": " + o.actual() + " " + o.named() + " — " + o.headline())
        .isEmpty();
    assertThat(Scores.of(outcomes).violations()).isZero();
  }

  @Test
  @Execution(ExecutionMode.CONCURRENT)
  void findsNoFaultInAGroupThatHasReadEverything() throws Exception {
    kafka.createTopic("rb-healthy", 2, Map.of());
    kafka.produce("rb-healthy", 200, 20);
    kafka.consumeAll("g-rb-healthy", "rb-healthy");

    TriageReport r = fire("healthy", "g-rb-healthy");

    assertThat(r.verdict().category()).as(r.toMarkdown()).isEqualTo(Category.NO_FAULT);
    assertThat(r.evidenceCodes()).contains("kafka.lag.ok");
    assertThat(r.steps())
        .extracting(StepRecord::step)
        .containsExactly("lag", "readable", "conclude", "kafka-side", "no-fault");
  }

  @Test
  @Execution(ExecutionMode.CONCURRENT)
  void callsOffsetsBelowTheLogStartLossAndProposesAResetWithoutRunningIt() throws Exception {
    kafka.createTopic("rb-retention", 1, Map.of());
    kafka.produce("rb-retention", 100, 10);
    kafka.commit("g-rb-retention", "rb-retention", 0, 30);
    kafka
        .admin()
        .deleteRecords(
            Map.of(new TopicPartition("rb-retention", 0), RecordsToDelete.beforeOffset(60)))
        .all()
        .get(10, TimeUnit.SECONDS);

    TriageReport r = fire("retention", "g-rb-retention");

    assertThat(r.verdict().category()).as(r.toMarkdown()).isEqualTo(Category.DATA_LOSS);
    assertThat(r.verdict().entities())
        .containsEntry("group", "g-rb-retention")
        .containsEntry("topic", "rb-retention");
    ProposedAction reset = r.verdict().proposals().get(0);
    assertThat(reset.action()).isEqualTo("kafka.reset_offsets");
    assertThat(reset.tier()).isEqualTo(RiskTier.DESTRUCTIVE);
    assertThat(reset.args())
        .containsEntry("cluster", "it-retention")
        .containsEntry("group", "g-rb-retention")
        .containsEntry("topic", "rb-retention")
        .containsEntry("to", "earliest");
    assertThat(reset.status()).isEqualTo("awaiting approval");
    assertThat(r.steps())
        .extracting(StepRecord::kind)
        .doesNotContain("approval", "action", "verify");
    // Nothing moved: the group still points below the log start.
    long committed =
        kafka
            .admin()
            .listConsumerGroupOffsets("g-rb-retention")
            .partitionsToOffsetAndMetadata()
            .get(10, TimeUnit.SECONDS)
            .get(new TopicPartition("rb-retention", 0))
            .offset();
    assertThat(committed).isEqualTo(30);
  }

  private static TriageReport alert(String alertname, String cluster, Map<String, String> labels) {
    Map<String, String> all = new java.util.HashMap<>(labels);
    all.put("alertname", alertname);
    all.put("kafka_cluster", "it-" + cluster);
    return planner.triage(new AlertSignal(all, Map.of("summary", alertname)));
  }

  @Test
  @Execution(ExecutionMode.CONCURRENT)
  void reconcilesASinkCountWithTheTopicAndCallsTheDifferenceDuplicatesLossOrNoFault()
      throws Exception {
    kafka.createTopic("rb-counts", 2, Map.of());
    kafka.produce("rb-counts", 100, 10);

    TriageReport same =
        alert(
            "KafkaSinkCountMismatch", "counts", Map.of("topic", "rb-counts", "sink_count", "100"));
    TriageReport more =
        alert(
            "KafkaSinkCountMismatch", "counts", Map.of("topic", "rb-counts", "sink_count", "130"));
    TriageReport fewer =
        alert("KafkaSinkCountMismatch", "counts", Map.of("topic", "rb-counts", "sink_count", "70"));

    assertThat(same.runbook()).isEqualTo("kafka-count-mismatch");
    assertThat(same.verdict().category()).as(same.toMarkdown()).isEqualTo(Category.NO_FAULT);
    assertThat(more.verdict().category()).as(more.toMarkdown()).isEqualTo(Category.DUPLICATES);
    assertThat(more.evidenceCodes()).contains("kafka.reconcile.duplicates");
    assertThat(more.verdict().entities()).containsEntry("topic", "rb-counts");
    assertThat(fewer.verdict().category()).as(fewer.toMarkdown()).isEqualTo(Category.DATA_LOSS);
    assertThat(fewer.evidenceCodes()).contains("kafka.reconcile.missing");
  }

  @Test
  @Execution(ExecutionMode.CONCURRENT)
  void callsASinkHoldingMoreThanTheTopicDuplicatesForTheGroupThatWroteIt() throws Exception {
    kafka.createTopic("rb-dups", 1, Map.of());
    kafka.produce("rb-dups", 200, 20);
    kafka.consumeAll("g-rb-dups", "rb-dups");

    TriageReport r =
        alert(
            "KafkaDuplicateRecords",
            "dups",
            Map.of("consumergroup", "g-rb-dups", "topic", "rb-dups", "sink_count", "260"));

    assertThat(r.runbook()).isEqualTo("kafka-duplicates");
    assertThat(r.verdict().category()).as(r.toMarkdown()).isEqualTo(Category.DUPLICATES);
    assertThat(r.verdict().entities()).containsEntry("topic", "rb-dups");
    assertThat(r.evidenceCodes()).contains("kafka.reconcile.duplicates");
  }

  @Test
  @Execution(ExecutionMode.CONCURRENT)
  void callsRecordsDeletedBeforeTheGroupReadThemLossOnADataLossAlert() throws Exception {
    kafka.createTopic("rb-loss", 1, Map.of());
    kafka.produce("rb-loss", 100, 10);
    kafka.commit("g-rb-loss", "rb-loss", 0, 20);
    kafka
        .admin()
        .deleteRecords(Map.of(new TopicPartition("rb-loss", 0), RecordsToDelete.beforeOffset(50)))
        .all()
        .get(10, TimeUnit.SECONDS);

    TriageReport r =
        alert("KafkaDataLoss", "loss", Map.of("consumergroup", "g-rb-loss", "topic", "rb-loss"));

    assertThat(r.runbook()).isEqualTo("kafka-loss");
    assertThat(r.verdict().category()).as(r.toMarkdown()).isEqualTo(Category.DATA_LOSS);
    assertThat(r.evidenceCodes()).contains("kafka.offset.below-log-start");
    assertThat(r.verdict().entities()).containsEntry("group", "g-rb-loss");
  }
}
