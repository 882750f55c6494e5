package dev.lakeops.tools.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Properties;
import org.junit.jupiter.api.Test;

/** Named cluster profiles from lakeops.kafka.clusters.* keys. */
class KafkaClustersTest {

  @Test
  void readsBootstrapServersAndClientPropertiesPerProfile() {
    Properties p = new Properties();
    p.setProperty("lakeops.kafka.clusters.prod.bootstrap-servers", "kafka-1:9092, kafka-2:9092");
    p.setProperty("lakeops.kafka.clusters.prod.properties.security.protocol", "SASL_SSL");
    p.setProperty("lakeops.kafka.clusters.local.bootstrap-servers", "127.0.0.1:19092");
    p.setProperty("lakeops.flink.rest-url", "http://127.0.0.1:8081");

    KafkaClusters clusters = KafkaClusters.fromProperties(p);

    assertThat(clusters.names()).containsExactly("local", "prod");
    assertThat(clusters.resolve("prod").bootstrapServers()).isEqualTo("kafka-1:9092, kafka-2:9092");
    assertThat(clusters.resolve("prod").clientProperties())
        .containsEntry("security.protocol", "SASL_SSL");
    assertThat(clusters.resolve("local").clientProperties()).isEmpty();
  }

  @Test
  void namesTheConfiguredClustersWhenAskedForAnUnknownOne() {
    Properties p = new Properties();
    p.setProperty("lakeops.kafka.clusters.prod.bootstrap-servers", "kafka-1:9092");

    assertThatThrownBy(() -> KafkaClusters.fromProperties(p).resolve("staging"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("staging")
        .hasMessageContaining("configured: prod");
  }

  @Test
  void rejectsAProfileWithoutBootstrapServers() {
    Properties p = new Properties();
    p.setProperty("lakeops.kafka.clusters.prod.properties.security.protocol", "SSL");

    assertThatThrownBy(() -> KafkaClusters.fromProperties(p))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("lakeops.kafka.clusters.prod.bootstrap-servers");
  }

  @Test
  void rejectsAnUnknownKeyAndAMalformedAddress() {
    Properties unknown = new Properties();
    unknown.setProperty("lakeops.kafka.clusters.prod.bootstrap", "kafka-1:9092");
    Properties malformed = new Properties();
    malformed.setProperty("lakeops.kafka.clusters.prod.bootstrap-servers", "kafka-1");

    assertThatThrownBy(() -> KafkaClusters.fromProperties(unknown))
        .hasMessageContaining("lakeops.kafka.clusters.prod.bootstrap");
    assertThatThrownBy(() -> KafkaClusters.fromProperties(malformed))
        .hasMessageContaining("'kafka-1'")
        .hasMessageContaining("host:port");
  }

  @Test
  void neverPrintsClientPropertyValues() {
    Properties p = new Properties();
    p.setProperty("lakeops.kafka.clusters.prod.bootstrap-servers", "kafka-1:9092");
    p.setProperty(
        "lakeops.kafka.clusters.prod.properties.sasl.jaas.config", "... password=\"s3cret\";");

    assertThat(KafkaClusters.fromProperties(p).resolve("prod").toString())
        .contains("sasl.jaas.config")
        .doesNotContain("s3cret");
  }
}
