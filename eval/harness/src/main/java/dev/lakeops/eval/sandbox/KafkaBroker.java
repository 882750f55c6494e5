package dev.lakeops.eval.sandbox;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Starts the sandbox's real KRaft broker ({@code kafka.Kafka}) in a JVM of its own, as in {@code
 * reference/kafka.md} §2: fresh data directory, {@code StorageTool format}, start, then wait for
 * "Kafka Server started" in its log.
 */
final class KafkaBroker {

  private static final Logger LOG = LoggerFactory.getLogger(KafkaBroker.class);
  // A fixed id avoids one more JVM start for `random-uuid`; the data directory is new every time.
  static final String CLUSTER_ID = "q1Sh-9_ISia_zwGINzRvyQ";
  private static final String STARTED = "Kafka Server started";
  private static final Duration FORMAT_TIMEOUT = Duration.ofSeconds(60);
  private static final Duration START_TIMEOUT = Duration.ofSeconds(60);

  private KafkaBroker() {}

  /**
   * Formats storage and starts the broker, returning once it serves.
   *
   * @throws SandboxException formatting failed or the broker did not start in time; quotes its log
   */
  static JavaProcess start(SandboxConfig config, List<Path> classpath) {
    return start(config, classpath, java.util.Map.of());
  }

  /** As {@link #start(SandboxConfig, List)}, with {@code extra} broker settings. */
  static JavaProcess start(
      SandboxConfig config, List<Path> classpath, java.util.Map<String, String> extra) {
    KafkaBrokerFiles files = new KafkaBrokerFiles(config.workDir().resolve("kafka"));
    files.prepare(config.kafkaPort(), config.kafkaControllerPort(), extra);
    format(files, classpath);

    JavaLaunch launch =
        JavaLaunch.mainClass("kafka-broker", classpath, "kafka.Kafka")
            .withJvmArgs(List.of("-Xms128m", "-Xmx256m", log4jOption(files)))
            .withArgs(List.of(files.serverProperties().toString()));
    JavaProcess broker = JavaProcess.start(launch, files.serverLog(), files.pidFile());
    try {
      broker.awaitReady("the broker to start", START_TIMEOUT, () -> broker.logContains(STARTED));
    } catch (JavaProcessException e) {
      broker.stop(Duration.ofSeconds(5));
      throw new SandboxException("Kafka broker did not start: " + e.getMessage(), e);
    }
    return broker;
  }

  // With a static quorum (controller.quorum.voters) Kafka 4.4's format needs no --standalone;
  // that flag is for a dynamic quorum (controller.quorum.bootstrap.servers).
  private static void format(KafkaBrokerFiles files, List<Path> classpath) {
    JavaLaunch launch =
        JavaLaunch.mainClass("kafka-storage-format", classpath, "kafka.tools.StorageTool")
            .withJvmArgs(List.of(log4jOption(files)))
            .withArgs(
                List.of("format", "-t", CLUSTER_ID, "-c", files.serverProperties().toString()));
    Path pidFile = files.dir().resolve("format.pid");
    JavaProcess format = JavaProcess.start(launch, files.formatLog(), pidFile);
    int exitCode;
    try {
      exitCode = format.awaitExit(FORMAT_TIMEOUT);
    } catch (JavaProcessException e) {
      throw new SandboxException("Formatting Kafka storage failed: " + e.getMessage(), e);
    }
    format.stop(Duration.ZERO);
    if (exitCode != 0) {
      throw new SandboxException(
          "Formatting Kafka storage failed with exit code "
              + exitCode
              + "; last lines of "
              + files.formatLog()
              + ":\n  | "
              + String.join("\n  | ", format.logTail(20)));
    }
    LOG.debug("Formatted {} with cluster id {}", files.dataDir(), CLUSTER_ID);
  }

  private static String log4jOption(KafkaBrokerFiles files) {
    return "-Dlog4j2.configurationFile=" + files.log4jProperties().toAbsolutePath();
  }
}
