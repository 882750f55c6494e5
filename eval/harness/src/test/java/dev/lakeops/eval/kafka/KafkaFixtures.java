package dev.lakeops.eval.kafka;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;

/** Test data on a real broker: topics, records, commits. Every client is closed after use. */
final class KafkaFixtures implements AutoCloseable {

  private final String bootstrap;
  private final Admin admin;

  KafkaFixtures(String bootstrap) {
    this.bootstrap = bootstrap;
    Properties props = new Properties();
    props.put("bootstrap.servers", bootstrap);
    this.admin = Admin.create(props);
  }

  Admin admin() {
    return admin;
  }

  void createTopic(String topic, int partitions, Map<String, String> configs) throws Exception {
    admin
        .createTopics(List.of(new NewTopic(topic, partitions, (short) 1).configs(configs)))
        .all()
        .get(30, TimeUnit.SECONDS);
    awaitLeaders(topic, partitions);
  }

  // a producer that writes right after createTopics may meet partitions without a leader yet
  private void awaitLeaders(String topic, int partitions) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    long led = 0;
    while (true) {
      try {
        TopicDescription d =
            admin
                .describeTopics(List.of(topic))
                .allTopicNames()
                .get(30, TimeUnit.SECONDS)
                .get(topic);
        led = d.partitions().stream().filter(p -> p.leader() != null).count();
        if (led == partitions) {
          return;
        }
      } catch (ExecutionException e) {
        // the broker's metadata may not list the topic yet right after it was created
        if (!(e.getCause() instanceof UnknownTopicOrPartitionException)) {
          throw e;
        }
      }
      if (System.nanoTime() > deadline) {
        throw new AssertionError(
            topic + ": " + led + " of " + partitions + " partitions have a leader after 30 s");
      }
      Thread.sleep(50);
    }
  }

  /** Writes {@code count} records spread over partitions (key = index modulo {@code keys}). */
  void produce(String topic, int count, int keys) {
    try (KafkaProducer<String, String> producer = new KafkaProducer<>(producerConfig(Map.of()))) {
      List<Future<RecordMetadata>> sent = new ArrayList<>();
      for (int i = 0; i < count; i++) {
        sent.add(producer.send(new ProducerRecord<>(topic, "key-" + (i % keys), "value-" + i)));
      }
      awaitAll(topic, sent);
    }
  }

  // a send that failed would otherwise leave the topic short and the test judging wrong data
  private static void awaitAll(String topic, List<Future<RecordMetadata>> sent) {
    for (int i = 0; i < sent.size(); i++) {
      try {
        sent.get(i).get(60, TimeUnit.SECONDS);
      } catch (Exception e) {
        throw new AssertionError(
            "record " + i + " of " + sent.size() + " to " + topic + " was not written", e);
      }
    }
  }

  /** Writes {@code count} records to one partition with the given timestamp. */
  void produceAt(String topic, int partition, int count, long timestampMs) {
    try (KafkaProducer<String, String> producer = new KafkaProducer<>(producerConfig(Map.of()))) {
      List<Future<RecordMetadata>> sent = new ArrayList<>();
      for (int i = 0; i < count; i++) {
        sent.add(
            producer.send(new ProducerRecord<>(topic, partition, timestampMs, "k" + i, "v" + i)));
      }
      awaitAll(topic, sent);
    }
  }

  Map<String, Object> producerConfig(Map<String, Object> extra) {
    Map<String, Object> config = new HashMap<>();
    config.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
    config.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
    config.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
    config.put(ProducerConfig.LINGER_MS_CONFIG, 0);
    // One request in flight per connection: with five, a batch retried right after its topic was
    // created reached the partition after later batches and the broker refused it for good
    // (OutOfOrderSequenceException, seen on CI), so the fixture wrote fewer records than asked.
    config.put(ProducerConfig.MAX_IN_FLIGHT_REQUESTS_PER_CONNECTION, 1);
    config.putAll(extra);
    return config;
  }

  Map<String, Object> consumerConfig(String group, Map<String, Object> extra) {
    Map<String, Object> config = new HashMap<>();
    config.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
    config.put(ConsumerConfig.GROUP_ID_CONFIG, group);
    config.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
    config.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
    config.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
    config.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
    config.putAll(extra);
    return config;
  }

  /**
   * Commits {@code offset} for {@code group} on one partition without joining the group (as
   * assign()-based consumers do).
   */
  void commit(String group, String topic, int partition, long offset) {
    try (KafkaConsumer<String, String> consumer =
        new KafkaConsumer<>(consumerConfig(group, Map.of()))) {
      consumer.commitSync(
          Map.of(new TopicPartition(topic, partition), new OffsetAndMetadata(offset)));
    }
  }

  /**
   * Reads everything now in {@code topic} as a member of {@code group}, commits, leaves; returns
   * the count.
   */
  int consumeAll(String group, String topic) {
    int count = 0;
    try (KafkaConsumer<String, String> consumer =
        new KafkaConsumer<>(consumerConfig(group, Map.of()))) {
      consumer.subscribe(List.of(topic));
      long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
      Map<TopicPartition, Long> end = null;
      while (System.nanoTime() < deadline) {
        count += consumer.poll(Duration.ofMillis(200)).count();
        if (!consumer.assignment().isEmpty()) {
          if (end == null) {
            end = consumer.endOffsets(consumer.assignment());
          }
          boolean done = true;
          for (Map.Entry<TopicPartition, Long> e : end.entrySet()) {
            done &= consumer.position(e.getKey()) >= e.getValue();
          }
          if (done) {
            consumer.commitSync();
            return count;
          }
        }
      }
    }
    throw new AssertionError("could not consume " + topic + " as " + group + " within 30 s");
  }

  long highWatermark(TopicPartition tp) throws Exception {
    return admin
        .listOffsets(Map.of(tp, OffsetSpec.latest()))
        .partitionResult(tp)
        .get(10, TimeUnit.SECONDS)
        .offset();
  }

  /**
   * Waits until the partition's high watermark reaches {@code offset} (markers are written
   * asynchronously).
   */
  void awaitHighWatermark(TopicPartition tp, long offset) throws Exception {
    long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
    while (highWatermark(tp) < offset) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError(tp + " high watermark did not reach " + offset);
      }
      Thread.sleep(50);
    }
  }

  @Override
  public void close() {
    admin.close(Duration.ofSeconds(5));
  }
}
