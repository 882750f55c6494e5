package dev.lakeops.eval.pipeline.scenario;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.MemorySize;
import org.apache.flink.configuration.MetricOptions;
import org.apache.flink.configuration.RestOptions;
import org.apache.flink.configuration.RestartStrategyOptions;
import org.apache.flink.configuration.TaskManagerOptions;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.runtime.minicluster.MiniCluster;
import org.apache.flink.runtime.minicluster.MiniClusterConfiguration;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One Flink MiniCluster with its REST API that runs several {@link Scenario} jobs side by side, so
 * the integration tests pay for one JVM instead of one per condition.
 *
 * <p>Usage: {@code ScenarioCluster --rest-port 28082 --scenarios hot-key,cpu-heavy,healthy}. Jobs
 * are submitted through the REST API as a client would; the process runs until it is killed.
 */
public final class ScenarioCluster {

  private static final Logger LOG = LoggerFactory.getLogger(ScenarioCluster.class);
  private static final int SLOTS = 16;

  private ScenarioCluster() {}

  public static void main(String[] args) throws Exception {
    int restPort;
    List<Scenario> scenarios;
    try {
      if (args.length != 4 || !args[0].equals("--rest-port") || !args[2].equals("--scenarios")) {
        throw new IllegalArgumentException(
            "usage: ScenarioCluster --rest-port PORT --scenarios a,b,...");
      }
      restPort = Integer.parseInt(args[1]);
      scenarios = new ArrayList<>();
      for (String id : args[3].split(",")) {
        scenarios.add(Scenario.of(id));
      }
    } catch (IllegalArgumentException e) {
      System.err.println("scenario-cluster: " + e.getMessage());
      System.exit(2);
      return;
    }
    MiniCluster cluster =
        new MiniCluster(
            new MiniClusterConfiguration.Builder()
                .setConfiguration(clusterConfiguration(restPort))
                .setNumTaskManagers(1)
                .setNumSlotsPerTaskManager(SLOTS)
                .build());
    cluster.start();
    LOG.info("MiniCluster with REST on http://127.0.0.1:{}", restPort);
    for (Scenario scenario : scenarios) {
      StreamExecutionEnvironment env =
          StreamExecutionEnvironment.createRemoteEnvironment(
              "127.0.0.1", restPort, new Configuration());
      ScenarioJobs.build(scenario, env);
      JobClient job = env.executeAsync(scenario.id());
      LOG.info("Submitted scenario job {} ({})", scenario.id(), job.getJobID());
    }
    Thread.currentThread().join();
  }

  static Configuration clusterConfiguration(int restPort) {
    Configuration conf = new Configuration();
    conf.set(RestOptions.PORT, restPort);
    conf.set(RestOptions.ADDRESS, "127.0.0.1");
    conf.set(RestOptions.BIND_ADDRESS, "127.0.0.1");
    // The JobManager caches metrics for this long; the default of 10 s makes REST lag behind.
    conf.set(MetricOptions.METRIC_FETCHER_UPDATE_INTERVAL, Duration.ofSeconds(1));
    conf.set(TaskManagerOptions.NETWORK_MEMORY_MIN, MemorySize.parse("128m"));
    conf.set(TaskManagerOptions.NETWORK_MEMORY_MAX, MemorySize.parse("128m"));
    // Every job restarts quickly and forever: the restart-loop scenario keeps looping.
    conf.set(RestartStrategyOptions.RESTART_STRATEGY, "fixed-delay");
    conf.set(RestartStrategyOptions.RESTART_STRATEGY_FIXED_DELAY_ATTEMPTS, Integer.MAX_VALUE);
    conf.set(RestartStrategyOptions.RESTART_STRATEGY_FIXED_DELAY_DELAY, Duration.ofSeconds(1));
    return conf;
  }
}
