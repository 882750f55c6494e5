package dev.lakeops.tools.kafka;

import static dev.lakeops.tools.Checks.checkArgument;
import static java.util.Objects.requireNonNull;

import java.util.Map;
import java.util.Properties;
import java.util.regex.Pattern;

/**
 * One Kafka cluster lakeops may read: a name, its bootstrap servers and extra client properties
 * (security settings, for example). The properties may hold secrets: {@link #toString} names only
 * their keys, and findings and errors name only {@link #bootstrapServers}.
 *
 * @param name the profile name, {@code lakeops.kafka.clusters.<name>}; the bootstrap address for a
 *     cluster given directly
 * @param bootstrapServers {@code host:port[,host:port...]}
 * @param clientProperties Kafka client properties added to every client lakeops opens
 */
public record KafkaCluster(
    String name, String bootstrapServers, Map<String, String> clientProperties) {

  private static final Pattern HOST_PORT = Pattern.compile("[A-Za-z0-9._\\-\\[\\]:]+:\\d{1,5}");

  public KafkaCluster {
    requireNonNull(name, "name");
    checkArgument(!name.isBlank(), "Invalid Kafka cluster name: empty");
    requireNonNull(bootstrapServers, "bootstrapServers");
    bootstrapServers = bootstrapServers.strip();
    checkArgument(!bootstrapServers.isEmpty(), "Kafka cluster '%s' has no bootstrap servers", name);
    for (String server : bootstrapServers.split(",")) {
      checkArgument(
          HOST_PORT.matcher(server.strip()).matches(),
          "Invalid bootstrap server for Kafka cluster '%s': '%s' (expected host:port)",
          name,
          server.strip());
    }
    clientProperties = Copies.map(clientProperties);
    checkArgument(
        !clientProperties.containsKey("bootstrap.servers"),
        "Kafka cluster '%s': set bootstrap-servers, not properties.bootstrap.servers",
        name);
  }

  /** A cluster given by address only, named after it. */
  public static KafkaCluster direct(String bootstrapServers) {
    requireNonNull(bootstrapServers, "bootstrapServers");
    return new KafkaCluster(bootstrapServers.strip(), bootstrapServers, Map.of());
  }

  /**
   * The client properties plus {@code bootstrap.servers}, for any Kafka client lakeops opens on
   * this cluster; {@code extra} wins over the profile.
   */
  public Properties clientConfig(Map<String, Object> extra) {
    Properties props = new Properties();
    props.putAll(clientProperties);
    props.putAll(extra);
    props.put("bootstrap.servers", bootstrapServers);
    return props;
  }

  @Override
  public String toString() {
    return "KafkaCluster["
        + name
        + " at "
        + bootstrapServers
        + ", client properties "
        + clientProperties.keySet()
        + "]";
  }
}
