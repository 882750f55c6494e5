package dev.lakeops.tools.kafka;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;

/**
 * Reads the first committed record at given offsets with a group-less {@code read_committed}
 * consumer: one fetch round covers one offset per partition, so several groups at different offsets
 * of one partition take several rounds. All rounds share one deadline.
 */
final class RecordReads {

  private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(RecordReads.class);

  /** Lags up to this many offsets may be transaction markers only; they are read first. */
  static final long MARKER_SUSPECT_LAG = 10;

  /** One offset to read at, and the end to read up to. */
  record Read(TopicPartition partition, long offset, long endOffset) {}

  private final KafkaCluster cluster;
  private final Duration timeout;

  RecordReads(KafkaCluster cluster, Duration timeout) {
    this.cluster = cluster;
    this.timeout = timeout;
  }

  /**
   * Picks up to {@code max} committed offsets worth reading: those with a lag small enough to be
   * markers only, then each group's partitions by lag, largest first, one group after another.
   * Offsets outside {@code [logStart, lastStable)} have no record to read and are skipped.
   */
  static List<Read> choose(
      Collection<ConsumerGroup> groups, List<PartitionOffsets> offsets, int max) {
    if (max == 0) {
      return List.of();
    }
    Map<TopicPartition, PartitionOffsets> byPartition = new HashMap<>();
    offsets.forEach(p -> byPartition.put(new TopicPartition(p.topic(), p.partition()), p));
    Set<Read> small = new LinkedHashSet<>();
    List<List<Read>> perGroup = new ArrayList<>();
    for (ConsumerGroup group : groups) {
      List<Read> reads = new ArrayList<>();
      for (CommittedOffset c : group.offsets()) {
        PartitionOffsets p = byPartition.get(new TopicPartition(c.topic(), c.partition()));
        if (p == null || c.offset() < p.logStart() || c.offset() >= p.lastStable()) {
          continue;
        }
        Read read =
            new Read(new TopicPartition(c.topic(), c.partition()), c.offset(), p.lastStable());
        if (p.lastStable() - c.offset() <= MARKER_SUSPECT_LAG) {
          small.add(read);
        } else {
          reads.add(read);
        }
      }
      reads.sort(Comparator.comparingLong((Read r) -> r.endOffset() - r.offset()).reversed());
      perGroup.add(reads);
    }
    Set<Read> chosen = new LinkedHashSet<>();
    small.stream().limit(max).forEach(chosen::add);
    for (int rank = 0; chosen.size() < max; rank++) {
      boolean any = false;
      for (List<Read> reads : perGroup) {
        if (rank < reads.size() && chosen.size() < max) {
          chosen.add(reads.get(rank));
          any = true;
        }
      }
      if (!any) {
        break;
      }
    }
    return List.copyOf(chosen);
  }

  /**
   * Reads each offset; reads that cannot finish are returned incomplete and noted in {@code
   * errors}.
   */
  List<RecordAtOffset> read(List<Read> reads, List<ProbeError> errors) {
    List<RecordAtOffset> results = new ArrayList<>();
    long deadline = System.nanoTime() + timeout.toNanos();
    String query =
        "consumer(read_committed) read at committed offsets at " + cluster.bootstrapServers();
    long start = System.nanoTime();
    try (KafkaConsumer<byte[], byte[]> consumer =
        new KafkaConsumer<>(cluster.clientConfig(consumerConfig()))) {
      long created = System.nanoTime();
      List<List<Read>> rounds = rounds(reads);
      for (List<Read> round : rounds) {
        results.addAll(readRound(consumer, round, deadline));
      }
      LOG.debug(
          "Read {} committed offsets in {} round(s): consumer created in {} ms, reads took {} ms",
          reads.size(),
          rounds.size(),
          (created - start) / 1_000_000,
          (System.nanoTime() - created) / 1_000_000);
    } catch (KafkaException e) {
      errors.add(KafkaErrors.partial(query, e));
    }
    long incomplete = results.stream().filter(r -> !r.complete()).count();
    if (incomplete > 0) {
      errors.add(
          new ProbeError(
              dev.lakeops.tools.ProbeException.Code.TIMEOUT,
              query,
              incomplete
                  + " of "
                  + reads.size()
                  + " reads did not finish within "
                  + timeout.toMillis()
                  + " ms"));
    }
    return results;
  }

