package dev.lakeops.table.maintenance;

import dev.lakeops.table.consumer.Consumers;
import dev.lakeops.table.io.FileIO;
import dev.lakeops.table.meta.Snapshot;
import dev.lakeops.table.meta.SnapshotHints;
import dev.lakeops.table.meta.Tag;
import dev.lakeops.table.paths.TablePaths;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Expires old snapshots by Paimon's retention rules ({@code paimon-format.md} §16; source {@code
 * ExpireSnapshotsImpl}): keeps the newest {@code minRetained}, never more than {@code maxRetained},
 * in between those younger than {@code timeRetained}; never the snapshot a consumer reads next or
 * any later one; at most {@code maxExpires} per run. With {@code consumer.expiration-time} set, a
 * consumer whose file was not updated for that long no longer protects snapshots and {@link
 * #expire} deletes its file first, as Paimon's commit maintenance does before expiring snapshots.
 *
 * <p>Deletes a file only when no retained snapshot, tag or long-lived changelog uses it. The
 * snapshot files go first (oldest first), then {@code EARLIEST} moves, then the files: a crash at
 * any point leaves every remaining snapshot complete, at worst with unreferenced files that {@link
 * OrphanFiles} removes later. Must not run concurrently with another expiration or a rollback of
 * the same table; concurrent commits are fine.
 */
public final class SnapshotExpiration {

  private static final Logger LOG = LoggerFactory.getLogger(SnapshotExpiration.class);

  private final TableView view;

  public SnapshotExpiration(FileIO io, TablePaths paths) {
    this(io, paths, Clock.systemDefaultZone());
  }

  public SnapshotExpiration(FileIO io, TablePaths paths, Clock clock) {
    this.view = new TableView(io, paths, clock);
  }

  /** What {@link #expire()} would do now, by the table's retention options. */
  public ExpirePlan plan() {
    return plan(ExpireRetention.of(view.latestSchema().tableOptions()));
  }

  /** What {@link #expire(ExpireRetention)} would do now. */
  public ExpirePlan plan(ExpireRetention retention) {
    view.checkNoBranches("expire snapshots");
    OptionalLong earliestId = view.earliestId();
    OptionalLong latestId = view.latestId();
    if (earliestId.isEmpty() || latestId.isEmpty()) {
      return new ExpirePlan(List.of(), OptionalLong.empty(), List.of());
    }
    long earliest = earliestId.getAsLong();
    long latest = latestId.getAsLong();
    long end = expireUntil(retention, earliest, latest);
    if (end <= earliest) {
      return new ExpirePlan(List.of(), earliestId, List.of());
    }
    List<Snapshot> expired = view.snapshots(earliest, end - 1);
    List<Snapshot> retained = view.snapshots(end, latest);
    if (retained.isEmpty()) {
      throw new IllegalStateException(
          "No snapshot of "
              + view.paths.root()
              + " between "
              + end
              + " and "
              + latest
              + " is left to retain; refusing to expire");
    }
    FileUsage usage = new FileUsage(view, view.locator());
    Set<Path> used = new HashSet<>();
    for (Snapshot s : retained) {
      usage.addMetadata(s, used);
    }
    usage.addDataOfRun(retained, used);
    for (Tag tag : view.tags().values()) {
      usage.addTag(tag, used);
    }
    for (Snapshot changelog : view.changelogs().values()) {
      usage.addLongLivedChangelog(changelog, used);
    }
    Set<Path> candidates = new HashSet<>();
    for (Snapshot s : expired) {
      usage.addMetadata(s, candidates);
    }
    usage.addDataOfRun(expired, candidates);
    candidates.removeAll(used);
    List<Path> files = new ArrayList<>(candidates);
    files.sort(null);
    return new ExpirePlan(
        expired.stream().map(Snapshot::id).toList(), OptionalLong.of(retained.get(0).id()), files);
  }

  /** {@link #preview(ExpireRetention)} by the table's retention options. */
  public ExpirePreview preview() {
    return preview(ExpireRetention.of(view.latestSchema().tableOptions()));
  }

  /**
   * {@link #plan(ExpireRetention)} with the size of each file, for an approval's what-if preview.
   */
  public ExpirePreview preview(ExpireRetention retention) {
    ExpirePlan plan = plan(retention);
    return new ExpirePreview(
        plan.snapshotIds(),
        plan.earliestAfter(),
        FilesPreview.of(view.io, view.paths, plan.files()));
  }

  /** Expires snapshots by the table's retention options. */
  public ExpireReport expire() {
    return expire(ExpireRetention.of(view.latestSchema().tableOptions()));
  }

  /** Expires snapshots by {@code retention}. */
  public ExpireReport expire(ExpireRetention retention) {
    staleConsumersBefore().ifPresent(before -> new Consumers(view.io, view.paths).expire(before));
    ExpirePlan plan = plan(retention);
    if (plan.isEmpty()) {
      return new ExpireReport(List.of(), view.earliestId(), DeletedFiles.NONE);
    }
    for (long id : plan.snapshotIds()) {
      view.io.delete(view.paths.snapshotFile(id));
    }
    SnapshotHints.write(view.io, view.paths.earliestHint(), plan.earliestAfter().getAsLong());
    DeletedFiles deleted = FileDeleter.delete(view.io, view.paths, plan.files());
    LOG.info(
        "Expired snapshots {}..{} of {}: deleted {} files ({} bytes)",
        plan.snapshotIds().get(0),
        plan.snapshotIds().get(plan.snapshotIds().size() - 1),
        view.paths.root(),
        deleted.count(),
        deleted.bytes());
    return new ExpireReport(plan.snapshotIds(), plan.earliestAfter(), deleted);
  }

  /** The first snapshot id to keep; everything from {@code earliest} below it expires. */
  private long expireUntil(ExpireRetention retention, long earliest, long latest) {
    if (latest - earliest + 1 <= retention.minRetained()) {
      return earliest;
    }
    // Older than the newest maxRetained: expires regardless of age.
    long min = Math.max(latest - retention.maxRetained() + 1, earliest);
    long maxExclusive = latest - retention.minRetained() + 1;
    OptionalLong consumed =
        new Consumers(view.io, view.paths).minNextSnapshot(staleConsumersBefore().orElse(null));
    if (consumed.isPresent()) {
      maxExclusive = Math.min(maxExclusive, consumed.getAsLong());
    }
    maxExclusive = Math.min(maxExclusive, earliest + retention.maxExpires());
    long olderThanMillis = view.clock.millis() - retention.timeRetained().toMillis();
    for (long id = min; id < maxExclusive; id++) {
      Optional<Snapshot> s = view.store.findSnapshot(id);
      if (s.isPresent() && s.get().timeMillis() >= olderThanMillis) {
        return id;
      }
    }
    return Math.max(earliest, maxExclusive);
  }

  /**
   * Consumers last updated before this instant are expired ({@code consumer.expiration-time});
   * empty when the option is not set.
   */
  private Optional<Instant> staleConsumersBefore() {
    dev.lakeops.table.schema.TableOptions options = view.latestSchema().tableOptions();
    if (options.find(CONSUMER_EXPIRATION_TIME).isEmpty()) {
      return Optional.empty();
    }
    Duration ttl = options.duration(CONSUMER_EXPIRATION_TIME, Duration.ZERO);
    return Optional.of(view.clock.instant().minus(ttl));
  }

  static final String CONSUMER_EXPIRATION_TIME = "consumer.expiration-time";
}
