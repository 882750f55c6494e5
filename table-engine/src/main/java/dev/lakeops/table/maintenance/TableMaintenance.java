package dev.lakeops.table.maintenance;

import dev.lakeops.table.io.FileIO;
import dev.lakeops.table.paths.TablePaths;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;

/**
 * Every maintenance operation of one table in one place: tags, rollback, snapshot expiration and
 * orphan removal. Each returns a report of what it did; see the class of each operation for its
 * guarantees.
 */
public final class TableMaintenance {

  private final Tags tags;
  private final Rollback rollback;
  private final SnapshotExpiration expiration;
  private final OrphanFiles orphans;

  public TableMaintenance(FileIO io, TablePaths paths) {
    this(io, paths, Clock.systemDefaultZone());
  }

  public TableMaintenance(FileIO io, TablePaths paths, Clock clock) {
    this.tags = new Tags(io, paths, clock);
    this.rollback = new Rollback(io, paths, clock);
    this.expiration = new SnapshotExpiration(io, paths, clock);
    this.orphans = new OrphanFiles(io, paths, clock);
  }

  public TagReport createTag(String name, long snapshotId) {
    return tags.createTag(name, snapshotId);
  }

  public TagReport createTag(String name, long snapshotId, Duration timeRetained) {
    return tags.createTag(name, snapshotId, timeRetained);
  }

  public TagReport deleteTag(String name) {
    return tags.deleteTag(name);
  }

  public RollbackReport rollbackTo(long snapshotId) {
    return rollback.rollbackTo(snapshotId);
  }

  public RollbackReport rollbackToTag(String tagName) {
    return rollback.rollbackToTag(tagName);
  }

  public RollbackReport rollbackToAsLatest(long snapshotId) {
    return rollback.rollbackToAsLatest(snapshotId);
  }

  public RollbackReport rollbackToTagAsLatest(String tagName) {
    return rollback.rollbackToTagAsLatest(tagName);
  }

  /** Expires by the table's retention options. */
  public ExpireReport expireSnapshots() {
    return expiration.expire();
  }

  public ExpireReport expireSnapshots(ExpireRetention retention) {
    return expiration.expire(retention);
  }

  public ExpirePlan planExpireSnapshots(ExpireRetention retention) {
    return expiration.plan(retention);
  }

  public OrphanReport removeOrphanFiles(Instant olderThan) {
    return orphans.remove(olderThan);
  }

  // Previews: pure computations of what an operation would remove now, for dry runs and for the
  // what-if preview of an approval. Each computes the same plan the operation computes when it
  // runs,
  // so a preview taken with no commit in between names exactly what the operation removes.

  public RollbackPreview previewRollbackTo(long snapshotId) {
    return rollback.previewRollbackTo(snapshotId);
  }

  public RollbackPreview previewRollbackToTag(String tagName) {
    return rollback.previewRollbackToTag(tagName);
  }

  /** By the table's retention options. */
  public ExpirePreview previewExpireSnapshots() {
    return expiration.preview();
  }

  public ExpirePreview previewExpireSnapshots(ExpireRetention retention) {
    return expiration.preview(retention);
  }

  public OrphanPreview previewRemoveOrphanFiles(Instant olderThan) {
    return orphans.preview(olderThan);
  }

  public TagDeletePreview previewDeleteTag(String name) {
    return tags.previewDeleteTag(name);
  }
}
