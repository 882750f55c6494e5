package dev.lakeops.eval.sandbox;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Only the sandbox's KRaft broker, for tests and benchmarks that need Kafka without Flink: the same
 * broker as {@link Sandbox} starts ({@code kafka.Kafka} in a JVM of its own, fresh data directory),
 * on the given ports. {@link #close} stops it by PID; a shutdown hook does too.
 */
public final class KafkaSandbox implements AutoCloseable {

  private static final Logger LOG = LoggerFactory.getLogger(KafkaSandbox.class);
  private static final Duration GRACE = Duration.ofSeconds(15);
  // The log cleaner looks for work every 15 s by default; tests of compacted topics would wait for
  // it.
  private static final java.util.Map<String, String> BROKER_SETTINGS =
      java.util.Map.of("log.cleaner.backoff.ms", "100");

  private final JavaProcess broker;
  private final int port;
  private final Thread shutdownHook;
  private boolean closed;

  private KafkaSandbox(JavaProcess broker, int port) {
    this.broker = broker;
    this.port = port;
    this.shutdownHook = new Thread(this::closeQuietly, "lakeops-kafka-sandbox-shutdown");
  }

  /**
   * Starts a broker listening on 127.0.0.1:{@code port} with its controller on {@code
   * controllerPort}; files go to {@code workDir/kafka}. Takes about 5-7 s.
   *
   * @throws SandboxException a port is taken, the build output is missing, or the broker did not
   *     start
   */
  public static KafkaSandbox start(Path lakeopsHome, Path workDir, int port, int controllerPort) {
    LocalPorts.requireFree(port, "Kafka");
    LocalPorts.requireFree(controllerPort, "Kafka controller");
    BuildOutputs outputs = BuildOutputs.locate(lakeopsHome);
    try {
      Files.createDirectories(workDir);
    } catch (IOException e) {
      throw new UncheckedIOException("Failed to create work directory " + workDir, e);
    }
    // The Flink port is not used: only the broker starts.
    int unusedFlinkPort = port == 65535 ? 1 : port + 1 == controllerPort ? port + 2 : port + 1;
    SandboxConfig config =
        new SandboxConfig(
            workDir,
            lakeopsHome,
            port,
            controllerPort,
            unusedFlinkPort,
            SandboxConfig.DEFAULT_RECORDS_PER_SECOND);
    long start = System.nanoTime();
    JavaProcess broker = KafkaBroker.start(config, outputs.brokerClasspath(), BROKER_SETTINGS);
    KafkaSandbox sandbox = new KafkaSandbox(broker, port);
    Runtime.getRuntime().addShutdownHook(sandbox.shutdownHook);
    LOG.info(
        "Kafka broker on {} (pid {}) started after {} ms",
        sandbox.bootstrap(),
        broker.pid(),
        (System.nanoTime() - start) / 1_000_000);
    return sandbox;
  }

  /** The broker's bootstrap address, e.g. {@code 127.0.0.1:49092}. */
  public String bootstrap() {
    return "127.0.0.1:" + port;
  }

  public long pid() {
    return broker.pid();
  }

  /** The last lines of the broker's log, for test failure messages. */
  public java.util.List<String> logTail(int lines) {
    return broker.logTail(lines);
  }

  /** The broker's classpath (Kafka 4.4 jars with the command-line tools), for running its tools. */
  public static java.util.List<Path> brokerClasspath(Path lakeopsHome) {
    return BuildOutputs.locate(lakeopsHome).brokerClasspath();
  }

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
    broker.stop(GRACE);
    LOG.info("Stopped Kafka broker (pid {})", broker.pid());
  }

  private void closeQuietly() {
    try {
      close();
    } catch (RuntimeException e) {
      LOG.error("Failed to stop the Kafka broker (pid {})", broker.pid(), e);
    }
  }
}
