package dev.lakeops.tools.kafka;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The named Kafka cluster profiles, so that one cluster's offsets are never mixed with another's:
 *
 * <pre>
 * lakeops.kafka.clusters.prod.bootstrap-servers=kafka-1:9092,kafka-2:9092
 * lakeops.kafka.clusters.prod.properties.security.protocol=SASL_SSL
 * </pre>
 */
public final class KafkaClusters {

  public static final String PREFIX = "lakeops.kafka.clusters.";
  private static final String BOOTSTRAP = "bootstrap-servers";
  private static final String PROPERTIES = "properties.";

  private final Map<String, KafkaCluster> byName;

  private KafkaClusters(Map<String, KafkaCluster> byName) {
    this.byName = Map.copyOf(byName);
  }

  public static KafkaClusters of(Collection<KafkaCluster> clusters) {
    Map<String, KafkaCluster> byName = new LinkedHashMap<>();
    for (KafkaCluster cluster : clusters) {
      if (byName.put(cluster.name(), cluster) != null) {
        throw new IllegalArgumentException(
            "Kafka cluster '" + cluster.name() + "' is configured twice");
      }
    }
    return new KafkaClusters(byName);
  }

  /**
   * Reads every {@code lakeops.kafka.clusters.<name>.*} key; other keys are ignored.
   *
   * @throws IllegalArgumentException a profile has no or a malformed {@code bootstrap-servers}, or
   *     an unknown key; the message names the key
   */
  public static KafkaClusters fromProperties(Properties properties) {
    Map<String, String> bootstrap = new TreeMap<>();
    Map<String, Map<String, String>> client = new TreeMap<>();
    for (String key : new TreeSet<>(properties.stringPropertyNames())) {
      if (!key.startsWith(PREFIX)) {
        continue;
      }
      String rest = key.substring(PREFIX.length());
      int dot = rest.indexOf('.');
      if (dot <= 0) {
        throw new IllegalArgumentException(
            "Invalid key " + key + ": expected " + PREFIX + "<name>." + BOOTSTRAP);
      }
      String name = rest.substring(0, dot);
      String setting = rest.substring(dot + 1);
      String value = properties.getProperty(key).strip();
      if (setting.equals(BOOTSTRAP)) {
        bootstrap.put(name, value);
      } else if (setting.startsWith(PROPERTIES) && setting.length() > PROPERTIES.length()) {
        client
            .computeIfAbsent(name, n -> new LinkedHashMap<>())
            .put(setting.substring(PROPERTIES.length()), value);
      } else {
        throw new IllegalArgumentException(
            "Unknown key "
                + key
                + ": a Kafka cluster profile has "
                + BOOTSTRAP
                + " and "
                + PROPERTIES
                + "<client property>");
      }
    }
    Map<String, KafkaCluster> byName = new LinkedHashMap<>();
    for (String name : client.keySet()) {
      if (!bootstrap.containsKey(name)) {
        throw new IllegalArgumentException(
            "Kafka cluster '" + name + "' has no " + PREFIX + name + "." + BOOTSTRAP);
      }
    }
    bootstrap.forEach(
        (name, servers) ->
            byName.put(name, new KafkaCluster(name, servers, client.getOrDefault(name, Map.of()))));
    return new KafkaClusters(byName);
  }

  /** Reads the profiles from a properties file; a missing file means no profiles. */
  public static KafkaClusters load(Path file) {
    if (!Files.isRegularFile(file)) {
      return new KafkaClusters(Map.of());
    }
    Properties properties = new Properties();
    try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      properties.load(reader);
    } catch (IOException e) {
      throw new UncheckedIOException("Failed to read " + file, e);
    }
    try {
      return fromProperties(properties);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(file + ": " + e.getMessage(), e);
    }
  }

  /**
   * The profile named {@code name}.
   *
   * @throws IllegalArgumentException there is none; the message lists the configured names
   */
  public KafkaCluster resolve(String name) {
    KafkaCluster cluster = name == null ? null : byName.get(name.strip());
    if (cluster == null) {
      throw new IllegalArgumentException(
          "No Kafka cluster named '"
              + name
              + "' (configured: "
              + (byName.isEmpty()
                  ? "none; set " + PREFIX + "<name>." + BOOTSTRAP
                  : String.join(", ", names()))
              + ")");
    }
    return cluster;
  }

  public Set<String> names() {
    return new TreeSet<>(byName.keySet());
  }
}
