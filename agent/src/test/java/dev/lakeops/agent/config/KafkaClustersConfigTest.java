package dev.lakeops.agent.config;

import static org.assertj.core.api.Assertions.assertThat;

import io.smallrye.config.PropertiesConfigSource;
import io.smallrye.config.SmallRyeConfig;
import io.smallrye.config.SmallRyeConfigBuilder;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The lakeops.kafka.clusters group binds the same keys the CLI reads, dotted client properties
 * included.
 */
class KafkaClustersConfigTest {

  @Test
  void bindsNamedKafkaClustersWithDottedClientProperties() {
    LakeopsConfig config =
        load(
            Map.of(
                "lakeops.kafka.clusters.prod.bootstrap-servers", "kafka-1:9092,kafka-2:9092",
                "lakeops.kafka.clusters.prod.properties.security.protocol", "SASL_SSL",
                "lakeops.kafka.clusters.local.bootstrap-servers", "127.0.0.1:19092"));

    assertThat(config.kafka().clusters()).containsOnlyKeys("prod", "local");
    assertThat(config.kafka().clusters().get("prod").bootstrapServers())
        .isEqualTo("kafka-1:9092,kafka-2:9092");
    assertThat(config.kafka().clusters().get("prod").properties())
        .containsEntry("security.protocol", "SASL_SSL");
    assertThat(config.kafka().clusters().get("local").properties()).isEmpty();
  }

  @Test
  void hasNoKafkaClustersByDefault() {
    assertThat(load(Map.of()).kafka().clusters()).isEmpty();
  }

  static LakeopsConfig load(Map<String, String> properties) {
    // Plain SmallRye without Quarkus' converters: durations in ISO-8601.
    Map<String, String> all = new java.util.HashMap<>(properties);
    all.put("lakeops.flink.timeout", "PT5S");
    all.put("lakeops.watch.interval", "PT60S");
    all.put("lakeops.retention.incidents", "P30D");
    all.put("lakeops.approval.proposal-ttl", "PT1H");
    all.put("lakeops.approval.link-ttl", "PT30M");
    SmallRyeConfig config =
        new SmallRyeConfigBuilder()
            .withMapping(LakeopsConfig.class)
            .withSources(new PropertiesConfigSource(all, "test", 100))
            .build();
    return config.getConfigMapping(LakeopsConfig.class);
  }
}
