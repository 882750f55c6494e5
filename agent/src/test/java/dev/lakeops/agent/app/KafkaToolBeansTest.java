package dev.lakeops.agent.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakeops.agent.config.LakeopsConfig;
import java.util.Map;
import org.junit.jupiter.api.Test;

class KafkaToolBeansTest {

  @Test
  void turnsTheConfiguredProfilesIntoTheToolsClusters() {
    LakeopsConfig.Kafka kafka =
        () -> Map.of("prod", profile("kafka-1:9092", Map.of("security.protocol", "SSL")));

    assertThat(KafkaToolBeans.clusters(kafka).resolve("prod").clientProperties())
        .containsEntry("security.protocol", "SSL");
  }

  @Test
  void namesTheKeyOfAMalformedProfile() {
    LakeopsConfig.Kafka kafka = () -> Map.of("prod", profile("kafka-1", Map.of()));

    assertThatThrownBy(() -> KafkaToolBeans.clusters(kafka))
        .hasMessageContaining("lakeops.kafka.clusters.prod")
        .hasMessageContaining("'kafka-1'");
  }

  private static LakeopsConfig.KafkaClusterProfile profile(
      String bootstrap, Map<String, String> properties) {
    return new LakeopsConfig.KafkaClusterProfile() {
      @Override
      public String bootstrapServers() {
        return bootstrap;
      }

      @Override
      public Map<String, String> properties() {
        return properties;
      }
    };
  }
}
