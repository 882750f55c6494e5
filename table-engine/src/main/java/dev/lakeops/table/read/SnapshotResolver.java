package dev.lakeops.table.read;

import dev.lakeops.table.commit.SnapshotStore;
import dev.lakeops.table.meta.Snapshot;
import dev.lakeops.table.meta.SnapshotHints;
import dev.lakeops.table.meta.TagJson;
import dev.lakeops.table.store.TableStore;
import java.io.UncheckedIOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Optional;
import java.util.OptionalLong;

/** Finds the snapshot a {@link ScanTarget} names. */
final class SnapshotResolver {

  private final TableStore table;

  SnapshotResolver(TableStore table) {
    this.table = table;
  }

  /**
   * The snapshot of {@code target}; empty only for {@link ScanTarget.Latest} on a table without
   * snapshots.
   *
   * @throws SnapshotNotFoundException the target names no existing snapshot or tag
   */
  Optional<Snapshot> resolve(ScanTarget target) {
    SnapshotStore store = table.snapshotStore();
    if (target instanceof ScanTarget.SnapshotId id) {
      return Optional.of(
          store
              .findSnapshot(id.id())
              .orElseThrow(
                  () ->
                      new SnapshotNotFoundException(
                          "Snapshot "
                              + id.id()
                              + " does not exist in "
                              + table.paths().root()
                              + " ("
                              + range()
                              + ")")));
    }
    if (target instanceof ScanTarget.TagName tag) {
      return Optional.of(loadTag(tag.name()));
    }
    if (target instanceof ScanTarget.TimestampMillis time) {
      return Optional.of(atOrBefore(time.millis()));
    }
    return store.latest();
  }

  /**
   * @throws SnapshotNotFoundException no snapshot with {@code id}
   */
  Snapshot load(long id) {
    return resolve(new ScanTarget.SnapshotId(id)).orElseThrow();
  }

  private Snapshot loadTag(String name) {
    Path file = table.paths().tagFile(name);
    try {
      return TagJson.load(table.io(), file).snapshot();
    } catch (UncheckedIOException e) {
      if (e.getCause() instanceof NoSuchFileException) {
        throw new SnapshotNotFoundException(
            "Tag '" + name + "' does not exist in " + table.paths().root());
      }
      throw e;
    }
  }

  // Snapshot times ascend with ids (each commit reads the previous snapshot first), so a binary
  // search over the live id range finds the newest one at or before the time, as Paimon's
  // SnapshotManager.earlierOrEqualTimeMills does.
  private Snapshot atOrBefore(long millis) {
    OptionalLong earliest = SnapshotHints.earliestSnapshotId(table.io(), table.paths());
    OptionalLong latest = SnapshotHints.latestSnapshotId(table.io(), table.paths());
    if (earliest.isEmpty() || latest.isEmpty()) {
      throw new SnapshotNotFoundException(
          "No snapshot at or before "
              + millis
              + " in "
              + table.paths().root()
              + ": the table has no snapshots");
    }
    long lo = earliest.getAsLong();
    long hi = latest.getAsLong();
    Snapshot found = null;
    while (lo <= hi) {
      long mid = lo + (hi - lo) / 2;
      Optional<Snapshot> s = table.snapshotStore().findSnapshot(mid);
      if (s.isEmpty()) {
        lo = mid + 1; // expired meanwhile
        continue;
      }
      if (s.get().timeMillis() <= millis) {
        found = s.get();
        lo = mid + 1;
      } else {
        hi = mid - 1;
      }
    }
    if (found == null) {
      throw new SnapshotNotFoundException(
          "No snapshot at or before "
              + millis
              + " in "
              + table.paths().root()
              + " ("
              + range()
              + ")");
    }
    return found;
  }

  private String range() {
    OptionalLong earliest = SnapshotHints.earliestSnapshotId(table.io(), table.paths());
    OptionalLong latest = SnapshotHints.latestSnapshotId(table.io(), table.paths());
    return earliest.isEmpty()
        ? "the table has no snapshots"
        : "snapshots " + earliest.getAsLong() + ".." + latest.getAsLong() + " exist";
  }
}
