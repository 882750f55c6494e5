package dev.lakeops.eval.sandbox;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A real Kafka Connect worker in distributed mode ({@code ConnectDistributed}) in a JVM of its own,
 * with the Debezium MariaDB connector on its classpath ({@code eval/kafka-connect}), against a
 * running broker. Its REST API listens on 127.0.0.1; {@link #close} stops it by PID, and so does a
 * shutdown hook should this JVM exit first.
 *
 * <p>Settings: internal topics with replication factor 1 (one broker), the JSON converter for keys
 * and values <b>with schemas disabled</b> (a record value is the bare Debezium envelope {@code
 * {before, after, source, op, ts_ms}}), and a 1 s offset flush interval, so the offsets endpoint
 * follows the stream closely.
 */
public final class KafkaConnectWorker implements AutoCloseable {

  private static final Logger LOG = LoggerFactory.getLogger(KafkaConnectWorker.class);
  static final String MAIN_CLASS = "org.apache.kafka.connect.cli.ConnectDistributed";
  private static final Duration START_TIMEOUT = Duration.ofSeconds(90);
  private static final Duration GRACE = Duration.ofSeconds(15);

  private final JavaProcess process;
  private final int restPort;
  private final int jmxPort;
  private final Thread shutdownHook;
  private boolean closed;

  private KafkaConnectWorker(JavaProcess process, int restPort, int jmxPort) {
    this.process = process;
    this.restPort = restPort;
    this.jmxPort = jmxPort;
    this.shutdownHook = new Thread(this::closeQuietly, "lakeops-connect-worker-shutdown");
  }

  /**
   * Starts a worker of group {@code groupId} against {@code bootstrap}, with its REST API on
   * 127.0.0.1:{@code restPort}; files (configuration, log, PID) go to {@code workDir/connect}.
   * Returns once {@code GET /} answers. Takes about 10-20 s (the worker scans its classpath for
   * plugins).
   *
   * @throws SandboxException the port is taken, the build output is missing, or the worker did not
   *     answer in time (the message quotes its log); nothing is left running
   */
  public static KafkaConnectWorker start(
      Path lakeopsHome, Path workDir, String bootstrap, int restPort, String groupId) {
    return start(lakeopsHome, workDir, bootstrap, restPort, groupId, 0);
  }

  /**
   * As {@link #start(Path, Path, String, int, String)}, with the JVM's JMX agent (where Debezium
   * registers its metrics) on 127.0.0.1:{@code jmxPort}, unauthenticated, as {@code KAFKA_JMX_OPTS}
   * sets it up; 0: no JMX agent.
   */
  public static KafkaConnectWorker start(
      Path lakeopsHome, Path workDir, String bootstrap, int restPort, String groupId, int jmxPort) {
    LocalPorts.requireFree(restPort, "Kafka Connect REST");
    List<Path> classpath = BuildOutputs.connectClasspath(lakeopsHome);
    Path dir = workDir.resolve("connect");
    writeFiles(dir, bootstrap, restPort, groupId);
    List<String> jvm = new ArrayList<>();
    jvm.add("-Xms64m");
    jvm.add("-Xmx384m");
    jvm.add("-Dlog4j2.configurationFile=" + dir.resolve("log4j2.properties"));
    if (jmxPort != 0) {
      LocalPorts.requireFree(jmxPort, "Kafka Connect JMX");
      jvm.add("-Dcom.sun.management.jmxremote.port=" + jmxPort);
      jvm.add("-Dcom.sun.management.jmxremote.rmi.port=" + jmxPort);
      jvm.add("-Dcom.sun.management.jmxremote.host=127.0.0.1");
      jvm.add("-Djava.rmi.server.hostname=127.0.0.1");
      jvm.add("-Dcom.sun.management.jmxremote.authenticate=false");
      jvm.add("-Dcom.sun.management.jmxremote.ssl=false");
    }
    JavaLaunch launch =
        JavaLaunch.mainClass("kafka-connect", classpath, MAIN_CLASS)
            .withJvmArgs(jvm)
            .withArgs(List.of(dir.resolve("worker.properties").toString()));
    long start = System.nanoTime();
    JavaProcess process = JavaProcess.start(launch, dir.resolve("worker.log"), dir.resolve("pid"));
    KafkaConnectWorker worker = new KafkaConnectWorker(process, restPort, jmxPort);
    Runtime.getRuntime().addShutdownHook(worker.shutdownHook);
    ConnectRest rest = new ConnectRest(worker.url());
    try {
      process.awaitReady("its REST API at " + worker.url(), START_TIMEOUT, rest::answersRoot);
    } catch (JavaProcessException e) {
      worker.close();
      throw new SandboxException("Kafka Connect worker did not start: " + e.getMessage(), e);
    }
    LOG.info(
        "Kafka Connect worker at {} (pid {}) started after {} ms",
        worker.url(),
        process.pid(),
        (System.nanoTime() - start) / 1_000_000);
    return worker;
  }

  /** The REST API's base URL, e.g. {@code http://127.0.0.1:48083}. */
  public String url() {
    return "http://127.0.0.1:" + restPort;
  }

  public long pid() {
    return process.pid();
  }

  /** The JVM's JMX agent as {@code 127.0.0.1:PORT}, or null when it was started without one. */
  public @Nullable String jmxAddress() {
    return jmxPort == 0 ? null : "127.0.0.1:" + jmxPort;
  }

  /** The last lines of the worker's log, for test failure messages. */
  public List<String> logTail(int lines) {
    return process.logTail(lines);
  }

  public Path logFile() {
    return process.logFile();
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
    process.stop(GRACE);
    LOG.info("Stopped Kafka Connect worker (pid {})", process.pid());
  }

  private void closeQuietly() {
    try {
      close();
    } catch (RuntimeException e) {
      LOG.error("Failed to stop the Kafka Connect worker (pid {})", process.pid(), e);
    }
  }

  private static void writeFiles(Path dir, String bootstrap, int restPort, String groupId) {
    String worker =
        String.join(
            "\n",
            "bootstrap.servers=" + bootstrap,
            "group.id=" + groupId,
            "listeners=http://127.0.0.1:" + restPort,
            "rest.advertised.host.name=127.0.0.1",
            "rest.advertised.port=" + restPort,
            "key.converter=org.apache.kafka.connect.json.JsonConverter",
            "value.converter=org.apache.kafka.connect.json.JsonConverter",
            "key.converter.schemas.enable=false",
            "value.converter.schemas.enable=false",
            "config.storage.topic=" + groupId + "-configs",
            "config.storage.replication.factor=1",
            "offset.storage.topic=" + groupId + "-offsets",
            "offset.storage.replication.factor=1",
            "offset.storage.partitions=1",
            "status.storage.topic=" + groupId + "-status",
            "status.storage.replication.factor=1",
            "status.storage.partitions=1",
            "offset.flush.interval.ms=1000",
            // One worker: a rebalance need not wait for others to join (default 5 min on a lost
            // member).
            "scheduled.rebalance.max.delay.ms=0",
            "");
    try {
      Files.createDirectories(dir);
      Files.writeString(dir.resolve("worker.properties"), worker, StandardCharsets.UTF_8);
      Files.writeString(dir.resolve("log4j2.properties"), LOG4J_PROPERTIES, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(
          "Failed to write the Kafka Connect worker's files in " + dir, e);
    }
  }

  // To stdout, which JavaProcess sends to worker.log. The clients' configuration dumps (hundreds of
  // lines per consumer and producer) are left out.
  private static final String LOG4J_PROPERTIES =
      String.join(
          "\n",
          "status = warn",
          "appender.out.type = Console",
          "appender.out.name = out",
          "appender.out.layout.type = PatternLayout",
          "appender.out.layout.pattern = [%d] %p %m (%c)%n",
          "rootLogger.level = info",
          "rootLogger.appenderRef.out.ref = out",
          "logger.clients.name = org.apache.kafka.clients",
          "logger.clients.level = warn",
          "logger.reflections.name = org.reflections",
          "logger.reflections.level = error",
          "");
}
