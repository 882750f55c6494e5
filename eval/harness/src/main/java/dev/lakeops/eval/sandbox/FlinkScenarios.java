package dev.lakeops.eval.sandbox;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A Flink MiniCluster with its REST API, in a JVM of its own, running several scenario jobs side by
 * side ({@code dev.lakeops.eval.pipeline.scenario.ScenarioCluster}): a hot key, a CPU-heavy
 * operator, checkpoints that time out, a restart loop and a healthy control. Each job is named
 * after its scenario id ({@link #HOT_KEY}, ...). No Kafka: the jobs generate their input.
 *
 * <p>{@link #close} stops the JVM by PID; a shutdown hook does too. Thread safe.
 */
public final class FlinkScenarios implements AutoCloseable {

  public static final String HOT_KEY = "hot-key";
  public static final String CPU_HEAVY = "cpu-heavy";
  public static final String CHECKPOINT_TIMEOUT = "checkpoint-timeout";
  public static final String RESTART_LOOP = "restart-loop";
  public static final String HEALTHY = "healthy";
  public static final List<String> ALL =
      List.of(HOT_KEY, CPU_HEAVY, CHECKPOINT_TIMEOUT, RESTART_LOOP, HEALTHY);

  static final String MAIN_CLASS = "dev.lakeops.eval.pipeline.scenario.ScenarioCluster";
  private static final Duration START_TIMEOUT = Duration.ofSeconds(90);
  private static final Duration GRACE = Duration.ofSeconds(10);

  private final JavaProcess process;
  private final int restPort;
  private final Map<String, String> jobIds;
  private final Thread shutdownHook;
  private boolean closed;

  private FlinkScenarios(JavaProcess process, int restPort, Map<String, String> jobIds) {
    this.process = process;
    this.restPort = restPort;
    this.jobIds = Map.copyOf(jobIds);
    this.shutdownHook = new Thread(this::close, "lakeops-flink-scenarios-shutdown");
  }

  /**
   * Starts the cluster with {@code scenarios} and returns once every job is listed and running (the
   * restart loop counts once it has run; it fails again within seconds).
   *
   * @throws SandboxException the port is taken, the build output is missing, or the jobs did not
   *     start within 90 s (the message quotes the log)
   */
  public static FlinkScenarios start(
      Path lakeopsHome, Path workDir, int restPort, List<String> scenarios) {
    LocalPorts.requireFree(restPort, "Flink REST");
    List<Path> classpath = BuildOutputs.pipelineClasspath(lakeopsHome);
    try {
      Files.createDirectories(workDir);
    } catch (IOException e) {
      throw new UncheckedIOException("Failed to create work directory " + workDir, e);
    }
    JavaLaunch launch =
        JavaLaunch.mainClass("flink-scenarios", classpath, MAIN_CLASS)
            .withJvmArgs(List.of("-Xms128m", "-Xmx768m"))
            .withJvmArgs(DemoPipelineLauncher.ADD_OPENS)
            .withJvmArgs(DemoPipelineLauncher.LOGGING)
            .withArgs(
                List.of(
                    "--rest-port",
                    Integer.toString(restPort),
                    "--scenarios",
                    String.join(",", scenarios)));
    JavaProcess process =
        JavaProcess.start(
            launch, workDir.resolve("scenarios.log"), workDir.resolve("scenarios.pid"));
    FlinkJobsOverview overview = new FlinkJobsOverview("http://127.0.0.1:" + restPort);
    Map<String, String> ids = new LinkedHashMap<>();
    try {
      process.awaitReady(
          "scenario jobs " + scenarios + " to run",
          START_TIMEOUT,
          () -> {
            for (String name : scenarios) {
              Optional<FlinkJobsOverview.Job> job = overview.find(name);
              boolean up =
                  job.isPresent()
                      && (job.get().fullyRunning()
                          || name.equals(RESTART_LOOP) && !job.get().state().equals("CREATED"));
              if (!up) {
                return false;
              }
              ids.put(name, job.get().id());
            }
            return true;
          });
    } catch (RuntimeException e) {
      process.stop(Duration.ofSeconds(5));
      throw new SandboxException("Flink scenario cluster did not start: " + e.getMessage(), e);
    }
    FlinkScenarios started = new FlinkScenarios(process, restPort, ids);
    Runtime.getRuntime().addShutdownHook(started.shutdownHook);
    return started;
  }

  /** The REST API's base URL, e.g. {@code http://127.0.0.1:28082}. */
  public String flinkRestUrl() {
    return "http://127.0.0.1:" + restPort;
  }

  /** The job id of a scenario's job, as it was when the cluster started. */
  public String jobId(String scenario) {
    return jobIds.get(scenario);
  }

  public long pid() {
    return process.pid();
  }

  /** Stops the JVM by PID (terminate, wait, kill). Idempotent. */
  @Override
  public synchronized void close() {
    if (closed) {
      return;
    }
    closed = true;
    if (Thread.currentThread() != shutdownHook) {
      try {
        Runtime.getRuntime().removeShutdownHook(shutdownHook);
      } catch (IllegalStateException e) {
        // The JVM is shutting down; the hook finds this closed.
      }
    }
    process.stop(GRACE);
  }
}
