package dev.lakeops.tools.kafka;

import java.util.HashMap;
import java.util.Map;

/** Hash lookups into one snapshot, for analyzers that visit every group and partition. */
final class SnapshotIndex {

  record Key(String topic, int partition) {}

  record RecordKey(String topic, int partition, long offset) {}

  final KafkaLagSnapshot snapshot;
  final Map<Key, PartitionOffsets> partitions = new HashMap<>();
  final Map<String, Map<Key, Long>> committed = new HashMap<>();
  final Map<RecordKey, RecordAtOffset> records = new HashMap<>();
  final Map<String, TopicInfo> topics = new HashMap<>();

  SnapshotIndex(KafkaLagSnapshot snapshot) {
    this.snapshot = snapshot;
    snapshot.partitions().forEach(p -> partitions.put(new Key(p.topic(), p.partition()), p));
    for (ConsumerGroup g : snapshot.groups()) {
      Map<Key, Long> offsets = new HashMap<>();
      g.offsets().forEach(o -> offsets.put(new Key(o.topic(), o.partition()), o.offset()));
      committed.put(g.groupId(), offsets);
    }
    snapshot
        .records()
        .forEach(r -> records.put(new RecordKey(r.topic(), r.partition(), r.offset()), r));
    snapshot.topics().forEach(t -> topics.put(t.topic(), t));
  }

  /**
   * The group's sample on one partition, when both its committed offset and the broker offsets were
   * read.
   */
  PartitionSample sample(String groupId, Key key) {
    Long offset = committed.getOrDefault(groupId, Map.of()).get(key);
    PartitionOffsets p = partitions.get(key);
    return offset == null || p == null
        ? null
        : new PartitionSample(snapshot.capturedAt(), offset, p);
  }

  RecordAtOffset record(Key key, long offset) {
    return records.get(new RecordKey(key.topic(), key.partition(), offset));
  }
}
