package dev.lakeops.agent.app;

import dev.lakeops.agent.config.LakeopsConfig;
import dev.lakeops.tools.kafka.KafkaCluster;
import dev.lakeops.tools.kafka.KafkaClusters;
import dev.lakeops.tools.kafka.KafkaProbeOptions;
import dev.lakeops.tools.kafka.KafkaTools;
import dev.lakeops.tools.kafka.LagHistory;
import dev.lakeops.tools.kafka.LagRules;
import jakarta.enterprise.context.Dependent;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import java.time.Clock;
import java.util.List;

/**
 * Wires the Kafka tools from {@code lakeops.kafka.clusters.*}; one lag history per agent, so lag
 * trends and rewinds build up across calls. A malformed profile fails the start naming its key.
 */
@Dependent
public class KafkaToolBeans {

  @Produces
  @Singleton
  KafkaClusters kafkaClusters(LakeopsConfig config) {
    return clusters(config.kafka());
  }

  @Produces
  @Singleton
  KafkaTools kafkaTools(KafkaClusters clusters, Clock clock) {
    return new KafkaTools(
        clusters, KafkaProbeOptions.defaults(), LagRules.defaults(), LagHistory.defaults(), clock);
  }

  static KafkaClusters clusters(LakeopsConfig.Kafka kafka) {
    List<KafkaCluster> clusters =
        kafka.clusters().entrySet().stream()
            .map(
                e -> {
                  try {
                    return new KafkaCluster(
                        e.getKey(), e.getValue().bootstrapServers(), e.getValue().properties());
                  } catch (IllegalArgumentException invalid) {
                    throw new IllegalArgumentException(
                        "lakeops.kafka.clusters." + e.getKey() + ": " + invalid.getMessage(),
                        invalid);
                  }
                })
            .toList();
    return KafkaClusters.of(clusters);
  }
}
