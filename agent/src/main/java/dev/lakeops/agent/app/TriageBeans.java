package dev.lakeops.agent.app;

import dev.lakeops.agent.config.LakeopsConfig;
import dev.lakeops.runbooks.plan.DeterministicPlanner;
import dev.lakeops.runbooks.tool.FlinkBindings;
import dev.lakeops.runbooks.tool.KafkaBindings;
import dev.lakeops.runbooks.tool.TableBindings;
import dev.lakeops.runbooks.tool.ToolRegistry;
import dev.lakeops.tools.flink.BackpressureAnalyzer;
import dev.lakeops.tools.flink.FlinkClusters;
import dev.lakeops.tools.flink.FlinkJobProbe;
import dev.lakeops.tools.flink.FlinkRestClient;
import dev.lakeops.tools.flink.FlinkTools;
import dev.lakeops.tools.kafka.KafkaTools;
import dev.lakeops.tools.table.TableLocator;
import dev.lakeops.tools.table.TableTools;
import jakarta.enterprise.context.Dependent;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Wires the plain-Java tools and runbooks from the configuration; they know nothing of CDI. A
 * malformed {@code lakeops.flink.rest-url} fails the start with a message naming it.
 */
@Dependent
public class TriageBeans {

  @Produces
  @Singleton
  Clock clock() {
    return Clock.systemUTC();
  }

  /**
   * One set of tools per configured cluster: {@code default} from {@code lakeops.flink.rest-url},
   * the others from {@code lakeops.flink.clusters.<name>.rest-url}.
   */
  @Produces
  @Singleton
  FlinkClusters flinkClusters(LakeopsConfig config) {
    Map<String, FlinkTools> byName = new LinkedHashMap<>();
    byName.put(FlinkClusters.DEFAULT, tools(config.flink().restUrl(), config.flink().timeout()));
    config
        .flink()
        .clusters()
        .forEach(
            (name, cluster) -> {
              try {
                byName.put(name, tools(cluster.restUrl(), config.flink().timeout()));
              } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(
                    "lakeops.flink.clusters." + name + ".rest-url: " + e.getMessage(), e);
              }
            });
    return new FlinkClusters(byName, FlinkClusters.DEFAULT);
  }

  private static FlinkTools tools(String restUrl, Duration timeout) {
    return new FlinkTools(
        new FlinkJobProbe(new FlinkRestClient(restUrl, timeout)), new BackpressureAnalyzer());
  }

  /**
   * The read-only tools the runbooks call: Flink and Kafka of the configured clusters, and the
   * table tools over {@code lakeops.tables.warehouse} (tables inside it only) when it is set. The
   * binlog verifier is not bound: an alert label would name any file on this host. Binding it takes
   * a directory, {@code BinlogBindings.confinedTo(new BinlogTools(), dir)}; until then the binlog
   * runbook answers that the tool is not available.
   */
  @Produces
  @Singleton
  ToolRegistry toolRegistry(FlinkClusters flink, KafkaTools kafka, LakeopsConfig config) {
    ToolRegistry registry =
        new ToolRegistry()
            .registerAll(FlinkBindings.of(flink))
            .registerAll(KafkaBindings.of(kafka, KafkaToolBeans.clusters(config.kafka())));
    config
        .tables()
        .warehouse()
        .filter(w -> !w.isBlank())
        .ifPresent(
            w -> {
              TableLocator locator;
              try {
                locator = TableLocator.local(Path.of(w.strip()));
              } catch (InvalidPathException e) {
                throw new IllegalArgumentException(
                    "lakeops.tables.warehouse: '" + w + "' is not a path: " + e.getReason(), e);
              }
              registry.registerAll(TableBindings.inWarehouse(new TableTools(locator), locator));
            });
    return registry;
  }

  /** Every shipped runbook; one that does not load fails the start with its problems. */
  @Produces
  @Singleton
  DeterministicPlanner planner(ToolRegistry tools, Clock clock) {
    return DeterministicPlanner.shipped(tools, clock);
  }
}
