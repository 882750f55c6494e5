package dev.lakeops.tools.kafka;

import dev.lakeops.tools.ProbeException;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;

/**
 * Counts the records in offset ranges of one topic by reading them: first as a {@code
 * read_uncommitted} consumer sees them, then, for ranges whose offsets are not all data records, as
 * a {@code read_committed} consumer does, which tells aborted records from control records and
 * compaction gaps. Read-only; uses no consumer group.
 */
public final class RecordCountProbe {

  private final KafkaLagProbe offsets;
  private final Duration countTimeout;
  private final Clock clock;

  /**
   * @param offsets the probe that reads the topic's shape and broker offsets
   * @param countTimeout how long all reading may take
   */
  public RecordCountProbe(KafkaLagProbe offsets, Duration countTimeout, Clock clock) {
    this.offsets = offsets;
    this.countTimeout = countTimeout;
    this.clock = clock;
  }

  /**
   * Counts {@code ranges} of {@code topic}; an empty list means every partition from its log start
   * to its high watermark.
   *
   * @throws ProbeException the cluster cannot be read, or {@code NOT_FOUND}: no such topic or
   *     partition
   */
  public RecordCountSnapshot count(String topic, List<OffsetRange> ranges) {
    KafkaLagSnapshot s = offsets.capture(LagScope.topicsOnly(List.of(topic)));
    TopicInfo info =
        s.topic(topic)
            .orElseThrow(
                () ->
                    new ProbeException(
                        ProbeException.Code.NOT_FOUND,
                        "describeTopics(" + topic + ") at " + s.bootstrap(),
                        "no topic '" + topic + "' on the Kafka cluster at " + s.bootstrap()));
    // An open end (Long.MAX_VALUE) means "up to the high watermark".
    List<OffsetRange> requested =
        ranges.isEmpty()
            ? whole(s, topic)
            : ranges.stream()
                .map(
                    r ->
                        r.to() != Long.MAX_VALUE
                            ? r
                            : new OffsetRange(
                                r.partition(),
                                r.from(),
                                s.partition(topic, r.partition())
                                    .map(p -> Math.max(r.from(), p.highWatermark()))
                                    .orElse(r.from())))
                .toList();
    List<ProbeError> errors = new ArrayList<>(s.errors());
    List<String> queries = new ArrayList<>(s.queries());
    Map<Integer, PartitionOffsets> broker = new HashMap<>();
    for (OffsetRange r : requested) {
      PartitionOffsets p =
          s.partition(topic, r.partition())
              .orElseThrow(
                  () ->
                      new ProbeException(
                          ProbeException.Code.NOT_FOUND,
                          "listOffsets(" + topic + "-" + r.partition() + ") at " + s.bootstrap(),
                          "topic '"
                              + topic
                              + "' has no partition "
                              + r.partition()
                              + " (it has "
                              + info.partitions()
                              + ")"));
      broker.put(r.partition(), p);
    }
    long deadline = System.nanoTime() + countTimeout.toNanos();
    queries.add(
        "consumer(read_uncommitted) count "
            + describe(requested)
            + " of "
            + topic
            + " at "
            + s.bootstrap());
    Map<Integer, long[]> all =
        read(s, topic, requested, broker, "read_uncommitted", deadline, errors);
    List<OffsetRange> gapped =
        requested.stream()
            .filter(
                r -> {
                  long[] c = all.get(r.partition());
                  long span =
                      Math.max(
                          0,
                          Math.min(r.to(), broker.get(r.partition()).highWatermark())
                              - Math.max(r.from(), broker.get(r.partition()).logStart()));
                  return c != null && c[0] < span;
                })
            .toList();
    Map<Integer, long[]> committed = Map.of();
    if (!gapped.isEmpty()) {
      queries.add(
          "consumer(read_committed) count "
              + describe(gapped)
              + " of "
              + topic
              + " at "
              + s.bootstrap());
      committed = read(s, topic, gapped, broker, "read_committed", deadline, errors);
    }
    List<RangeCount> counts = new ArrayList<>();
    for (OffsetRange r : requested) {
      PartitionOffsets p = broker.get(r.partition());
      long from = Math.max(r.from(), p.logStart());
      long to = Math.max(from, Math.min(r.to(), p.highWatermark()));
      long[] a = all.getOrDefault(r.partition(), new long[] {0, 0});
      long[] c = committed.getOrDefault(r.partition(), a);
      counts.add(
          new RangeCount(
              r,
              p.logStart(),
              p.highWatermark(),
              p.lastStable(),
              from,
              to,
              a[0],
              c[0],
              a[1] == 1 && c[1] == 1,
              null));
    }
    return new RecordCountSnapshot(
        s.cluster(), s.bootstrap(), topic, info, clock.instant(), counts, errors, queries);
  }

