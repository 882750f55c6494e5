package dev.lakeops.table.commit;

import static java.util.Objects.requireNonNull;

import dev.lakeops.table.meta.Snapshot;
import java.util.List;
import java.util.Optional;

/**
 * What one committed change set produced: no snapshot (an ignored empty batch commit), one, or two
 * (APPEND for new files, then COMPACT for the compaction, as Paimon does), in commit order.
 *
 * @param attempts publish attempts over all snapshots; more than the number of snapshots means
 *     other writers took the snapshot id first and the commit retried
 */
public record CommitResult(
    String commitUser, long commitIdentifier, List<Snapshot> snapshots, int attempts) {

  public CommitResult {
    requireNonNull(commitUser, "commitUser");
    snapshots = List.copyOf(snapshots);
    if (attempts < snapshots.size()) {
      throw new IllegalArgumentException(
          "Invalid attempts: " + attempts + " for " + snapshots.size() + " snapshots");
    }
  }

  /** The last snapshot committed, empty when nothing was committed. */
  public Optional<Snapshot> lastSnapshot() {
    return snapshots.isEmpty()
        ? Optional.empty()
        : Optional.of(snapshots.get(snapshots.size() - 1));
  }
}
