package dev.lakeops.runbooks.action;

import dev.lakeops.table.Table;
import dev.lakeops.tools.flink.FlinkRestClient;
import dev.lakeops.tools.kafka.KafkaCluster;
import dev.lakeops.tools.kafka.KafkaClusters;
import java.time.Duration;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Targets named by configured profile first ({@code lakeops.kafka.clusters.<name>}, {@code
 * lakeops.flink.clusters.<name>.rest-url}), then directly (an address or URL), so that the client
 * properties of a profile (security settings) apply.
 */
public final class ConfiguredTargets implements ActionTargets {

  private final KafkaClusters kafka;
  private final Map<String, String> flinkUrls;
  private final DirectTargets direct;

  public ConfiguredTargets(KafkaClusters kafka, Map<String, String> flinkUrls, Duration timeout) {
    this(kafka, flinkUrls, timeout, Map.of());
  }

  /**
   * @param storeOptions the settings of the stores warehouses are on ({@code
   *     lakeops.tables.store.*} without the prefix)
   */
  public ConfiguredTargets(
      KafkaClusters kafka,
      Map<String, String> flinkUrls,
      Duration timeout,
      Map<String, String> storeOptions) {
    this.kafka = kafka;
    this.flinkUrls = Map.copyOf(flinkUrls);
    this.direct = new DirectTargets(timeout, storeOptions);
  }

  @Override
  public Table table(@Nullable String warehouse, String table) {
    return direct.table(warehouse, table);
  }

  @Override
  public KafkaCluster kafka(String name) {
    return kafka.names().contains(name) ? kafka.resolve(name) : direct.kafka(name);
  }

  @Override
  public FlinkRestClient flink(String name) {
    return direct.flink(flinkUrls.getOrDefault(name, name));
  }
}
