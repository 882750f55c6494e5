package dev.lakeops.agent.triage;

import dev.lakeops.agent.config.LakeopsConfig;
import dev.lakeops.runbooks.DeterministicPlanner;
import dev.lakeops.runbooks.flink.FlinkBackpressureRunbook;
import dev.lakeops.tools.flink.BackpressureAnalyzer;
import dev.lakeops.tools.flink.FlinkJobProbe;
import dev.lakeops.tools.flink.FlinkRestClient;
import dev.lakeops.tools.flink.FlinkTools;
import jakarta.enterprise.context.Dependent;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import java.time.Clock;
import java.util.List;

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

  @Produces
  @Singleton
  FlinkTools flinkTools(LakeopsConfig config) {
    FlinkRestClient rest = new FlinkRestClient(config.flink().restUrl(), config.flink().timeout());
    return new FlinkTools(new FlinkJobProbe(rest), new BackpressureAnalyzer());
  }

  @Produces
  @Singleton
  FlinkBackpressureRunbook flinkBackpressureRunbook(FlinkTools flink, Clock clock) {
    return new FlinkBackpressureRunbook(flink, clock);
  }

  @Produces
  @Singleton
  DeterministicPlanner planner(FlinkBackpressureRunbook flinkBackpressure, Clock clock) {
    return new DeterministicPlanner(List.of(flinkBackpressure), clock);
  }
}
