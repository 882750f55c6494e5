package dev.lakeops.tools.kafka;

import static java.util.Objects.requireNonNull;

import java.util.List;
import java.util.Optional;

/**
 * A consumer group at capture time.
 *
 * @param groupId the group id
 * @param state {@code Stable}, {@code Empty}, {@code PreparingRebalance}, ... as the coordinator
 *     names it; {@code Unknown} when the group could not be described
 * @param type {@code Classic} or {@code Consumer} (KIP-848); {@code Unknown} when not described
 * @param protocol the partition assignor, empty for groups that only commit offsets
 * @param members the members; empty for a stopped consumer and for {@code assign()}-based ones such
 *     as Flink's Kafka source
 * @param offsets the committed offsets, one per partition
 */
public record ConsumerGroup(
    String groupId,
    String state,
    String type,
    String protocol,
    List<GroupMember> members,
    List<CommittedOffset> offsets) {

  public ConsumerGroup {
    requireNonNull(groupId, "groupId");
    state = state == null ? "Unknown" : state;
    type = type == null ? "Unknown" : type;
    protocol = protocol == null ? "" : protocol;
    members = Copies.list(members);
    offsets = Copies.list(offsets);
  }

  public boolean hasMembers() {
    return !members.isEmpty();
  }

  public Optional<CommittedOffset> offset(String topic, int partition) {
    return offsets.stream()
        .filter(o -> o.topic().equals(topic) && o.partition() == partition)
        .findFirst();
  }
}
