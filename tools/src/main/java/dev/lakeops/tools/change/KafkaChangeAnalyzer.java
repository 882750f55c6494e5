package dev.lakeops.tools.change;

import dev.lakeops.tools.Severity;
import dev.lakeops.tools.change.KafkaChangeSnapshot.GroupInfo;
import dev.lakeops.tools.change.KafkaChangeSnapshot.PartitionState;
import dev.lakeops.tools.change.KafkaChangeSnapshot.TopicState;
import dev.lakeops.tools.kafka.CommittedOffset;
import dev.lakeops.tools.kafka.GroupMember;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * What changed on Kafka for one topic and group (pure). Kafka keeps no history of topics or groups,
 * so most changes are seen between two captures (the earlier ones kept by {@link ChangeHistory}):
 * their time is the later capture, {@code notBefore} the earlier one.
 *
 * <ul>
 *   <li>{@code change.kafka.partitions-added}: a topic has more partitions than before, timed by
 *       the first record of the new ones when it falls between the captures. Without an earlier
 *       capture, the highest partitions whose first record (at offset 0) lies in the window while
 *       every lower one holds older records are taken as added, at or before their first record.
 *       WARN when those records have keys: a keyed producer now sends some keys to other
 *       partitions, so a job keyed on them sees each such key's records out of order and, for
 *       upserts, can keep an older value;
 *   <li>{@code change.kafka.topic-config}: topic configuration values that differ;
 *   <li>{@code change.kafka.group-members}: members joined or left, or the group epoch moved (a
 *       rebalance);
 *   <li>{@code change.kafka.offsets-rewound} (WARN): a committed offset lower than before, so
 *       records are read again.
 * </ul>
 */
public final class KafkaChangeAnalyzer {

  public List<Change> analyze(
      KafkaChangeSnapshot now, List<KafkaChangeSnapshot> earlier, ChangeWindow window) {
    List<KafkaChangeSnapshot> all = new ArrayList<>(earlier);
    all.add(now);
    List<Change> changes = new ArrayList<>();
    for (TopicState topic : now.topics()) {
      boolean addSeen = false;
      for (int i = 1; i < all.size(); i++) {
        KafkaChangeSnapshot a = all.get(i - 1);
        KafkaChangeSnapshot b = all.get(i);
        TopicState ta = a.topicState(topic.topic()).orElse(null);
        TopicState tb = b.topicState(topic.topic()).orElse(null);
        if (ta == null || tb == null) {
          continue;
        }
        if (tb.partitions().size() > ta.partitions().size()) {
          changes.add(
              partitionsAdded(now, tb, ta.partitions().size(), a.capturedAt(), b.capturedAt()));
          addSeen = true;
        }
        if (!ta.configs().isEmpty() && !tb.configs().isEmpty()) {
          Map<String, String> diff = MapDiff.of(ta.configs(), tb.configs());
          if (!diff.isEmpty()) {
            changes.add(topicConfig(now, tb, diff, a.capturedAt(), b.capturedAt()));
          }
        }
      }
      if (!addSeen) {
        inferredAdd(now, topic, window).ifPresent(changes::add);
      }
    }
    for (int i = 1; i < all.size(); i++) {
      GroupInfo a = all.get(i - 1).group();
      GroupInfo b = all.get(i).group();
      if (a != null && b != null && a.groupId().equals(b.groupId())) {
        members(now, a, b, all.get(i - 1).capturedAt(), all.get(i).capturedAt())
            .ifPresent(changes::add);
        rewinds(now, a, b, all.get(i - 1).capturedAt(), all.get(i).capturedAt())
            .ifPresent(changes::add);
      }
    }
    return changes;
  }

  private static Change partitionsAdded(
      KafkaChangeSnapshot now, TopicState t, int before, Instant notBefore, Instant seen) {
    List<PartitionState> added =
        t.partitions().stream().filter(p -> p.partition() >= before).toList();
    Long first =
        added.stream()
            .map(PartitionState::firstTimestamp)
            .filter(Objects::nonNull)
            .min(Long::compare)
            .orElse(null);
    boolean timedByRecord =
        first != null && first > notBefore.toEpochMilli() && first <= seen.toEpochMilli();
    Instant at = timedByRecord ? Instant.ofEpochMilli(first) : seen;
    return added(
        now,
        t,
        before,
        added,
        at,
        notBefore,
        timedByRecord ? "first record of the new partitions" : "probe");
  }

