package dev.lakeops.tools.kafka;

import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * The client settings a caller knows about (the AdminClient cannot read a consumer's or a
 * producer's configuration): consumer and producer properties as the applications set them, and how
 * long processing takes. Keys left out take Kafka's defaults.
 *
 * @param consumer consumer properties, e.g. {@code enable.auto.commit=true}; empty if unknown
 * @param producer producer properties, e.g. {@code acks=1}; empty if unknown
 * @param processingTimePerRecord how long the application spends on one record, if known
 */
public record ClientSettings(
    Map<String, String> consumer,
    Map<String, String> producer,
    @Nullable Duration processingTimePerRecord) {

  public ClientSettings {
    consumer = Copies.map(consumer);
    producer = Copies.map(producer);
  }

  public static ClientSettings unknown() {
    return new ClientSettings(Map.of(), Map.of(), null);
  }

  boolean knowsConsumer() {
    return !consumer.isEmpty() || processingTimePerRecord != null;
  }

  boolean knowsProducer() {
    return !producer.isEmpty();
  }

  /** The consumer's value of {@code key}, or Kafka's default. */
  String consumer(String key, String kafkaDefault) {
    return consumer.getOrDefault(key, kafkaDefault).strip().toLowerCase(java.util.Locale.ROOT);
  }

  String producer(String key, String kafkaDefault) {
    return producer.getOrDefault(key, kafkaDefault).strip().toLowerCase(java.util.Locale.ROOT);
  }

  Optional<Duration> processingTime() {
    return Optional.ofNullable(processingTimePerRecord);
  }
}
