package dev.lakeops.tools.kafka;

import static java.util.Objects.requireNonNull;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * What the lag probe read from one cluster at one moment; the analyzers judge it without I/O. Parts
 * that failed are listed in {@code errors}; everything else is kept.
 *
 * @param cluster the profile name (or the bootstrap address when none was used)
 * @param bootstrap the bootstrap servers the clients connected to
 * @param capturedAt when the broker offsets were read
 * @param groups the consumer groups, with members and committed offsets
 * @param partitions broker offsets of every partition a group committed or was assigned
 * @param topics shape and configuration of those topics
 * @param records the records read at committed offsets (lag in time, marker and compaction gaps)
 * @param openTransactions transactions that hold a last stable offset back
 * @param errors what could not be read
 * @param queries every call made, in order, for evidence
 */
public record KafkaLagSnapshot(
    String cluster,
    String bootstrap,
    Instant capturedAt,
    List<ConsumerGroup> groups,
    List<PartitionOffsets> partitions,
    List<TopicInfo> topics,
    List<RecordAtOffset> records,
    List<OpenTransaction> openTransactions,
    List<ProbeError> errors,
    List<String> queries) {

  public KafkaLagSnapshot {
    requireNonNull(cluster, "cluster");
    requireNonNull(bootstrap, "bootstrap");
    requireNonNull(capturedAt, "capturedAt");
    groups = Copies.list(groups);
    partitions = Copies.list(partitions);
    topics = Copies.list(topics);
    records = Copies.list(records);
    openTransactions = Copies.list(openTransactions);
    errors = Copies.list(errors);
    queries = Copies.list(queries);
  }

  public Optional<ConsumerGroup> group(String groupId) {
    return groups.stream().filter(g -> g.groupId().equals(groupId)).findFirst();
  }

  public Optional<PartitionOffsets> partition(String topic, int partition) {
    return partitions.stream()
        .filter(p -> p.topic().equals(topic) && p.partition() == partition)
        .findFirst();
  }

  public Optional<TopicInfo> topic(String topic) {
    return topics.stream().filter(t -> t.topic().equals(topic)).findFirst();
  }

  public Optional<RecordAtOffset> record(String topic, int partition, long offset) {
    return records.stream()
        .filter(r -> r.topic().equals(topic) && r.partition() == partition && r.offset() == offset)
        .findFirst();
  }

  public List<OpenTransaction> openTransactions(String topic, int partition) {
    return openTransactions.stream()
        .filter(t -> t.topic().equals(topic) && t.partition() == partition)
        .toList();
  }
}