  /**
   * The highest partitions holding only records from the window, above partitions holding older
   * ones: added, without history.
   */
  private static Optional<Change> inferredAdd(
      KafkaChangeSnapshot now, TopicState t, ChangeWindow window) {
    List<PartitionState> ps = t.partitions();
    long since = window.since().toEpochMilli();
    int k = ps.size();
    boolean anyYoung = false;
    while (k > 0) {
      PartitionState p = ps.get(k - 1);
      boolean young =
          p.logStart() == 0 && p.firstTimestamp() != null && p.firstTimestamp() >= since;
      boolean empty = p.firstTimestamp() == null && p.end() == p.logStart();
      if (!young && !empty) {
        break;
      }
      anyYoung |= young;
      k--;
    }
    if (!anyYoung || k == 0) {
      return Optional.empty();
    }
    for (int i = 0; i < k; i++) {
      PartitionState p = ps.get(i);
      boolean old = p.logStart() > 0 || p.firstTimestamp() != null && p.firstTimestamp() < since;
      if (!old) {
        return Optional
            .empty(); // an original partition as young as the new ones: nothing tells them apart
      }
    }
    List<PartitionState> added = ps.subList(k, ps.size());
    long first =
        added.stream()
            .map(PartitionState::firstTimestamp)
            .filter(Objects::nonNull)
            .min(Long::compare)
            .orElseThrow();
    return Optional.of(
        added(
            now,
            t,
            k,
            added,
            Instant.ofEpochMilli(first),
            null,
            "first record of the new partitions"));
  }

  private static Change added(
      KafkaChangeSnapshot now,
      TopicState t,
      int before,
      List<PartitionState> added,
      Instant at,
      Instant notBefore,
      String timedBy) {
    boolean keyed = added.stream().anyMatch(p -> Boolean.TRUE.equals(p.firstKeyed()));
    String ids =
        added.stream().map(p -> Integer.toString(p.partition())).collect(Collectors.joining(", "));
    String readBy =
        now.group() != null
                && now.group().offsets().stream().anyMatch(o -> o.topic().equals(t.topic()))
            ? now.group().groupId()
            : null;
    String count = before + " → " + t.partitions().size();
    return topicChange(ChangeCodes.KAFKA_PARTITIONS_ADDED, now, t.topic(), at)
        .severity(keyed ? Severity.WARN : Severity.INFO)
        .notBefore(notBefore)
        .phrase("partitions added (" + count + ")")
        .summary(
            "Topic "
                + t.topic()
                + " went from "
                + before
                + " to "
                + t.partitions().size()
                + " partitions (added "
                + ids
                + ")"
                + (notBefore == null ? " at or before " : " by ")
                + at
                + (keyed
                    ? "; its records are keyed, so a key-partitioning producer now sends some keys"
                        + " to other partitions and their records can be read out of order"
                    : "")
                + ".")
        .before(before)
        .after(t.partitions().size())
        .detail("addedPartitions", ids)
        .detail("timedBy", timedBy)
        .detail("atIsUpperBound", notBefore == null)
        .detail("keyedRecords", keyed)
        .detail("readBy", readBy)
        .build();
  }

  private static Change topicConfig(
      KafkaChangeSnapshot now,
      TopicState t,
      Map<String, String> diff,
      Instant notBefore,
      Instant at) {
    Change.Builder c =
        topicChange(ChangeCodes.KAFKA_TOPIC_CONFIG, now, t.topic(), at)
            .notBefore(notBefore)
            .phrase("config " + MapDiff.describe(diff, 2))
            .summary(
                "Topic "
                    + t.topic()
                    + " configuration changed between "
                    + notBefore
                    + " and "
                    + at
                    + ": "
                    + MapDiff.describe(diff, 5)
                    + ".")
            .before(String.join(", ", diff.keySet()))
            .after(String.join(", ", diff.keySet()));
    diff.forEach((k, v) -> c.detail("config[" + k + "]", v));
    return c.build();
  }

