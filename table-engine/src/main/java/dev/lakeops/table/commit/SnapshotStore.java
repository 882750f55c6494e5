package dev.lakeops.table.commit;

import dev.lakeops.table.meta.Snapshot;
import java.util.NoSuchElementException;
import java.util.Optional;

/**
 * Reads and atomically publishes the snapshots of one table.
 *
 * <p>Publishing is the single atomic step of a commit: everything a snapshot references (data
 * files, manifests, manifest lists) is written before, and nothing that a reader needs is written
 * after. Implementations are safe for use by many threads and many processes at once.
 */
public interface SnapshotStore {

  /**
   * Returns the latest published snapshot, reading storage; empty for a new table. Never returns a
   * stale snapshot when a newer one was published before this call started.
   */
  Optional<Snapshot> latest();

  /**
   * Returns snapshot {@code id}, reading storage; empty when it does not exist (never published,
   * expired or rolled back).
   */
  Optional<Snapshot> findSnapshot(long id);

  /**
   * Returns snapshot {@code id}, reading storage.
   *
   * @throws NoSuchElementException the snapshot does not exist
   */
  default Snapshot loadSnapshot(long id) {
    return findSnapshot(id)
        .orElseThrow(() -> new NoSuchElementException("Snapshot " + id + " does not exist"));
  }

  /**
   * Publishes {@code next} if no snapshot with id {@code next.id()} exists yet.
   *
   * <p>Of any number of concurrent callers publishing the same id, in any process, at most one
   * succeeds. After the atomic step succeeds, this method does nothing that can fail.
   *
   * @throws CommitConflictException another writer published that id first; retrying is safe
   * @throws CommitStateUnknownException the outcome cannot be known; keep every file written for it
   */
  void publish(Snapshot next);
}
