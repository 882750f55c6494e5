package dev.lakeops.runbooks.setup;

import dev.lakeops.runbooks.alert.AlertRouting;
import dev.lakeops.runbooks.audit.AuditLog;
import dev.lakeops.runbooks.plan.DeterministicPlanner;
import dev.lakeops.runbooks.route.AlertExamples;
import dev.lakeops.runbooks.route.embedding.Similarities;
import dev.lakeops.runbooks.tool.AuditChangeFeed;
import dev.lakeops.runbooks.tool.BinlogBindings;
import dev.lakeops.runbooks.tool.ChangeBindings;
import dev.lakeops.runbooks.tool.FlinkBindings;
import dev.lakeops.runbooks.tool.KafkaBindings;
import dev.lakeops.runbooks.tool.TableBindings;
import dev.lakeops.runbooks.tool.ToolBinding;
import dev.lakeops.runbooks.tool.ToolRegistry;
import dev.lakeops.tools.ToolReport;
import dev.lakeops.tools.binlog.BinlogToolSpecs;
import dev.lakeops.tools.binlog.BinlogTools;
import dev.lakeops.tools.binlog.live.BinlogServerAnalyzer;
import dev.lakeops.tools.binlog.live.BinlogServerTools;
import dev.lakeops.tools.cdc.CdcToolSpecs;
import dev.lakeops.tools.change.ChangeHistory;
import dev.lakeops.tools.change.ChangeSources;
import dev.lakeops.tools.change.ChangeTools;
import dev.lakeops.tools.flink.FlinkClusters;
import dev.lakeops.tools.kafka.FlinkSourceFinder;
import dev.lakeops.tools.kafka.KafkaClusters;
import dev.lakeops.tools.kafka.KafkaProbeOptions;
import dev.lakeops.tools.kafka.KafkaTools;
import dev.lakeops.tools.kafka.LagHistory;
import dev.lakeops.tools.kafka.LagRules;
import dev.lakeops.tools.spec.ToolSpec;
import dev.lakeops.tools.table.TableLocator;
import dev.lakeops.tools.table.TableToolSpecs;
import dev.lakeops.tools.table.TableTools;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * The read-only tools and the planner that both front doors triage with ({@code lakeops triage} and
 * {@code lakeops serve}), built from the same {@code lakeops.*} keys ({@link TriageConfig}), so the
 * two cannot drift: Flink, Kafka, the table tools over the warehouse, {@code binlog.verify}, the
 * binlog server status when servers are configured, the CDC connectors' state ({@code
 * cdc.connect.status}) when Kafka Connect workers are configured, and {@code changes.recent}.
 *
 * <p>The two differ only in reach. On the {@linkplain #forCommandLine command line} the operator
 * names files and tables, so they are read wherever they are. In the {@linkplain #forAgent agent}
 * the alert names them, so tables are confined to {@value TriageConfig#WAREHOUSE} and {@code
 * binlog.verify} to {@value TriageConfig#BINLOG_DIR}; without the key the tools are still there
 * (the same names in both) and answer with an error naming the key to set.
 */
public final class TriageTools {

  private final TriageConfig config;
  private final FlinkClusters flink;
  private final KafkaTools kafka;
  private final ToolRegistry registry;

  private TriageTools(
      TriageConfig config, FlinkClusters flink, KafkaTools kafka, ToolRegistry registry) {
    this.config = config;
    this.flink = flink;
    this.kafka = kafka;
    this.registry = registry;
  }

  /**
   * Tools that read any file or table the operator names.
   *
   * @throws IllegalArgumentException a key does not read; the message names it
   */
  public static TriageTools forCommandLine(Map<String, String> properties, Clock clock) {
    return build(TriageConfig.fromProperties(properties), Reach.ANYWHERE, clock, null);
  }

  /**
   * Tools confined to the warehouse and the binlog directory, with lakeops' own actions from {@code
   * audit} (when given) among the changes.
   *
   * @throws IllegalArgumentException a key does not read; the message names it
   */
  public static TriageTools forAgent(
      Map<String, String> properties, Clock clock, @Nullable AuditLog audit) {
    return build(TriageConfig.fromProperties(properties), Reach.CONFINED, clock, audit);
  }

  private enum Reach {
    ANYWHERE,
    CONFINED
  }

  /**
   * Tools confined as the agent's are, over {@code flink} and {@code kafka} instead of the
   * configured addresses: for a model of the clusters that answers what they would (the eval's
   * simulated world). Changes are read from Flink and the tables only.
   *
   * @throws IllegalArgumentException a key does not read; the message names it
   */
  public static TriageTools over(
      Map<String, String> properties, FlinkClusters flink, KafkaTools kafka, Clock clock) {
    TriageConfig config = TriageConfig.fromProperties(properties);
    return build(config, Reach.CONFINED, clock, null, flink, kafka, KafkaClusters.of(List.of()));
  }

  private static TriageTools build(
      TriageConfig config, Reach reach, Clock clock, @Nullable AuditLog audit) {
    KafkaTools kafka =
        new KafkaTools(
            config.kafka(),
            kafkaOptions(config),
            LagRules.defaults(),
            LagHistory.defaults(),
            clock);
    return build(
        config,
        reach,
        clock,
        audit,
        config.flink().orElseGet(FlinkClusters::none),
        kafka,
        config.kafka());
  }

  private static KafkaProbeOptions kafkaOptions(TriageConfig config) {
    return config
        .kafkaTimeout()
        .map(KafkaProbeOptions.defaults()::withTimeout)
        .orElse(KafkaProbeOptions.defaults());
  }

  private static TriageTools build(
      TriageConfig config,
      Reach reach,
      Clock clock,
      @Nullable AuditLog audit,
      FlinkClusters flink,
      KafkaTools kafka,
      KafkaClusters changedKafka) {
    TableLocator tables =
        config.warehouse().map(TableLocator::in).orElseGet(() -> TableLocator.local(null));
    KafkaProbeOptions kafkaOptions = kafkaOptions(config);
    if (!flink.names().isEmpty()) {
      kafka = kafka.withFlinkSources(FlinkSourceFinder.over(flink, clock));
    }
    ToolRegistry registry = new ToolRegistry();
    if (!flink.names().isEmpty()) {
      registry.registerAll(FlinkBindings.of(flink));
    }
    registry.registerAll(KafkaBindings.of(kafka, kafka.clusters()));
    if (reach == Reach.ANYWHERE) {
      registry.registerAll(TableBindings.of(new TableTools(tables)));
    } else if (tables.warehouse().isPresent()) {
      registry.registerAll(TableBindings.inWarehouse(new TableTools(tables), tables));
    } else {
      TableToolSpecs.ALL.forEach(
          s -> registry.register(unset(s, TriageConfig.WAREHOUSE, "the warehouse of the tables")));
    }
    registry.registerAll(binlog(config, reach));
    if (!config.binlogServers().isEmpty()) {
      new BinlogServerTools(
              config.binlogServers(),
              config.binlogTimeout(),
              BinlogServerAnalyzer.defaults(),
              clock)
          .functions()
          .forEach(f -> registry.register(ToolBinding.of(f)));
    }
    if (!config.connectWorkers().isEmpty()) {
      config.cdcTools(clock).functions().forEach(f -> registry.register(ToolBinding.of(f)));
    } else {
      registry.register(
          unset(
              CdcToolSpecs.STATUS,
              "lakeops.connect.workers.<name>.url",
              "the REST URL of each Kafka Connect worker whose connectors alerts may name"));
    }
    ChangeTools changes =
        new ChangeTools(
            new ChangeSources(flink, changedKafka, tables),
            kafkaOptions,
            ChangeHistory.defaults(),
            clock);
    if (audit != null) {
      changes = changes.withFeed(new AuditChangeFeed(audit));
    }
    registry.register(
        reach == Reach.ANYWHERE
            ? ChangeBindings.of(changes)
            : ChangeBindings.confined(changes, tables));
    return new TriageTools(config, flink, kafka, registry);
  }

  private static List<ToolBinding> binlog(TriageConfig config, Reach reach) {
    Optional<Path> dir = config.binlogDir();
    if (dir.isPresent()) {
      return BinlogBindings.confinedTo(new BinlogTools(), dir.get());
    }
    if (reach == Reach.ANYWHERE) {
      return BinlogBindings.of(new BinlogTools());
    }
    return List.of(
        unset(
            BinlogToolSpecs.VERIFY,
            TriageConfig.BINLOG_DIR,
            "the directory of the binlog files alerts may name"));
  }

  /**
   * A tool the agent cannot reach without {@code key}: every call is an error report saying which
   * key to set, so a runbook's verdict tells the operator.
   */
  private static ToolBinding unset(ToolSpec spec, String key, String what) {
    return new ToolBinding(
        spec,
        args ->
            new ToolReport(
                ToolReport.Status.ERROR,
                spec.name(),
                args.given(),
                List.of(),
                spec.name() + " is not set up in this lakeops: set " + key + " to " + what));
  }

  /** What the keys said. */
  public TriageConfig config() {
    return config;
  }

  /** Every tool, by name; calls never throw. */
  public ToolRegistry registry() {
    return registry;
  }

  /** The Flink clusters the registry reads (none when no Flink is configured). */
  public FlinkClusters flink() {
    return flink;
  }

  /** The Kafka tools of the registry, with their one lag history. */
  public KafkaTools kafka() {
    return kafka;
  }

  /**
   * The planner over every shipped runbook, reading alerts as {@code lakeops.alerts.*} says, with
   * its similarity (the embedding model loads on first use, not here) and {@code examples}.
   *
   * @throws IllegalArgumentException a pin names no shipped runbook
   */
  public DeterministicPlanner planner(Clock clock, AlertExamples examples) {
    AlertRouting routing = config.routing();
    return DeterministicPlanner.shipped(
        registry, clock, routing, Similarities.of(routing), examples);
  }
}
