package dev.lakeops.table.commit;

import static java.util.Objects.requireNonNull;

import java.util.List;

/**
 * One commit's worth of changes from one writer, identified for exactly-once: a writer job keeps
 * its {@code commitUser} across restarts and numbers its commits with increasing identifiers (a
 * Flink checkpoint id, for example), so a replay after failover can be recognised and skipped.
 *
 * @param commitUser the writer's stable name
 * @param commitIdentifier increases with every commit of that writer
 * @param changes per (partition, bucket)
 */
public record ChangeSet(String commitUser, long commitIdentifier, List<BucketChange> changes) {

  public ChangeSet {
    requireNonNull(commitUser, "commitUser");
    if (commitUser.isBlank()) {
      throw new IllegalArgumentException("Invalid commit user: empty");
    }
    changes = List.copyOf(changes);
  }

  public boolean isEmpty() {
    return changes.stream().allMatch(BucketChange::isEmpty);
  }
}
