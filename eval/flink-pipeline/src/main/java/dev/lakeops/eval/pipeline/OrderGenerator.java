package dev.lakeops.eval.pipeline;

import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes small JSON order records to a Kafka topic at a steady rate until interrupted.
 *
 * <p>The rate is held against the wall clock, so a pause (a slow broker) is made up with a burst of
 * at most one second's worth of records; anything older is skipped.
 */
final class OrderGenerator implements Runnable {

  private static final Logger LOG = LoggerFactory.getLogger(OrderGenerator.class);
  private static final long TICK_MILLIS = 5;
  private static final long FAILURE_LOG_EVERY = 1_000;

  private final String bootstrap;
  private final String topic;
  private final int recordsPerSecond;
  private final AtomicLong failures = new AtomicLong();

  OrderGenerator(String bootstrap, String topic, int recordsPerSecond) {
    this.bootstrap = bootstrap;
    this.topic = topic;
    this.recordsPerSecond = recordsPerSecond;
  }

  @Override
  public void run() {
    Map<String, Object> config =
        Map.of(
            ProducerConfig.BOOTSTRAP_SERVERS_CONFIG,
            bootstrap,
            ProducerConfig.ACKS_CONFIG,
            "1",
            ProducerConfig.LINGER_MS_CONFIG,
            10,
            ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG,
            StringSerializer.class,
            ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG,
            StringSerializer.class);
    try (KafkaProducer<String, String> producer = new KafkaProducer<>(config)) {
      LOG.info("Writing {} orders per second to topic {}", recordsPerSecond, topic);
      produce(producer);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private void produce(KafkaProducer<String, String> producer) throws InterruptedException {
    long startNanos = System.nanoTime();
    long sent = 0;
    while (!Thread.currentThread().isInterrupted()) {
      long elapsedMicros = (System.nanoTime() - startNanos) / 1_000;
      long due = elapsedMicros * recordsPerSecond / 1_000_000;
      sent = Math.max(sent, due - recordsPerSecond);
      for (; sent < due; sent++) {
        producer.send(new ProducerRecord<>(topic, Long.toString(sent), order(sent)), this::onSent);
      }
      Thread.sleep(TICK_MILLIS);
    }
  }

  private void onSent(Object metadata, Exception error) {
    if (error != null && failures.getAndIncrement() % FAILURE_LOG_EVERY == 0) {
      LOG.warn(
          "Failed to write orders to {} ({} failures so far): {}",
          topic,
          failures.get(),
          error.toString());
    }
  }

  static String order(long orderId) {
    ThreadLocalRandom random = ThreadLocalRandom.current();
    return "{\"orderId\":"
        + orderId
        + ",\"customerId\":"
        + random.nextInt(1, 10_000)
        + ",\"sku\":\"SKU-"
        + random.nextInt(100, 1_000)
        + "\""
        + ",\"quantity\":"
        + random.nextInt(1, 5)
        + ",\"amountCents\":"
        + random.nextInt(100, 50_000)
        + ",\"createdAt\":"
        + System.currentTimeMillis()
        + "}";
  }
}