  private static Optional<Change> members(
      KafkaChangeSnapshot now, GroupInfo a, GroupInfo b, Instant notBefore, Instant at) {
    Set<String> before = new TreeSet<>(a.members().stream().map(GroupMember::memberId).toList());
    Set<String> after = new TreeSet<>(b.members().stream().map(GroupMember::memberId).toList());
    boolean epochMoved =
        a.groupEpoch() != null && b.groupEpoch() != null && !a.groupEpoch().equals(b.groupEpoch());
    if (before.equals(after) && !epochMoved) {
      return Optional.empty();
    }
    Set<String> joined = new TreeSet<>(after);
    joined.removeAll(before);
    Set<String> left = new TreeSet<>(before);
    left.removeAll(after);
    return Optional.of(
        groupChange(ChangeCodes.KAFKA_GROUP_MEMBERS, now, b.groupId(), at)
            .notBefore(notBefore)
            .phrase("rebalanced (members " + before.size() + " → " + after.size() + ")")
            .summary(
                "Group "
                    + b.groupId()
                    + " rebalanced between "
                    + notBefore
                    + " and "
                    + at
                    + ": "
                    + joined.size()
                    + " member(s) joined, "
                    + left.size()
                    + " left"
                    + (epochMoved ? ", group epoch " + a.groupEpoch() + " → " + b.groupEpoch() : "")
                    + ".")
            .before(before.size() + " members")
            .after(after.size() + " members")
            .detail("joined", joined.isEmpty() ? null : String.join(", ", joined))
            .detail("left", left.isEmpty() ? null : String.join(", ", left))
            .detail(
                "groupEpoch", epochMoved ? a.groupEpoch() + " → " + b.groupEpoch() : b.groupEpoch())
            .detail("state", a.state() + " → " + b.state())
            .build());
  }

  private static Optional<Change> rewinds(
      KafkaChangeSnapshot now, GroupInfo a, GroupInfo b, Instant notBefore, Instant at) {
    Map<String, String> moved = new LinkedHashMap<>();
    List<String> before = new ArrayList<>();
    List<String> after = new ArrayList<>();
    long records = 0;
    for (CommittedOffset o : b.offsets()) {
      CommittedOffset was = a.offset(o.topic(), o.partition()).orElse(null);
      if (was != null && o.offset() < was.offset()) {
        moved.put(o.partitionName(), was.offset() + " → " + o.offset());
        before.add(o.partitionName() + " " + was.offset());
        after.add(o.partitionName() + " " + o.offset());
        records += was.offset() - o.offset();
      }
    }
    if (moved.isEmpty()) {
      return Optional.empty();
    }
    Change.Builder c =
        groupChange(ChangeCodes.KAFKA_OFFSETS_REWOUND, now, b.groupId(), at)
            .severity(Severity.WARN)
            .notBefore(notBefore)
            .phrase(
                "offsets rewound on "
                    + moved.size()
                    + " partition(s) ("
                    + records
                    + " records to read again)")
            .summary(
                "Group "
                    + b.groupId()
                    + " committed offsets went back between "
                    + notBefore
                    + " and "
                    + at
                    + " on "
                    + String.join(", ", moved.keySet())
                    + ": "
                    + records
                    + " record(s) are read again, duplicates downstream unless the sink"
                    + " deduplicates.")
            .before(String.join(", ", before))
            .after(String.join(", ", after))
            .detail("recordsToReadAgain", records);
    moved.forEach((p, d) -> c.detail("partition[" + p + "]", d));
    return Optional.of(c.build());
  }

  private static Change.Builder topicChange(
      String code, KafkaChangeSnapshot now, String topic, Instant at) {
    return Change.of(code, "topic " + topic, "kafka topic " + topic, at)
        .detail("bootstrap", now.bootstrap())
        .sources(now.queries().stream().filter(q -> q.contains(topic)).limit(6).toList());
  }

  private static Change.Builder groupChange(
      String code, KafkaChangeSnapshot now, String group, Instant at) {
    return Change.of(code, "group " + group, "kafka group " + group, at)
        .detail("bootstrap", now.bootstrap())
        .sources(now.queries().stream().filter(q -> q.contains(group)).limit(4).toList());
  }
}
