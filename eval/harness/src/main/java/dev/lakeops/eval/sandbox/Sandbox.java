package dev.lakeops.eval.sandbox;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.time.Duration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The live sandbox: a real KRaft Kafka broker and a Flink MiniCluster with its REST API running the
 * demo job {@value #JOB_NAME} ({@code Source: orders} → {@code enrich-orders} → {@code lake-writer:
 * Writer}), each in a JVM of its own, on 127.0.0.1.
 *
 * <p>An order generator in the pipeline's JVM writes to topic {@value #TOPIC}. The sink's cost per
 * record is set with {@link #throttleSink}; with 2 ms per record it handles about 1000 records/s
 * against 2000 written, so the source and enrich vertices become backpressured and the sink busy.
 * Flink reports busy and backpressured time as an average over the last 60 s (over the job's
 * lifetime while it is younger), so the REST figures follow a change gradually: backpressure shows
 * as {@code high} some 5 s after throttling a young job and up to about 40 s after throttling an
 * old one; after the sink is released, the instantaneous {@code isBackPressured} metric clears
 * within seconds but the level falls back to {@code ok} only about a minute later.
 *
 * <p>{@link #close} stops both JVMs; it also runs from a shutdown hook, so Ctrl-C cleans up. Thread
 * safe.
 */
public final class Sandbox implements AutoCloseable {

  private static final Logger LOG = LoggerFactory.getLogger(Sandbox.class);
  public static final String JOB_NAME = "orders-to-lake";
  public static final String TOPIC = DemoPipelineLauncher.TOPIC;
  private static final Duration PIPELINE_GRACE = Duration.ofSeconds(10);
  private static final Duration BROKER_GRACE = Duration.ofSeconds(15);

  private final SandboxConfig config;
  private final SinkThrottle throttle;
  private final Thread shutdownHook;
  private JavaProcess broker;
  private JavaProcess pipeline;
  private String jobId;
  private boolean closed;

  private Sandbox(SandboxConfig config) {
    this.config = config;
    this.throttle =
        new SinkThrottle(config.workDir().resolve("flink").resolve("sink-delay-micros"));
    this.shutdownHook = new Thread(this::closeQuietly, "lakeops-sandbox-shutdown");
  }

  /**
   * Starts the broker, then the pipeline, and returns once the job and all its tasks run.
   *
   * <p>Checks first that the three ports are free and that the build output exists. Takes about
   * 10-20 s. On failure, whatever was started is stopped again.
   *
   * @throws SandboxException a port is taken, the build output is missing ("run mvn package"), or a
   *     JVM failed to start or did not become ready in time (the message quotes its log)
   * @throws java.io.UncheckedIOException the work directory cannot be written
   */
  public static Sandbox start(SandboxConfig config) {
    LocalPorts.requireFree(config.kafkaPort(), "Kafka");
    LocalPorts.requireFree(config.kafkaControllerPort(), "Kafka controller");
    LocalPorts.requireFree(config.flinkRestPort(), "Flink REST");
    BuildOutputs outputs = BuildOutputs.locate(config.lakeopsHome());
    try {
      Files.createDirectories(config.workDir());
    } catch (IOException e) {
      throw new UncheckedIOException("Failed to create work directory " + config.workDir(), e);
    }
    Sandbox sandbox = new Sandbox(config);
    Runtime.getRuntime().addShutdownHook(sandbox.shutdownHook);
    try {
      sandbox.boot(outputs);
      return sandbox;
    } catch (RuntimeException e) {
      sandbox.closeQuietly();
      throw e;
    }
  }

  private synchronized void boot(BuildOutputs outputs) {
    long start = System.nanoTime();
    throttle.set(Duration.ZERO);
    LOG.info("Starting Kafka broker on {} (work dir {})", kafkaBootstrap(), config.workDir());
    broker = KafkaBroker.start(config, outputs.brokerClasspath());
    LOG.info("Kafka broker started (pid {}) after {} ms", broker.pid(), millisSince(start));

    LOG.info("Starting Flink pipeline with REST on {}", flinkRestUrl());
    DemoPipelineLauncher.Started started =
        DemoPipelineLauncher.start(
            config,
            outputs.pipelineClasspath(),
            kafkaBootstrap(),
            flinkRestUrl(),
            JOB_NAME,
            throttle.file());
    pipeline = started.process();
    jobId = started.jobId();
    LOG.info(
        "Job {} ({}) running (pipeline pid {}); sandbox ready after {} ms",
        JOB_NAME,
        jobId,
        pipeline.pid(),
        millisSince(start));
  }

  /** The Flink REST API's base URL, e.g. {@code http://127.0.0.1:18081}. */
  public String flinkRestUrl() {
    return "http://127.0.0.1:" + config.flinkRestPort();
  }

  /** The broker's bootstrap address, e.g. {@code 127.0.0.1:19092}. */
  public String kafkaBootstrap() {
    return "127.0.0.1:" + config.kafkaPort();
  }

  public String jobName() {
    return JOB_NAME;
  }

  /** The running job's id, as Flink's REST API names it. */
  public synchronized String jobId() {
    return jobId;
  }

  public String topic() {
    return TOPIC;
  }

  public SandboxConfig config() {
    return config;
  }

  public synchronized long brokerPid() {
    return broker.pid();
  }

  public synchronized long pipelinePid() {
    return pipeline.pid();
  }

  /**
   * Makes the sink spend {@code perRecord} on each record from now on (within about 300 ms).
   *
   * @throws IllegalArgumentException {@code perRecord} is negative or above one second
   */
  public void throttleSink(Duration perRecord) {
    throttle.set(perRecord);
    LOG.info("Sink throttled to {} µs per record", perRecord.toNanos() / 1_000);
  }

  /** Lets the sink run at full speed again. */
  public void unthrottleSink() {
    throttle.set(Duration.ZERO);
    LOG.info("Sink unthrottled");
  }

  /**
   * Stops the pipeline, then the broker, by PID (terminate, wait, then kill). Idempotent. The work
   * directory, with the logs, stays.
   *
   * @throws JavaProcessException a process survived being killed
   */
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
        // The JVM is shutting down; the hook runs close() too and finds it done.
      }
    }
    try {
      if (pipeline != null) {
        pipeline.stop(PIPELINE_GRACE);
        LOG.info("Stopped Flink pipeline (pid {})", pipeline.pid());
      }
    } finally {
      if (broker != null) {
        broker.stop(BROKER_GRACE);
        LOG.info("Stopped Kafka broker (pid {})", broker.pid());
      }
    }
  }

  private void closeQuietly() {
    try {
      close();
    } catch (RuntimeException e) {
      LOG.error("Failed to stop the sandbox; check for processes in {}", config.workDir(), e);
    }
  }

  private static long millisSince(long startNanos) {
    return (System.nanoTime() - startNanos) / 1_000_000;
  }
}
