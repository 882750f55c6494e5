package dev.lakeops.agent.triage;

import dev.lakeops.agent.config.LakeopsConfig;
import dev.lakeops.runbooks.DeterministicPlanner;
import dev.lakeops.runbooks.flink.FlinkBackpressureRunbook;
import dev.lakeops.tools.flink.BackpressureAnalyzer;
import dev.lakeops.tools.flink.FlinkClusters;
import dev.lakeops.tools.flink.FlinkJobProbe;
import dev.lakeops.tools.flink.FlinkRestClient;
import dev.lakeops.tools.flink.FlinkTools;
import jakarta.enterprise.context.Dependent;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Wires the plain-Java tools and runbooks from the configuration; they know nothing of CDI.
 * A malformed {@code lakeops.flink.rest-url} fails the start with a message naming it.
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
    config.flink().clusters().forEach((name, cluster) -> {
      try {
        byName.put(name, tools(cluster.restUrl(), config.flink().timeout()));
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException("lakeops.flink.clusters." + name + ".rest-url: " + e.getMessage(), e);
      }
    });
    return new FlinkClusters(byName, FlinkClusters.DEFAULT);
  }

  private static FlinkTools tools(String restUrl, java.time.Duration timeout) {
    return new FlinkTools(new FlinkJobProbe(new FlinkRestClient(restUrl, timeout)), new BackpressureAnalyzer());
  }

  @Produces
  @Singleton
  FlinkBackpressureRunbook flinkBackpressureRunbook(FlinkClusters clusters, Clock clock) {
    return new FlinkBackpressureRunbook(clusters, clock);
  }

  @Produces
  @Singleton
  DeterministicPlanner planner(FlinkBackpressureRunbook flinkBackpressure, Clock clock) {
    return new DeterministicPlanner(List.of(flinkBackpressure), clock);
  }
}
