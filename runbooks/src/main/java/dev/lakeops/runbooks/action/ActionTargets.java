package dev.lakeops.runbooks.action;

import dev.lakeops.table.Table;
import dev.lakeops.tools.flink.FlinkRestClient;
import dev.lakeops.tools.kafka.KafkaCluster;
import java.net.URI;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * Resolves the target names in action arguments to live systems. The CLI resolves paths and
 * addresses directly; the agent may resolve configured profile names instead.
 */
public interface ActionTargets {

  /**
   * The table {@code table} names: a table directory, or {@code DATABASE.TABLE} in {@code
   * warehouse}.
   *
   * @throws IllegalArgumentException no such table; the message says what exists
   */
  Table table(@Nullable String warehouse, String table);

  /**
   * The Kafka cluster {@code name} names (a profile or {@code host:port} list).
   *
   * @throws IllegalArgumentException unknown or malformed
   */
  KafkaCluster kafka(String name);

  /**
   * The Flink REST endpoint {@code name} names (a profile or a URL).
   *
   * @throws IllegalArgumentException unknown or malformed
   */
  FlinkRestClient flink(String name);

  /**
   * The REST base URL of the Kafka Connect worker {@code name} names (a configured worker or a
   * URL); this default takes it as a URL.
   */
  default String connect(String name) {
    return name;
  }

  /**
   * The JMX address of the Kafka Connect worker {@code name} names, where Debezium's metrics are
   * read; empty when none is configured.
   */
  default Optional<String> connectJmx(String name) {
    return Optional.empty();
  }

  /**
   * The Flink cluster table maintenance runs on ({@code lakeops.tables.maintenance.flink-cluster}):
   * an approved compaction is then submitted to it as a Flink job; empty to run it in this process.
   */
  default Optional<URI> maintenanceFlink() {
    return Optional.empty();
  }

  /** The settings of the stores the warehouses are on, for a job that opens them elsewhere. */
  default Map<String, String> storeOptions() {
    return Map.of();
  }
}
