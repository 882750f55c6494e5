package dev.lakeops.runbooks.action;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.tools.kafka.KafkaClusters;
import java.time.Duration;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class ConfiguredTargetsTest {

  private final ConfiguredTargets targets;

  ConfiguredTargetsTest() {
    Properties props = new Properties();
    props.setProperty("lakeops.kafka.clusters.prod.bootstrap-servers", "10.0.0.1:9092");
    props.setProperty("lakeops.kafka.clusters.prod.properties.security.protocol", "SSL");
    targets =
        new ConfiguredTargets(
            KafkaClusters.fromProperties(props),
            Map.of("flink-prod", "http://10.0.0.2:8081"),
            Duration.ofSeconds(1));
  }

  @Test
  void resolvesProfilesWithTheirClientProperties() {
    assertThat(targets.kafka("prod").bootstrapServers()).isEqualTo("10.0.0.1:9092");
    assertThat(targets.kafka("prod").clientProperties()).containsEntry("security.protocol", "SSL");
    assertThat(targets.flink("flink-prod").baseUrl()).isEqualTo("http://10.0.0.2:8081");
  }

  @Test
  void fallsBackToDirectAddresses() {
    assertThat(targets.kafka("127.0.0.1:9092").clientProperties()).isEmpty();
    assertThat(targets.flink("http://127.0.0.1:8081").baseUrl()).isEqualTo("http://127.0.0.1:8081");
  }
}