  private static List<OffsetRange> whole(KafkaLagSnapshot s, String topic) {
    return s.partitions().stream()
        .filter(p -> p.topic().equals(topic))
        .map(p -> new OffsetRange(p.partition(), p.logStart(), p.highWatermark()))
        .toList();
  }

  /** Per partition: {count, 1 if complete}. */
  private Map<Integer, long[]> read(
      KafkaLagSnapshot s,
      String topic,
      List<OffsetRange> ranges,
      Map<Integer, PartitionOffsets> broker,
      String isolation,
      long deadline,
      List<ProbeError> errors) {
    Map<TopicPartition, long[]> state = new LinkedHashMap<>(); // {from, to, count}
    for (OffsetRange r : ranges) {
      PartitionOffsets p = broker.get(r.partition());
      long from = Math.max(r.from(), p.logStart());
      long end = isolation.equals("read_committed") ? p.lastStable() : p.highWatermark();
      long to = Math.max(from, Math.min(r.to(), end));
      state.put(new TopicPartition(topic, r.partition()), new long[] {from, to, 0});
    }
    Map<Integer, long[]> result = new HashMap<>();
    String query =
        "consumer("
            + isolation
            + ") count "
            + describe(ranges)
            + " of "
            + topic
            + " at "
            + s.bootstrap();
    try (KafkaConsumer<byte[], byte[]> consumer =
        new KafkaConsumer<>(offsets.cluster().clientConfig(config(isolation)))) {
      Map<TopicPartition, long[]> pending = new LinkedHashMap<>();
      state.forEach(
          (tp, v) -> {
            if (v[0] < v[1]) {
              pending.put(tp, v);
            } else {
              result.put(tp.partition(), new long[] {0, 1});
            }
          });
      consumer.assign(pending.keySet());
      pending.forEach((tp, v) -> consumer.seek(tp, v[0]));
      while (!pending.isEmpty() && System.nanoTime() < deadline) {
        for (ConsumerRecord<byte[], byte[]> record : consumer.poll(Duration.ofMillis(200))) {
          long[] v = pending.get(new TopicPartition(record.topic(), record.partition()));
          if (v != null && record.offset() >= v[0] && record.offset() < v[1]) {
            v[2]++;
          }
        }
        for (TopicPartition tp : List.copyOf(pending.keySet())) {
          if (consumer.position(tp, Duration.ofMillis(100)) >= pending.get(tp)[1]) {
            result.put(tp.partition(), new long[] {pending.remove(tp)[2], 1});
            consumer.pause(List.of(tp));
          }
        }
      }
      pending.forEach((tp, v) -> result.put(tp.partition(), new long[] {v[2], 0}));
      if (!pending.isEmpty()) {
        errors.add(
            new ProbeError(
                ProbeException.Code.TIMEOUT,
                query,
                pending.size()
                    + " partition(s) not counted to the end within "
                    + countTimeout.toSeconds()
                    + " s"));
      }
    } catch (KafkaException e) {
      errors.add(KafkaErrors.partial(query, e));
    }
    return result;
  }

  private Map<String, Object> config(String isolation) {
    Map<String, Object> config = new HashMap<>();
    config.put(ConsumerConfig.CLIENT_ID_CONFIG, "lakeops-probe-counter");
    config.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
    config.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, isolation);
    config.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "none");
    config.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, 10_000);
    config.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
    config.put(
        ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
    return config;
  }

  private static String describe(List<OffsetRange> ranges) {
    List<String> parts =
        ranges.stream().map(r -> r.partition() + ":[" + r.from() + "," + r.to() + ")").toList();
    return KafkaLagProbe.names(parts);
  }
}
