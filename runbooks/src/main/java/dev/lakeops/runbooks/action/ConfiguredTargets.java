package dev.lakeops.runbooks.action;

import dev.lakeops.table.Table;
import dev.lakeops.table.flink.maintenance.FlinkJobRunner;
import dev.lakeops.tools.flink.FlinkRestClient;
import dev.lakeops.tools.kafka.KafkaCluster;
import dev.lakeops.tools.kafka.KafkaClusters;
import java.net.URI;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * Targets named by configured profile first ({@code lakeops.kafka.clusters.<name>}, {@code
 * lakeops.flink.clusters.<name>.rest-url}, {@code lakeops.connect.workers.<name>.url}), then
 * directly (an address or URL), so that the client properties of a profile (security settings)
 * apply.
 */
public final class ConfiguredTargets implements ActionTargets {

  private final KafkaClusters kafka;
  private final Map<String, String> flinkUrls;
  private final DirectTargets direct;
  private final Map<String, String> storeOptions;
  private final @Nullable URI maintenanceFlink;
  private final Map<String, String> connectUrls;
  private final Map<String, String> connectJmx;

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
    this(kafka, flinkUrls, timeout, storeOptions, null);
  }

  /**
   * @param maintenanceCluster {@code lakeops.tables.maintenance.flink-cluster}: a Flink cluster
   *     profile name or a REST URL that approved compactions run on; null to run them here
   * @throws IllegalArgumentException the maintenance cluster is neither a profile nor an
   *     http(s)://HOST:PORT URL (names the key)
   */
  public ConfiguredTargets(
      KafkaClusters kafka,
      Map<String, String> flinkUrls,
      Duration timeout,
      Map<String, String> storeOptions,
      @Nullable String maintenanceCluster) {
    this(kafka, flinkUrls, timeout, storeOptions, maintenanceCluster, Map.of(), Map.of());
  }

  /**
   * @param connectUrls the Kafka Connect workers ({@code lakeops.connect.workers.<name>.url}) by
   *     name
   * @param connectJmx the JMX addresses of those that have one ({@code .jmx-url}), by name
   */
  public ConfiguredTargets(
      KafkaClusters kafka,
      Map<String, String> flinkUrls,
      Duration timeout,
      Map<String, String> storeOptions,
      @Nullable String maintenanceCluster,
      Map<String, String> connectUrls,
      Map<String, String> connectJmx) {
    this.connectUrls = Map.copyOf(connectUrls);
    this.connectJmx = Map.copyOf(connectJmx);
    this.kafka = kafka;
    this.flinkUrls = Map.copyOf(flinkUrls);
    this.direct = new DirectTargets(timeout, storeOptions);
    this.storeOptions = Map.copyOf(storeOptions);
    this.maintenanceFlink =
        maintenanceCluster == null || maintenanceCluster.isBlank()
            ? null
            : restUrl(
                flinkUrls.getOrDefault(maintenanceCluster.strip(), maintenanceCluster.strip()));
  }

  private static URI restUrl(String url) {
    try {
      return FlinkJobRunner.restAddress(url, "lakeops.tables.maintenance.flink-cluster");
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "Invalid lakeops.tables.maintenance.flink-cluster '"
              + url
              + "': neither a configured Flink cluster nor a REST URL http://HOST:PORT",
          e);
    }
  }

  @Override
  public Optional<URI> maintenanceFlink() {
    return Optional.ofNullable(maintenanceFlink);
  }

  @Override
  public Map<String, String> storeOptions() {
    return storeOptions;
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
  public String connect(String name) {
    return connectUrls.getOrDefault(name, name);
  }

  @Override
  public Optional<String> connectJmx(String name) {
    return Optional.ofNullable(connectJmx.get(name));
  }

  @Override
  public FlinkRestClient flink(String name) {
    return direct.flink(flinkUrls.getOrDefault(name, name));
  }
}
