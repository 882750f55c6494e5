package dev.lakeops.tools.kafka;

import static java.util.Objects.requireNonNull;

import java.util.Map;
import java.util.Optional;

/**
 * A topic's shape and the configuration values that matter for lag, loss and duplicates.
 *
 * @param configs the effective values of the keys in {@link KafkaLagProbe#TOPIC_CONFIG_KEYS}
 */
public record TopicInfo(
    String topic, int partitions, int replicationFactor, Map<String, String> configs) {

  public TopicInfo {
    requireNonNull(topic, "topic");
    configs = Copies.map(configs);
  }

  public boolean isCompacted() {
    return configs.getOrDefault("cleanup.policy", "delete").contains("compact");
  }

  public Optional<Long> retentionMs() {
    String value = configs.get("retention.ms");
    if (value == null || !configs.getOrDefault("cleanup.policy", "delete").contains("delete")) {
      return Optional.empty();
    }
    long ms = Long.parseLong(value);
    return ms < 0 ? Optional.empty() : Optional.of(ms);
  }
}
