package dev.lakeops.eval.sandbox;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;

/**
 * Starts the demo pipeline ({@code dev.lakeops.eval.pipeline.DemoPipeline}: a Flink MiniCluster
 * with its REST API) in a JVM of its own and waits until its job and all of its tasks run.
 */
final class DemoPipelineLauncher {

  static final String MAIN_CLASS = "dev.lakeops.eval.pipeline.DemoPipeline";
  static final String TOPIC = "orders";
  static final String CDC_JOB = "cdc-to-lake";
  private static final Duration START_TIMEOUT = Duration.ofSeconds(90);

  // The opens that Flink's own scripts pass on Java 17 (reference/flink-rest.md §9.3).
  static final List<String> ADD_OPENS =
      List.of(
              "java.lang",
              "java.util",
              "java.net",
              "java.io",
              "java.nio",
              "sun.nio.ch",
              "java.lang.reflect",
              "java.util.concurrent",
              "java.util.concurrent.atomic",
              "java.time",
              "java.text")
          .stream()
          .map(pkg -> "--add-opens=java.base/" + pkg + "=ALL-UNNAMED")
          .toList();

  static final List<String> LOGGING =
      List.of(
          "-Dorg.slf4j.simpleLogger.showDateTime=true",
          "-Dorg.slf4j.simpleLogger.dateTimeFormat=yyyy-MM-dd'T'HH:mm:ss.SSS",
          // The Kafka clients log every configuration at INFO.
          "-Dorg.slf4j.simpleLogger.log.org.apache.kafka=warn");

  private DemoPipelineLauncher() {}

  /** The pipeline's JVM and the id of its running job. */
  record Started(JavaProcess process, String jobId) {}

  /**
   * Starts the pipeline against the broker at {@code kafkaBootstrap}; with {@code cdcRoutes}
   * (Debezium topic to lake table), the CDC job too, writing the sandbox's lake warehouse.
   *
   * @throws SandboxException the JVM exited or a job did not run within 90 s; quotes its log
   */
  static Started start(
      SandboxConfig config,
      List<Path> classpath,
      String kafkaBootstrap,
      String restUrl,
      String jobName,
      Path controlFile,
      Map<String, String> cdcRoutes) {
    List<String> cdcArgs = new ArrayList<>();
    if (!cdcRoutes.isEmpty()) {
      cdcArgs.addAll(
          List.of(
              "--warehouse",
              config.warehouse().toAbsolutePath().toString(),
              "--cdc",
              cdcRoutes.entrySet().stream()
                  .map(route -> route.getKey() + "=" + route.getValue())
                  .collect(Collectors.joining(","))));
    }
    Path dir = config.workDir().resolve("flink");
    JavaLaunch launch =
        JavaLaunch.mainClass("flink-pipeline", classpath, MAIN_CLASS)
            .withJvmArgs(List.of("-Xms128m", "-Xmx512m"))
            .withJvmArgs(ADD_OPENS)
            .withJvmArgs(LOGGING)
            .withArgs(
                List.of(
                    "--rest-port",
                    Integer.toString(config.flinkRestPort()),
                    "--bootstrap",
                    kafkaBootstrap,
                    "--topic",
                    TOPIC,
                    "--control-file",
                    controlFile.toAbsolutePath().toString(),
                    "--records-per-second",
                    Integer.toString(config.recordsPerSecond()),
                    "--job-name",
                    jobName))
            .withArgs(cdcArgs);
    JavaProcess process =
        JavaProcess.start(launch, dir.resolve("pipeline.log"), dir.resolve("pipeline.pid"));

    FlinkJobsOverview overview = new FlinkJobsOverview(restUrl);
    AtomicReference<FlinkJobsOverview.Job> job = new AtomicReference<>();
    try {
      process.awaitReady(
          "job " + jobName + " to run",
          START_TIMEOUT,
          () -> {
            Optional<FlinkJobsOverview.Job> found = overview.find(jobName);
            found.ifPresent(job::set);
            boolean cdcRunning =
                cdcRoutes.isEmpty()
                    || overview
                        .find(CDC_JOB)
                        .map(FlinkJobsOverview.Job::fullyRunning)
                        .orElse(false);
            return cdcRunning && found.map(FlinkJobsOverview.Job::fullyRunning).orElse(false);
          });
    } catch (JavaProcessException e) {
      process.stop(Duration.ofSeconds(5));
      String seen = job.get() == null ? "" : " (last seen: " + job.get() + ")";
      throw new SandboxException("Flink pipeline did not start" + seen + ": " + e.getMessage(), e);
    }
    return new Started(process, job.get().id());
  }
}
