package dev.lakeops.table.flink.sink;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.apache.flink.api.common.JobID;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.MemorySize;
import org.apache.flink.configuration.RestOptions;
import org.apache.flink.configuration.TaskManagerOptions;
import org.apache.flink.configuration.WebOptions;
import org.apache.flink.runtime.jobmaster.JobResult;
import org.apache.flink.runtime.minicluster.MiniCluster;
import org.apache.flink.runtime.minicluster.MiniClusterConfiguration;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;

/**
 * A Flink MiniCluster with its REST API on 127.0.0.1, two TaskManagers of two slots: enough for a
 * sink job to keep running while one TaskManager is killed.
 */
public final class FlinkCluster implements AutoCloseable {

  private static FlinkCluster shared;

  /** The cluster of this test JVM, started on first use and stopped when the JVM exits. */
  public static synchronized FlinkCluster shared() throws Exception {
    if (shared == null) {
      FlinkCluster started = new FlinkCluster();
      Runtime.getRuntime()
          .addShutdownHook(
              new Thread(
                  () -> {
                    try {
                      started.close();
                    } catch (Exception e) {
                      // the JVM is exiting
                    }
                  }));
      shared = started;
    }
    return shared;
  }

  private final MiniCluster cluster;
  private final URI rest;
  private final HttpClient http = HttpClient.newHttpClient();

  FlinkCluster() throws Exception {
    Configuration conf = new Configuration();
    conf.set(RestOptions.ADDRESS, "127.0.0.1");
    conf.set(RestOptions.BIND_ADDRESS, "127.0.0.1");
    conf.set(RestOptions.BIND_PORT, "0");
    conf.set(WebOptions.MAX_EXCEPTION_HISTORY_SIZE, 200);
    conf.set(TaskManagerOptions.NETWORK_MEMORY_MIN, MemorySize.parse("64m"));
    conf.set(TaskManagerOptions.NETWORK_MEMORY_MAX, MemorySize.parse("64m"));
    cluster =
        new MiniCluster(
            new MiniClusterConfiguration.Builder()
                .setConfiguration(conf)
                .setNumTaskManagers(2)
                .setNumSlotsPerTaskManager(2)
                .build());
    cluster.start();
    rest = cluster.getRestAddress().get(30, TimeUnit.SECONDS);
  }

  /** The REST address. */
  public URI rest() {
    return rest;
  }

  /** An environment whose jobs are submitted to this cluster over REST, with {@code conf}. */
  public StreamExecutionEnvironment environment(Configuration conf) {
    return StreamExecutionEnvironment.createRemoteEnvironment(rest.getHost(), rest.getPort(), conf);
  }

  public JobID submit(StreamExecutionEnvironment env) throws Exception {
    return env.executeAsync().getJobID();
  }

  public JobResult await(JobID job, Duration timeout) throws Exception {
    return cluster.requestJobResult(job).get(timeout.toMillis(), TimeUnit.MILLISECONDS);
  }

  void cancel(JobID job) throws Exception {
    cluster.cancelJob(job).get(30, TimeUnit.SECONDS);
  }

  /** Kills the first TaskManager (its tasks fail over to the other) and starts a new one. */
  void killTaskManager() throws Exception {
    cluster.terminateTaskManager(0).get(30, TimeUnit.SECONDS);
    cluster.startTaskManager();
  }

  /** GET of the REST API, as JSON. */
  JsonNode get(String path) throws Exception {
    HttpResponse<String> response =
        http.send(
            HttpRequest.newBuilder(rest.resolve(path)).timeout(Duration.ofSeconds(30)).build(),
            HttpResponse.BodyHandlers.ofString());
    if (response.statusCode() != 200) {
      throw new IllegalStateException(
          "GET " + path + ": " + response.statusCode() + " " + response.body());
    }
    return new ObjectMapper().readTree(response.body());
  }

  /** The number of failures in the job's exception history (each one a failover). */
  int failures(JobID job) throws Exception {
    return get("/jobs/" + job + "/exceptions?maxExceptions=200")
        .path("exceptionHistory")
        .path("entries")
        .size();
  }

  @Override
  public void close() throws Exception {
    cluster.close();
  }
}
