package dev.lakeops.tools.table;

import dev.lakeops.table.Table;
import dev.lakeops.table.meta.ManifestFileMeta;
import dev.lakeops.table.meta.Snapshot;
import dev.lakeops.table.meta.SnapshotHints;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Reads the commit timeline of a table: its snapshot files and the sizes of their delta manifest
 * lists.
 */
public final class CommitTimelineProbe {

  /**
   * The newest {@code limit} snapshots of {@code table}, ascending.
   *
   * @param name the table as asked for, carried into the timeline
   */
  public CommitTimeline capture(Table table, String name, int limit) {
    if (limit < 1) {
      throw new IllegalArgumentException("Invalid limit: " + limit + " (must be at least 1)");
    }
    String location = table.io().location(table.paths().root());
    Optional<Snapshot> latest = table.latestSnapshot();
    if (latest.isEmpty()) {
      return new CommitTimeline(name, location, 0, 0, List.of());
    }
    OptionalLong earliestHint = SnapshotHints.earliestSnapshotId(table.io(), table.paths());
    long earliest = earliestHint.orElse(1);
    long latestId = latest.get().id();
    List<CommitRecord> commits = new ArrayList<>();
    for (long id = Math.max(earliest, latestId - limit + 1); id <= latestId; id++) {
      table.snapshotStore().findSnapshot(id).ifPresent(s -> commits.add(record(table, s)));
    }
    return new CommitTimeline(name, location, earliest, latestId, commits);
  }

  private static CommitRecord record(Table table, Snapshot s) {
    long added = 0;
    long deleted = 0;
    for (ManifestFileMeta meta : table.snapshotFiles().manifestList(s.deltaManifestList())) {
      added += meta.numAddedFiles();
      deleted += meta.numDeletedFiles();
    }
    return new CommitRecord(
        s.id(),
        s.commitUser(),
        s.commitIdentifier(),
        s.commitKind().name(),
        s.timeMillis(),
        s.deltaRecordCount(),
        s.totalRecordCount(),
        added,
        deleted);
  }
}
