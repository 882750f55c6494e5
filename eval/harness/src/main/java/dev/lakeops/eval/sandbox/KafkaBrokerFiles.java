package dev.lakeops.eval.sandbox;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The files of the sandbox's KRaft broker under {@code <workDir>/kafka}: its configuration, its
 * log4j configuration, a data directory that is emptied on every start, its log and PID file.
 */
record KafkaBrokerFiles(Path dir) {

  Path serverProperties() {
    return dir.resolve("server.properties");
  }

  Path log4jProperties() {
    return dir.resolve("log4j2.properties");
  }

  Path dataDir() {
    return dir.resolve("data");
  }

  Path formatLog() {
    return dir.resolve("format.log");
  }

  Path serverLog() {
    return dir.resolve("server.log");
  }

  Path pidFile() {
    return dir.resolve("kafka.pid");
  }

  /**
   * Deletes the data directory and writes both configuration files for one combined
   * broker+controller node ({@code reference/kafka.md} §2.2), listening on 127.0.0.1.
   */
  void prepare(int kafkaPort, int controllerPort) {
    prepare(kafkaPort, controllerPort, java.util.Map.of());
  }

  /** As {@link #prepare(int, int)}, with {@code extra} broker settings appended (they win). */
  void prepare(int kafkaPort, int controllerPort, java.util.Map<String, String> extra) {
    try {
      Directories.deleteRecursively(dataDir());
      Files.createDirectories(dir);
      StringBuilder properties = new StringBuilder(serverProperties(kafkaPort, controllerPort));
      new java.util.TreeMap<>(extra)
          .forEach((k, v) -> properties.append(k).append('=').append(v).append('\n'));
      Files.writeString(serverProperties(), properties.toString(), StandardCharsets.UTF_8);
      Files.writeString(log4jProperties(), LOG4J_PROPERTIES, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("Failed to prepare the Kafka broker's files in " + dir, e);
    }
  }

  private String serverProperties(int kafkaPort, int controllerPort) {
    // Kafka does not expand variables: log.dirs holds the real path.
    return String.join(
        "\n",
        "process.roles=broker,controller",
        "node.id=1",
        "controller.quorum.voters=1@127.0.0.1:" + controllerPort,
        "listeners=PLAINTEXT://127.0.0.1:"
            + kafkaPort
            + ",CONTROLLER://127.0.0.1:"
            + controllerPort,
        "advertised.listeners=PLAINTEXT://127.0.0.1:" + kafkaPort,
        "controller.listener.names=CONTROLLER",
        "inter.broker.listener.name=PLAINTEXT",
        "listener.security.protocol.map=CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT",
        "log.dirs=" + dataDir().toAbsolutePath(),
        "num.partitions=1",
        "offsets.topic.replication.factor=1",
        "offsets.topic.num.partitions=3",
        "transaction.state.log.replication.factor=1",
        "transaction.state.log.min.isr=1",
        "transaction.state.log.num.partitions=3",
        "share.coordinator.state.topic.replication.factor=1",
        "share.coordinator.state.topic.min.isr=1",
        "group.initial.rebalance.delay.ms=0",
        "auto.create.topics.enable=false",
        // The log cleaner allocates its dedupe buffer (128 MiB by default) on the heap at start-up,
        // which a 256 MiB broker heap cannot always spare (seen: OutOfMemoryError in
        // SkimpyOffsetMap); the sandbox's compacted topics are tiny.
        "log.cleaner.dedupe.buffer.size=16777216",
        "");
  }

  // To stdout, which JavaProcess sends to server.log: one file holds everything the broker says.
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
          "");
}
