package dev.lakeops.eval.sandbox;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.RecordsToDelete;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * Puts a real broker into the state of a live Kafka scenario, each under a topic and group named
 * after it: {@value #STOPPED} (a group without consumers that committed part of its topic and stays
 * there), {@value #BELOW_LOG_START} (records deleted past the group's committed offset) and {@value
 * #CAUGHT_UP} (a group that read everything and left). Every client is closed after use.
 */
public final class KafkaScenarios {

  public static final String STOPPED = "kafka-stopped";
  public static final String BELOW_LOG_START = "kafka-below-log-start";
  public static final String CAUGHT_UP = "kafka-caught-up";
  public static final List<String> ALL = List.of(STOPPED, BELOW_LOG_START, CAUGHT_UP);

  private static final Duration TIMEOUT = Duration.ofSeconds(30);

  private KafkaScenarios() {}

  /**
   * Sets up {@code scenario} on the broker at {@code bootstrap}.
   *
   * @throws IllegalArgumentException an unknown scenario
   * @throws SandboxException the broker refused or did not answer
   */
  public static void setUp(String bootstrap, String scenario) {
    try (Admin admin = Admin.create(Map.of("bootstrap.servers", bootstrap))) {
      switch (scenario) {
        case STOPPED -> {
          topic(admin, scenario, 2);
          produce(bootstrap, scenario, 200);
          commit(bootstrap, scenario, scenario, 0, 40);
          commit(bootstrap, scenario, scenario, 1, 40);
        }
        case BELOW_LOG_START -> {
          topic(admin, scenario, 1);
          produce(bootstrap, scenario, 100);
          commit(bootstrap, scenario, scenario, 0, 30);
          admin
              .deleteRecords(
                  Map.of(new TopicPartition(scenario, 0), RecordsToDelete.beforeOffset(60)))
              .all()
              .get(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
        }
        case CAUGHT_UP -> {
          topic(admin, scenario, 2);
          produce(bootstrap, scenario, 200);
          for (int p = 0; p < 2; p++) {
            commit(bootstrap, scenario, scenario, p, endOffset(bootstrap, scenario, p));
          }
        }
        default ->
            throw new IllegalArgumentException(
                "unknown live Kafka scenario '" + scenario + "' (known: " + ALL + ")");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new SandboxException("interrupted while setting up " + scenario);
    } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
      throw new SandboxException(
          "the broker at " + bootstrap + " refused setting up " + scenario + ": " + e.getMessage());
    }
  }

  private static void topic(Admin admin, String name, int partitions)
      throws InterruptedException,
          java.util.concurrent.ExecutionException,
          java.util.concurrent.TimeoutException {
    admin
        .createTopics(List.of(new NewTopic(name, partitions, (short) 1)))
        .all()
        .get(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
  }

  private static void produce(String bootstrap, String topic, int count) {
    Properties p = new Properties();
    p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
    p.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
    p.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
    try (KafkaProducer<String, String> producer = new KafkaProducer<>(p)) {
      for (int i = 0; i < count; i++) {
        producer.send(new ProducerRecord<>(topic, "key-" + (i % 20), "value-" + i));
      }
      producer.flush();
    }
  }

  private static KafkaConsumer<String, String> consumer(String bootstrap, String group) {
    Properties p = new Properties();
    p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
    p.put(ConsumerConfig.GROUP_ID_CONFIG, group);
    p.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
    p.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
    p.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
    return new KafkaConsumer<>(p);
  }

  /** Commits without joining the group, as assign()-based consumers do. */
  private static void commit(String bootstrap, String group, String topic, int p, long offset) {
    try (KafkaConsumer<String, String> c = consumer(bootstrap, group)) {
      c.commitSync(Map.of(new TopicPartition(topic, p), new OffsetAndMetadata(offset)), TIMEOUT);
    }
  }

  private static long endOffset(String bootstrap, String topic, int p) {
    try (KafkaConsumer<String, String> c = consumer(bootstrap, "lakeops-scenario-reader")) {
      TopicPartition tp = new TopicPartition(topic, p);
      return c.endOffsets(List.of(tp), TIMEOUT).get(tp);
    }
  }
}