  private Map<String, Object> consumerConfig() {
    Map<String, Object> config = new HashMap<>();
    config.put(ConsumerConfig.CLIENT_ID_CONFIG, "lakeops-probe-reader");
    config.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
    config.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
    config.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "none");
    // Only the first record of each partition counts, so a small limit per partition keeps the
    // answer small. Not smaller than a usual batch: KIP-74 returns an oversized batch only for the
    // first partition of a fetch, so a tiny limit costs one fetch per partition (measured: 200
    // polls
    // for 200 partitions at 1 byte).
    config.put(ConsumerConfig.MAX_PARTITION_FETCH_BYTES_CONFIG, 64 * 1024);
    config.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, 10_000);
    // A partition whose remaining offsets hold nothing to return would make the broker wait up to
    // 500 ms (the default) for data that is not coming.
    config.put(ConsumerConfig.FETCH_MAX_WAIT_MS_CONFIG, 20);
    config.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
    config.put(
        ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
    config.put(
        ConsumerConfig.REQUEST_TIMEOUT_MS_CONFIG,
        (int) Math.min(Integer.MAX_VALUE, timeout.toMillis()));
    config.put(
        ConsumerConfig.DEFAULT_API_TIMEOUT_MS_CONFIG,
        (int) Math.min(Integer.MAX_VALUE, timeout.toMillis()));
    return config;
  }

  private static List<List<Read>> rounds(List<Read> reads) {
    Map<TopicPartition, List<Read>> byPartition = new LinkedHashMap<>();
    reads.forEach(r -> byPartition.computeIfAbsent(r.partition(), p -> new ArrayList<>()).add(r));
    List<List<Read>> rounds = new ArrayList<>();
    for (List<Read> same : byPartition.values()) {
      for (int i = 0; i < same.size(); i++) {
        if (rounds.size() <= i) {
          rounds.add(new ArrayList<>());
        }
        rounds.get(i).add(same.get(i));
      }
    }
    return rounds;
  }

  private static List<RecordAtOffset> readRound(
      KafkaConsumer<byte[], byte[]> consumer, List<Read> round, long deadline) {
    Map<TopicPartition, Read> pending = new LinkedHashMap<>();
    round.forEach(r -> pending.put(r.partition(), r));
    Map<TopicPartition, RecordAtOffset> done = new LinkedHashMap<>();
    consumer.assign(pending.keySet());
    pending.values().forEach(r -> consumer.seek(r.partition(), r.offset()));
    int polls = 0;
    long firstRecordMs = -1;
    long roundStart = System.nanoTime();
    while (!pending.isEmpty() && System.nanoTime() < deadline) {
      ConsumerRecords<byte[], byte[]> polled;
      polls++;
      try {
        polled =
            consumer.poll(
                Duration.ofMillis(
                    Math.max(1, Math.min(200, (deadline - System.nanoTime()) / 1_000_000))));
      } catch (org.apache.kafka.clients.consumer.OffsetOutOfRangeException e) {
        // Retention moved the log start past a committed offset since the offsets were listed.
        for (TopicPartition tp : e.partitions()) {
          Read r = pending.remove(tp);
          if (r != null) {
            done.put(
                tp,
                new RecordAtOffset(
                    tp.topic(), tp.partition(), r.offset(), r.endOffset(), null, null, false));
          }
        }
        consumer.pause(e.partitions());
        continue;
      }
      if (firstRecordMs < 0 && !polled.isEmpty()) {
        firstRecordMs = (System.nanoTime() - roundStart) / 1_000_000;
      }
      for (ConsumerRecord<byte[], byte[]> record : polled) {
        TopicPartition tp = new TopicPartition(record.topic(), record.partition());
        Read r = pending.get(tp);
        if (r != null && record.offset() >= r.offset()) {
          pending.remove(tp);
          boolean inRange = record.offset() < r.endOffset();
          done.put(
              tp,
              new RecordAtOffset(
                  tp.topic(),
                  tp.partition(),
                  r.offset(),
                  r.endOffset(),
                  inRange ? record.offset() : null,
                  inRange ? record.timestamp() : null,
                  true));
        }
      }
      for (Read r : List.copyOf(pending.values())) {
        if (consumer.position(r.partition(), Duration.ofMillis(50)) >= r.endOffset()) {
          pending.remove(r.partition());
          done.put(
              r.partition(),
              new RecordAtOffset(
                  r.partition().topic(),
                  r.partition().partition(),
                  r.offset(),
                  r.endOffset(),
                  null,
                  null,
                  true));
        }
      }
      consumer.pause(done.keySet());
    }
    pending
        .values()
        .forEach(
            r ->
                done.put(
                    r.partition(),
                    new RecordAtOffset(
                        r.partition().topic(),
                        r.partition().partition(),
                        r.offset(),
                        r.endOffset(),
                        null,
                        null,
                        false)));
    consumer.resume(consumer.paused());
    LOG.debug(
        "Round of {} reads: {} polls, {} ms to the first record",
        round.size(),
        polls,
        firstRecordMs);
    return List.copyOf(done.values());
  }
}
