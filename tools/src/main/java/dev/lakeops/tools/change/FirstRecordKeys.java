package dev.lakeops.tools.change;

import dev.lakeops.tools.kafka.KafkaCluster;
import dev.lakeops.tools.kafka.KafkaErrors;
import dev.lakeops.tools.kafka.ProbeError;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;

/**
 * Reads whether the first retained record of a topic's highest partitions has a key: a keyed
 * producer partitions by key, so partitions added to its topic move keys to other partitions. Reads
 * at most {@link #MAX_PARTITIONS} partitions (added partitions have the highest ids), one record
 * each, without joining a group, within one timeout for all.
 */
final class FirstRecordKeys {

  static final int MAX_PARTITIONS = 16;

  private final KafkaCluster cluster;
  private final Duration timeout;

  FirstRecordKeys(KafkaCluster cluster, Duration timeout) {
    this.cluster = cluster;
    this.timeout = timeout;
  }

  /**
   * @param firstOffsets partition to the offset of its first retained record, for non-empty
   *     partitions
   * @return partition to whether that record has a key, for those read in time
   */
  Map<Integer, Boolean> read(
      String topic,
      Map<Integer, Long> firstOffsets,
      List<ProbeError> errors,
      List<String> queries) {
    if (firstOffsets.isEmpty()) {
      return Map.of();
    }
    List<Integer> chosen =
        firstOffsets.keySet().stream()
            .sorted(Comparator.reverseOrder())
            .limit(MAX_PARTITIONS)
            .toList();
    String query =
        "consumer read of the first record of "
            + chosen.size()
            + " partition(s) of "
            + topic
            + " at "
            + cluster.bootstrapServers();
    queries.add(query);
    Map<String, Object> config = new HashMap<>();
    config.put(ConsumerConfig.CLIENT_ID_CONFIG, "lakeops-change-probe");
    config.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
    config.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, 100);
    config.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
    config.put(
        ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
    config.put(
        ConsumerConfig.REQUEST_TIMEOUT_MS_CONFIG,
        (int) Math.min(Integer.MAX_VALUE, timeout.toMillis()));
    Map<Integer, Boolean> keyed = new TreeMap<>();
    try (KafkaConsumer<byte[], byte[]> consumer =
        new KafkaConsumer<>(cluster.clientConfig(config))) {
      List<TopicPartition> assigned = new ArrayList<>();
      chosen.forEach(p -> assigned.add(new TopicPartition(topic, p)));
      consumer.assign(assigned);
      assigned.forEach(tp -> consumer.seek(tp, firstOffsets.get(tp.partition())));
      long deadline = System.nanoTime() + timeout.toNanos();
      while (keyed.size() < chosen.size() && System.nanoTime() < deadline) {
        for (ConsumerRecord<byte[], byte[]> r : consumer.poll(Duration.ofMillis(100))) {
          keyed.putIfAbsent(r.partition(), r.key() != null);
        }
        // Later records of a partition already read need not be fetched again.
        assigned.stream()
            .filter(tp -> keyed.containsKey(tp.partition()))
            .forEach(tp -> consumer.pause(List.of(tp)));
      }
    } catch (RuntimeException e) {
      errors.add(KafkaErrors.partial(query, e));
    }
    return keyed;
  }
}
