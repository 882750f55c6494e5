package dev.lakeops.eval.sandbox;

import static java.util.Objects.requireNonNull;

import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * Where the sandbox keeps its files and which local ports it uses. All servers bind 127.0.0.1.
 *
 * @param workDir the broker's data and logs, the pipeline's log and its sink control file
 * @param lakeopsHome the repository root, where {@code eval/*}{@code /target/classpath.txt} are
 * @param kafkaPort the broker's PLAINTEXT listener
 * @param kafkaControllerPort the KRaft controller listener
 * @param flinkRestPort the Flink MiniCluster's REST API
 * @param recordsPerSecond the rate at which the pipeline's generator writes orders
 * @param cdc the ports of the CDC hop (MariaDB, Kafka Connect's REST API), or null to run without
 *     it
 */
public record SandboxConfig(
    Path workDir,
    Path lakeopsHome,
    int kafkaPort,
    int kafkaControllerPort,
    int flinkRestPort,
    int recordsPerSecond,
    @Nullable CdcPorts cdc) {

  public static final int DEFAULT_KAFKA_PORT = 19092;
  public static final int DEFAULT_KAFKA_CONTROLLER_PORT = 19093;
  public static final int DEFAULT_FLINK_REST_PORT = 18081;
  public static final int DEFAULT_RECORDS_PER_SECOND = 2000;
  public static final int DEFAULT_MARIADB_PORT = 13306;
  public static final int DEFAULT_CONNECT_PORT = 18083;
  private static final int MAX_RECORDS_PER_SECOND = 1_000_000;

  public SandboxConfig {
    requireNonNull(workDir, "workDir");
    requireNonNull(lakeopsHome, "lakeopsHome");
    checkPort("kafkaPort", kafkaPort);
    checkPort("kafkaControllerPort", kafkaControllerPort);
    checkPort("flinkRestPort", flinkRestPort);
    checkArgument(
        kafkaPort != kafkaControllerPort
            && kafkaPort != flinkRestPort
            && kafkaControllerPort != flinkRestPort,
        "Invalid ports: kafka %s, kafka controller %s, flink REST %s (must all differ)",
        kafkaPort,
        kafkaControllerPort,
        flinkRestPort);
    checkArgument(
        recordsPerSecond > 0 && recordsPerSecond <= MAX_RECORDS_PER_SECOND,
        "Invalid recordsPerSecond: %s (must be 1-%s)",
        recordsPerSecond,
        MAX_RECORDS_PER_SECOND);
    if (cdc != null) {
      List<Integer> ports =
          List.of(
              kafkaPort, kafkaControllerPort, flinkRestPort, cdc.mariaDbPort(), cdc.connectPort());
      checkArgument(
          new HashSet<>(ports).size() == ports.size(),
          "Invalid ports: kafka %s, kafka controller %s, flink REST %s, MariaDB %s, Kafka Connect"
              + " %s (must all differ)",
          ports.toArray());
    }
  }

  /** Without the CDC hop. */
  public SandboxConfig(
      Path workDir,
      Path lakeopsHome,
      int kafkaPort,
      int kafkaControllerPort,
      int flinkRestPort,
      int recordsPerSecond) {
    this(
        workDir,
        lakeopsHome,
        kafkaPort,
        kafkaControllerPort,
        flinkRestPort,
        recordsPerSecond,
        null);
  }

  /**
   * The ports of the CDC hop: the sandbox's MariaDB and its Kafka Connect worker's REST API.
   *
   * @throws IllegalArgumentException a port is not 1-65535, or both are the same
   */
  public record CdcPorts(int mariaDbPort, int connectPort) {
    public CdcPorts {
      checkPort("mariaDbPort", mariaDbPort);
      checkPort("connectPort", connectPort);
      checkArgument(
          mariaDbPort != connectPort,
          "Invalid ports: MariaDB %s, Kafka Connect %s (must differ)",
          mariaDbPort,
          connectPort);
    }
  }

  /** Returns this configuration with the CDC hop on {@code ports}. */
  public SandboxConfig withCdc(CdcPorts ports) {
    return new SandboxConfig(
        workDir,
        lakeopsHome,
        kafkaPort,
        kafkaControllerPort,
        flinkRestPort,
        recordsPerSecond,
        ports);
  }

  /** The lake warehouse the CDC job writes. */
  public Path warehouse() {
    return workDir.resolve("lake");
  }

  /** The default ports (19092, 19093, 18081) and rate (2000 records/s). */
  public static SandboxConfig defaults(Path lakeopsHome, Path workDir) {
    return new SandboxConfig(
        workDir,
        lakeopsHome,
        DEFAULT_KAFKA_PORT,
        DEFAULT_KAFKA_CONTROLLER_PORT,
        DEFAULT_FLINK_REST_PORT,
        DEFAULT_RECORDS_PER_SECOND);
  }

  /** Returns this configuration with other ports, e.g. to run next to a default sandbox. */
  public SandboxConfig withPorts(int kafkaPort, int kafkaControllerPort, int flinkRestPort) {
    return new SandboxConfig(
        workDir, lakeopsHome, kafkaPort, kafkaControllerPort, flinkRestPort, recordsPerSecond, cdc);
  }

  /** Returns this configuration with another generator rate. */
  public SandboxConfig withRecordsPerSecond(int recordsPerSecond) {
    return new SandboxConfig(
        workDir, lakeopsHome, kafkaPort, kafkaControllerPort, flinkRestPort, recordsPerSecond, cdc);
  }

  private static void checkPort(String name, int port) {
    checkArgument(port >= 1 && port <= 65535, "Invalid %s: %s (must be 1-65535)", name, port);
  }

  private static void checkArgument(boolean condition, String message, Object... values) {
    if (!condition) {
      throw new IllegalArgumentException(String.format(message, values));
    }
  }
}
