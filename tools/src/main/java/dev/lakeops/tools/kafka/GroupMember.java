package dev.lakeops.tools.kafka;

import java.util.List;

/**
 * One member of a consumer group as the group coordinator describes it.
 *
 * @param assignment the partitions assigned to it, as {@code topic-partition}
 */
public record GroupMember(String memberId, String clientId, String host, List<String> assignment) {

  public GroupMember {
    assignment = Copies.list(assignment);
  }
}
