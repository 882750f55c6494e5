package dev.lakeops.eval.sandbox;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
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
 * <p>With {@link SandboxConfig#cdc} the pipeline is real end to end: a private MariaDB ({@link
 * ShopTables}: {@code shop.orders}, {@code shop.payments}) → Debezium's MariaDB connector in a
 * Kafka Connect worker ({@value #CONNECTOR}, topics {@code sandbox.shop.*}) → the Flink job {@value
 * #CDC_JOB_NAME} → the lake tables {@code shop.orders} (primary key) and {@code shop.payments}
 * (append) in {@link SandboxConfig#warehouse}, written through the lakeops sink. Its faults are
 * methods here: a stateless restart of the lake writer, binlog damage, a dropped binlog connection,
 * and a lake store slow to take data files ({@link #slowLakeStore}, under an {@link #startOrderLoad
 * order load}), which backpressures the job and, slower still, makes its checkpoints expire.
 *
 * <p>{@link #close} stops every process it started, by PID; it also runs from a shutdown hook, so
 * Ctrl-C cleans up. Thread safe.
 */
public final class Sandbox implements AutoCloseable {

  static final Duration KEEP_ALIVE = Duration.ofMinutes(10);
  static final Duration MAX_STORE_DELAY = Duration.ofMinutes(1);
  private static final Logger LOG = LoggerFactory.getLogger(Sandbox.class);
  public static final String JOB_NAME = "orders-to-lake";
  public static final String TOPIC = DemoPipelineLauncher.TOPIC;
  public static final String CDC_JOB_NAME = DemoPipelineLauncher.CDC_JOB;
  public static final String CONNECTOR = "shop-cdc";
  public static final String TOPIC_PREFIX = "sandbox";

  /** The Kafka topic the connector reads its signals from. */
  public static final String SIGNAL_TOPIC = TOPIC_PREFIX + ".signals";

  private static final int CDC_SERVER_ID = 5401;
  private static final Duration TOPIC_TIMEOUT = Duration.ofSeconds(60);
  private static final Duration CDC_RESTART_TIMEOUT = Duration.ofSeconds(60);
  private static final Duration PIPELINE_GRACE = Duration.ofSeconds(10);
  private static final Duration BROKER_GRACE = Duration.ofSeconds(15);

  private final SandboxConfig config;
  private final SinkThrottle throttle;
  private final Thread shutdownHook;
  private JavaProcess broker;
  private JavaProcess pipeline;
  private @Nullable MariaDbServer mariaDb;
  private @Nullable KafkaConnectWorker connect;
  private @Nullable DebeziumMariaDbConnector connector;
  private long cdcGeneration;
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
    if (config.cdc() != null) {
      LocalPorts.requireFree(config.cdc().mariaDbPort(), "MariaDB");
      LocalPorts.requireFree(config.cdc().connectPort(), "Kafka Connect REST");
    }
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
    SandboxConfig.CdcPorts cdc = config.cdc();
    if (cdc != null) {
      ControlFiles.replace(cdcGenerationFile(), "0", "CDC generation file");
      mariaDb = MariaDbServer.start(config.workDir().resolve("mariadb"), cdc.mariaDbPort());
      ShopTables.createInMariaDb(mariaDb);
      ShopTables.seed(mariaDb);
      LOG.info("MariaDB started on {} (pid {})", cdc.mariaDbPort(), mariaDb.pid());
    }
    LOG.info("Starting Kafka broker on {} (work dir {})", kafkaBootstrap(), config.workDir());
    broker = KafkaBroker.start(config, outputs.brokerClasspath());
    LOG.info("Kafka broker started (pid {}) after {} ms", broker.pid(), millisSince(start));
    Map<String, String> routes = Map.of();
    if (cdc != null) {
      KafkaTopics.create(kafkaBootstrap(), SIGNAL_TOPIC, TOPIC_TIMEOUT);
      connect =
          KafkaConnectWorker.start(
              config.lakeopsHome(),
              config.workDir(),
              kafkaBootstrap(),
              cdc.connectPort(),
              "sandbox-connect",
              LocalPorts.anyFree());
      connector =
          DebeziumMariaDbConnector.register(
              connect,
              CONNECTOR,
              new DebeziumMariaDbConnector.Settings(
                  mariaDb,
                  kafkaBootstrap(),
                  TOPIC_PREFIX,
                  ShopTables.DATABASE,
                  CDC_SERVER_ID,
                  Map.of(
                      // a dropped binlog connection stays dropped until the connector is
                      // restarted (Debezium's client checks it every minute by default):
                      // dropCdcConnection()
                      "connect.keep.alive.interval.ms",
                      Long.toString(KEEP_ALIVE.toMillis()),
                      // signals (an incremental snapshot after the damaged binlog is skipped)
                      // come over Kafka; the snapshot's watermarks go to the signal table
                      "signal.enabled.channels",
                      "source,kafka",
                      "signal.kafka.topic",
                      SIGNAL_TOPIC,
                      "signal.kafka.bootstrap.servers",
                      kafkaBootstrap(),
                      "signal.data.collection",
                      ShopTables.DATABASE + "." + ShopTables.SIGNALS)));
      routes = ShopTables.routes(TOPIC_PREFIX);
      KafkaTopics.await(kafkaBootstrap(), routes.keySet(), TOPIC_TIMEOUT);
      // the broker starts empty, so the lake tables start empty too
      Directories.deleteRecursively(config.warehouse());
      ShopTables.createInLake(config.warehouse());
      LOG.info(
          "Kafka Connect (pid {}) runs connector {}; change topics {} after {} ms",
          connect.pid(),
          CONNECTOR,
          routes.keySet(),
          millisSince(start));
    }

    LOG.info("Starting Flink pipeline with REST on {}", flinkRestUrl());
    DemoPipelineLauncher.Started started =
        DemoPipelineLauncher.start(
            config,
            outputs.pipelineClasspath(),
            kafkaBootstrap(),
            flinkRestUrl(),
            JOB_NAME,
            throttle.file(),
            routes);
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

  /**
   * The CDC hop's MariaDB.
   *
   * @throws IllegalStateException the sandbox runs without the CDC hop
   */
  public synchronized MariaDbServer mariaDb() {
    return requireCdc(mariaDb);
  }

  /** Kafka Connect's REST API, e.g. {@code http://127.0.0.1:18083}. */
  public synchronized String connectUrl() {
    return requireCdc(connect).url();
  }

  /** The Kafka Connect worker's log file (Debezium's own log lines are in it). */
  public synchronized Path connectLog() {
    return requireCdc(connect).logFile();
  }

  /** The JMX agent of Kafka Connect's JVM (Debezium's metrics), {@code 127.0.0.1:PORT}. */
  public synchronized String connectJmx() {
    return requireNonNull(requireCdc(connect).jmxAddress(), "jmx");
  }

  /** The Debezium connector of the CDC hop. */
  public synchronized DebeziumMariaDbConnector connector() {
    return requireCdc(connector);
  }

  /** The id of the running CDC job ({@value #CDC_JOB_NAME}), the newest of that name. */
  public String cdcJobId() {
    requireCdc(connect);
    try {
      return new FlinkJobsOverview(flinkRestUrl())
          .find(CDC_JOB_NAME)
          .map(FlinkJobsOverview.Job::id)
          .orElseThrow(
              () -> new SandboxException("No job " + CDC_JOB_NAME + " on " + flinkRestUrl()));
    } catch (IOException e) {
      throw new SandboxException(
          "Cannot list the jobs of " + flinkRestUrl() + ": " + e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new SandboxException("Interrupted while listing Flink jobs", e);
    }
  }

  /**
   * Cancels the CDC job and starts it again without its state, as a redeploy that lost its
   * savepoint does: the new job writes as a new commit user and replays its topics from the start,
   * so every payment is appended to {@code shop.payments} again (the primary-key {@code
   * shop.orders} absorbs its replay). Returns the new job's id once all its tasks run.
   *
   * @throws SandboxException the new job did not run within 60 s
   */
  public synchronized String restartCdcJobWithoutState() {
    String before = cdcJobId();
    cdcGeneration++;
    ControlFiles.replace(cdcGenerationFile(), Long.toString(cdcGeneration), "CDC generation file");
    LOG.info("Restarting {} ({}) without its state", CDC_JOB_NAME, before);
    FlinkJobsOverview overview = new FlinkJobsOverview(flinkRestUrl());
    long deadline = System.nanoTime() + CDC_RESTART_TIMEOUT.toNanos();
    FlinkJobsOverview.Job seen = null;
    try {
      while (System.nanoTime() < deadline) {
        seen = overview.find(CDC_JOB_NAME).orElse(null);
        if (seen != null && !seen.id().equals(before) && seen.fullyRunning()) {
          return seen.id();
        }
        Thread.sleep(200);
      }
    } catch (IOException e) {
      throw new SandboxException(
          "Cannot list the jobs of " + flinkRestUrl() + ": " + e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new SandboxException("Interrupted while restarting " + CDC_JOB_NAME, e);
    }
    throw new SandboxException(
        CDC_JOB_NAME
            + " did not run again within "
            + CDC_RESTART_TIMEOUT
            + " (last seen: "
            + seen
            + ")");
  }

  /**
   * Fault: damages the live server's binlog under the CDC connector ({@link BinlogDamage}): order
   * {@code orderId} is committed in MariaDB, a byte of its rows event is flipped, and the
   * connector's task fails on it; from then on nothing reaches the lake tables. Returns what was
   * damaged once the task has FAILED.
   */
  public synchronized BinlogDamage damageBinlog(long orderId) {
    BinlogDamage damage =
        BinlogDamage.inject(
            mariaDb(),
            connector(),
            "INSERT INTO shop.orders VALUES ("
                + orderId
                + ", 1, 9.99, 'new', '2026-01-03 00:00:00.000')");
    LOG.info("Binlog damaged under connector {}: {}", CONNECTOR, damage);
    return damage;
  }

  /**
   * The lost-CDC-connection fault: the server ends the connector's binlog connection, as a failover
   * or a proxy's idle timeout does. The connector and its task stay RUNNING over Kafka Connect's
   * REST API; only Debezium's metrics show the client disconnected. It reconnects at its keep-alive
   * check (every {@link #KEEP_ALIVE} here) or when restarted; until then the lake tables get no
   * change.
   */
  public synchronized void dropCdcConnection() {
    mariaDb().disconnectBinlogReaders();
    LOG.info("Binlog connection of connector {} dropped by the server", CONNECTOR);
  }

  /** The directory of the private MariaDB's binlog files. */
  public synchronized Path binlogDir() {
    return mariaDb().binlogDir();
  }

  private Path cdcGenerationFile() {
    return throttle.file().resolveSibling("cdc-generation");
  }

  private static <T> T requireCdc(@Nullable T part) {
    if (part == null) {
      throw new IllegalStateException("The sandbox runs without the CDC hop (SandboxConfig.cdc)");
    }
    return part;
  }

  public synchronized long brokerPid() {
    return broker.pid();
  }

  /** The Flink pipeline JVM's log file. */
  public synchronized Path pipelineLog() {
    return pipeline.logFile();
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

  /**
   * Fault: the lake store of {@code cdc-to-lake} becomes slow, taking {@code perDataFile} to
   * complete each data file from now on (within about 300 ms). The lake writers flush at each
   * checkpoint, in their task threads, so the job backs up behind them while a load ({@link
   * #startOrderLoad}) comes in, and its checkpoints take as long as the flush.
   *
   * @throws IllegalArgumentException {@code perDataFile} is negative or above a minute
   */
  public synchronized void slowLakeStore(Duration perDataFile) {
    requireCdc(mariaDb);
    if (perDataFile.isNegative() || perDataFile.compareTo(MAX_STORE_DELAY) > 0) {
      throw new IllegalArgumentException(
          "Invalid lake store delay per data file: "
              + perDataFile
              + " (must be 0 to "
              + MAX_STORE_DELAY
              + ")");
    }
    ControlFiles.replace(
        lakeStoreDelayFile(),
        Long.toString(perDataFile.toNanos() / 1_000),
        "lake store control file");
    LOG.info("Lake store of {} takes {} per data file", CDC_JOB_NAME, perDataFile);
  }

  /** Lets the lake store of {@code cdc-to-lake} take data files at once again. */
  public synchronized void restoreLakeStore() {
    slowLakeStore(Duration.ZERO);
  }

  /**
   * Starts inserting about {@code perSecond} new orders a second into MariaDB's {@code
   * shop.orders}, from order id {@code firstId} on, until the returned load is closed.
   *
   * @throws IllegalArgumentException {@code perSecond} is not 10 to 10000
   */
  public synchronized OrderLoad startOrderLoad(long firstId, int perSecond) {
    return OrderLoad.start(mariaDb(), firstId, perSecond);
  }

  private Path lakeStoreDelayFile() {
    return throttle.file().resolveSibling("lake-store-delay");
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
    List<Runnable> stops = new ArrayList<>();
    if (pipeline != null) {
      stops.add(
          () -> {
            pipeline.stop(PIPELINE_GRACE);
            LOG.info("Stopped Flink pipeline (pid {})", pipeline.pid());
          });
    }
    if (connect != null) {
      stops.add(connect::close);
    }
    if (broker != null) {
      stops.add(
          () -> {
            broker.stop(BROKER_GRACE);
            LOG.info("Stopped Kafka broker (pid {})", broker.pid());
          });
    }
    if (mariaDb != null) {
      stops.add(mariaDb::close);
    }
    RuntimeException failure = null;
    for (Runnable stop : stops) {
      try {
        stop.run();
      } catch (RuntimeException e) {
        if (failure == null) {
          failure = e;
        } else {
          failure.addSuppressed(e);
        }
      }
    }
    if (failure != null) {
      throw failure;
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
