package dev.lakeops.table.commit;

import static java.util.Objects.requireNonNull;

import dev.lakeops.table.io.FileIO;
import dev.lakeops.table.meta.CommitKind;
import dev.lakeops.table.meta.DataFileMeta;
import dev.lakeops.table.meta.FileIdentifier;
import dev.lakeops.table.meta.FileKind;
import dev.lakeops.table.meta.IndexManifestEntry;
import dev.lakeops.table.meta.ManifestEntry;
import dev.lakeops.table.meta.ManifestFiles;
import dev.lakeops.table.meta.Snapshot;
import dev.lakeops.table.paths.FileNamer;
import dev.lakeops.table.paths.TablePaths;
import dev.lakeops.table.schema.TableSchema;
import java.io.UncheckedIOException;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Commits change sets to one table with optimistic concurrency ({@code paimon-format.md} §14): each
 * attempt reads the latest snapshot, checks that the changes still apply, writes the next
 * snapshot's manifests and publishes it; when another writer took the id first, the attempt's
 * manifests are deleted and the commit retries against the new latest snapshot as {@link
 * RetryPolicy} allows.
 *
 * <p>Guarantees:
 *
 * <ul>
 *   <li>A commit returns only after its snapshots exist; ids stay dense, and no commit of any
 *       writer, in any process, is lost or overwritten.
 *   <li>{@link ConflictingChangesException}: the changes no longer apply (a file to delete is
 *       gone); nothing was published for that snapshot. Not retried.
 *   <li>{@link CommitConflictException} after the retries: nothing was published for that snapshot.
 *   <li>{@link CommitStateUnknownException}: a snapshot may have been published; every file is
 *       kept. Before giving up, the committer looks for its own snapshot and returns it when found.
 *   <li>{@link #filterAndCommit} commits only change sets whose identifier is newer than the commit
 *       user's latest snapshot, so replaying after a failover writes nothing twice.
 * </ul>
 *
 * <p>A change set with new files and a compaction becomes two snapshots with the same identifier:
 * APPEND (new files, and the changelog), then COMPACT (as Paimon does). Thread-safe; a table may
 * have any number of committers in any number of processes.
 */
public final class TableCommitter {

  private static final Logger LOG = LoggerFactory.getLogger(TableCommitter.class);
  static final String IGNORE_EMPTY_COMMIT = "snapshot.ignore-empty-commit";

  private final SnapshotStore store;
  private final CommitPlanner planner;
  private final CommitValidator validator;
  private final RetryPolicy retryPolicy;
  private final CommitRecovery recovery;
  private final SnapshotFiles files;
  private final FileIO io;
  private final DataFileLocator locator;
  private final String dataFilePrefix;
  private final @Nullable Boolean ignoreEmptyCommit;

  private TableCommitter(Builder b) {
    ManifestFiles manifests = new ManifestFiles(b.io, b.paths);
    this.io = b.io;
    this.locator = new DataFileLocator(b.paths, b.schema);
    this.dataFilePrefix = b.schema.tableOptions().dataFilePrefix();
    this.files = new SnapshotFiles(manifests);
    this.store = b.store != null ? b.store : new FileSystemSnapshotStore(b.io, b.paths);
    this.planner = new CommitPlanner(files, b.schema, FileNamer.random(), b.clock);
    this.validator = new CommitValidator(files, locator, b.schema);
    this.retryPolicy =
        b.retryPolicy != null ? b.retryPolicy : RetryPolicy.of(b.schema.tableOptions());
    this.recovery = new CommitRecovery(store, b.io, locator);
    this.ignoreEmptyCommit =
        b.schema.tableOptions().find(IGNORE_EMPTY_COMMIT).isPresent()
            ? b.schema.tableOptions().bool(IGNORE_EMPTY_COMMIT, false)
            : null;
  }

  /** A committer on the table's own snapshot files, with the retry policy of the table options. */
  public static TableCommitter create(FileIO io, TablePaths paths, TableSchema schema) {
    return builder(io, paths, schema).build();
  }

  /**
   * @param schema the schema the committed files were written with
   */
  public static Builder builder(FileIO io, TablePaths paths, TableSchema schema) {
    return new Builder(io, paths, schema);
  }

  /**
   * Configures a {@link TableCommitter}; defaults: {@link FileSystemSnapshotStore}, the options'
   * retry policy, the UTC clock.
   */
  public static final class Builder {
    private final FileIO io;
    private final TablePaths paths;
    private final TableSchema schema;
    private SnapshotStore store;
    private RetryPolicy retryPolicy;
    private Clock clock = Clock.systemUTC();

    private Builder(FileIO io, TablePaths paths, TableSchema schema) {
      this.io = requireNonNull(io, "io");
      this.paths = requireNonNull(paths, "paths");
      this.schema = requireNonNull(schema, "schema");
    }

    public Builder store(SnapshotStore value) {
      store = requireNonNull(value, "store");
      return this;
    }

    public Builder retryPolicy(RetryPolicy value) {
      retryPolicy = requireNonNull(value, "retryPolicy");
      return this;
    }

    public Builder clock(Clock value) {
      clock = requireNonNull(value, "clock");
      return this;
    }

    public TableCommitter build() {
      return new TableCommitter(this);
    }
  }

  /** The store this committer publishes to. */
  public SnapshotStore store() {
    return store;
  }

  /**
   * Commits new files as an APPEND snapshot and a compaction as a COMPACT snapshot. An empty change
   * set makes an empty APPEND snapshot for a streaming identifier and nothing for a batch one
   * ({@code snapshot.ignore-empty-commit} decides when set).
   *
   * @throws ConflictingChangesException a file the compaction deletes is no longer live, or another
   *     of Paimon's conflict rules fails; the APPEND snapshot, if any, is already committed
   * @throws CommitConflictException other writers kept taking the next id until retries ran out
   * @throws CommitStateUnknownException the outcome of a publish cannot be known
   */
  public CommitResult commit(ChangeSet changes) {
    return commit(changes, false);
  }

  private CommitResult commit(ChangeSet changes, boolean checkAdds) {
    requireNonNull(changes, "changes");
    List<ManifestEntry> appended = new ArrayList<>();
    List<ManifestEntry> compacted = new ArrayList<>();
    List<ManifestEntry> changelog = new ArrayList<>();
    List<ManifestEntry> compactChangelog = new ArrayList<>();
    List<IndexManifestEntry> appendIndex = new ArrayList<>();
    List<IndexManifestEntry> compactIndex = new ArrayList<>();
    for (BucketChange c : changes.changes()) {
      c.newFiles().forEach(f -> appended.add(entry(FileKind.ADD, c, f)));
      c.compactBefore().forEach(f -> compacted.add(entry(FileKind.DELETE, c, f)));
      c.compactAfter().forEach(f -> compacted.add(entry(FileKind.ADD, c, f)));
      c.changelogFiles().forEach(f -> changelog.add(entry(FileKind.ADD, c, f)));
      c.compactChangelogFiles().forEach(f -> compactChangelog.add(entry(FileKind.ADD, c, f)));
      indexEntries(c, c.newIndexFiles(), appendIndex);
      indexEntries(c, c.compactIndexFiles(), compactIndex);
    }
    List<Snapshot> snapshots = new ArrayList<>(2);
    int attempts = 0;
    boolean compactSnapshot =
        !compacted.isEmpty() || !compactChangelog.isEmpty() || !compactIndex.isEmpty();
    boolean appendSnapshot =
        !appended.isEmpty()
            || !appendIndex.isEmpty()
            || (!compactSnapshot && (!changelog.isEmpty() || !ignoreEmpty(changes)));
    if (appendSnapshot) {
      Landed landed =
          commitWithRetries(
              CommitIntent.of(
                  CommitKind.APPEND,
                  changes.commitUser(),
                  changes.commitIdentifier(),
                  appended,
                  changelog,
                  appendIndex,
                  checkAdds));
      snapshots.add(landed.snapshot);
      attempts += landed.attempts;
    }
    if (compactSnapshot) {
      List<ManifestEntry> compactionChangelog = new ArrayList<>();
      if (!appendSnapshot) {
        compactionChangelog.addAll(changelog);
      }
      compactionChangelog.addAll(compactChangelog);
      Landed landed;
      try {
        landed =
            commitWithRetries(
                CommitIntent.of(
                    CommitKind.COMPACT,
                    changes.commitUser(),
                    changes.commitIdentifier(),
                    compacted,
                    compactionChangelog,
                    compactIndex,
                    true));
      } catch (ConflictingChangesException e) {
        if (snapshots.isEmpty()) {
          throw e;
        }
        throw new ConflictingChangesException(
            e.conflict(),
            "The new files of commit "
                + changes.commitIdentifier()
                + " are committed as snapshot "
                + snapshots.get(0).id()
                + "; its compaction is not: "
                + e.getMessage(),
            e.fileNames());
      }
      snapshots.add(landed.snapshot);
      attempts += landed.attempts;
    }
    return new CommitResult(changes.commitUser(), changes.commitIdentifier(), snapshots, attempts);
  }

  private static void indexEntries(
      BucketChange c, BucketChange.IndexChanges changes, List<IndexManifestEntry> out) {
    changes
        .deleted()
        .forEach(
            f -> out.add(IndexManifestEntry.of(FileKind.DELETE, c.partition(), c.bucket(), f)));
    changes
        .added()
        .forEach(f -> out.add(IndexManifestEntry.of(FileKind.ADD, c.partition(), c.bucket(), f)));
  }

  /**
   * Commits an OVERWRITE snapshot: every file live in the partitions {@code partitions} matches, at
   * the moment the snapshot lands, is deleted, and the new files of {@code changes} are added
   * (Paimon's {@code INSERT OVERWRITE}; with no new files it truncates those partitions).
   *
   * @throws IllegalArgumentException {@code changes} holds a compaction
   * @throws ConflictingChangesException a new file is already live
   * @throws CommitConflictException other writers kept taking the next id until retries ran out
   * @throws CommitStateUnknownException the outcome of a publish cannot be known
   */
  public CommitResult commitOverwrite(ChangeSet changes, PartitionFilter partitions) {
    requireNonNull(changes, "changes");
    requireNonNull(partitions, "partitions");
    List<ManifestEntry> added = new ArrayList<>();
    List<ManifestEntry> changelog = new ArrayList<>();
    List<IndexManifestEntry> newIndex = new ArrayList<>();
    for (BucketChange c : changes.changes()) {
      if (c.hasCompaction()) {
        throw new IllegalArgumentException(
            "Invalid overwrite of commit "
                + changes.commitIdentifier()
                + ": bucket "
                + c.bucket()
                + " holds a compaction; an overwrite only adds new files");
      }
      c.newFiles().forEach(f -> added.add(entry(FileKind.ADD, c, f)));
      c.changelogFiles().forEach(f -> changelog.add(entry(FileKind.ADD, c, f)));
      indexEntries(c, c.newIndexFiles(), newIndex);
    }
    CommitIntent intent =
        new CommitIntent(
            CommitKind.OVERWRITE,
            changes.commitUser(),
            changes.commitIdentifier(),
            base -> {
              // A new file that is live already stays: deleting and re-adding one identity would
              // make
              // Paimon readers drop it.
              Map<FileIdentifier, ManifestEntry> adds = new LinkedHashMap<>();
              added.forEach(e -> adds.put(e.identifier(), e));
              List<ManifestEntry> delta = new ArrayList<>();
              if (base.isPresent()) {
                for (ManifestEntry e : files.liveFiles(base.get()).files()) {
                  if (adds.remove(e.identifier()) == null && partitions.matches(e.partition())) {
                    delta.add(
                        new ManifestEntry(
                            FileKind.DELETE,
                            e.partition(),
                            e.bucket(),
                            e.totalBuckets(),
                            e.file()));
                  }
                }
              }
              delta.addAll(adds.values());
              return delta;
            },
            changelog,
            true,
            null,
            base -> {
              // As Paimon: the index files of the overwritten partitions go with their data files.
              List<IndexManifestEntry> index = new ArrayList<>();
              if (base.isPresent() && base.get().indexManifest() != null) {
                for (IndexManifestEntry e :
                    files.manifests().readIndexManifest(base.get().indexManifest())) {
                  if (partitions.matches(e.partition())) {
                    index.add(e.withKind(FileKind.DELETE));
                  }
                }
              }
              index.addAll(newIndex);
              return index;
            });
    Landed landed = commitWithRetries(intent);
    return new CommitResult(
        changes.commitUser(),
        changes.commitIdentifier(),
        List.of(landed.snapshot),
        landed.attempts);
  }

  /**
   * Commits a new OVERWRITE snapshot whose live files and index are those of {@code target}: the
   * non-destructive rollback ({@code rollback_to_as_latest}). Later snapshots and tags stay. Files
   * of {@code target} that are no longer live are copied to new names first, because Paimon readers
   * never take back a file identity that was deleted (see {@code RestoredFiles}).
   *
   * @throws UnsupportedOperationException files must be copied but {@code target} has an index
   *     manifest (deletion vectors and hash indexes name data files), or a file lives outside the
   *     table
   * @throws CommitConflictException other writers kept taking the next id until retries ran out
   * @throws CommitStateUnknownException the outcome of a publish cannot be known
   */
  public CommitResult commitRestore(Snapshot target, String commitUser) {
    requireNonNull(target, "target");
    Map<FileIdentifier, ManifestEntry> wanted = new LinkedHashMap<>();
    files.liveFiles(target).files().forEach(e -> wanted.put(e.identifier(), e));
    RestoredFiles restored = new RestoredFiles(io, locator, dataFilePrefix);
    CommitIntent intent =
        new CommitIntent(
            CommitKind.OVERWRITE,
            commitUser,
            Snapshot.BATCH_COMMIT_IDENTIFIER,
            base -> {
              Map<FileIdentifier, ManifestEntry> live = new LinkedHashMap<>();
              base.ifPresent(
                  s -> files.liveFiles(s).files().forEach(e -> live.put(e.identifier(), e)));
              List<ManifestEntry> delta = new ArrayList<>();
              for (ManifestEntry e : live.values()) {
                if (!wanted.containsKey(e.identifier())) {
                  delta.add(
                      new ManifestEntry(
                          FileKind.DELETE, e.partition(), e.bucket(), e.totalBuckets(), e.file()));
                }
              }
              List<ManifestEntry> gone =
                  wanted.values().stream().filter(e -> !live.containsKey(e.identifier())).toList();
              if (!gone.isEmpty() && target.indexManifest() != null) {
                throw new UnsupportedOperationException(
                    "Cannot restore snapshot "
                        + target.id()
                        + ": "
                        + gone.size()
                        + " of its data files must be copied, and its index manifest "
                        + target.indexManifest()
                        + " names data files");
              }
              gone.forEach(e -> delta.add(restored.copyOf(e)));
              return delta;
            },
            List.of(),
            true,
            target,
            CommitIntent.IndexDelta.NONE);
    Landed landed = commitWithRetries(intent);
    return new CommitResult(
        commitUser, Snapshot.BATCH_COMMIT_IDENTIFIER, List.of(landed.snapshot), landed.attempts);
  }

  /**
   * Commits the change sets not yet committed, in identifier order: those whose identifier is
   * greater than that of the commit user's latest snapshot (Paimon's {@code filterAndCommit}, the
   * path to take after a restart). Change sets already committed are skipped; replaying only
   * committed ones writes nothing. The files of the remaining change sets must exist, and none of
   * them may add a file that is already live.
   *
   * @return the results of the change sets committed now, in order
   * @throws IllegalArgumentException the change sets have different commit users
   * @throws IllegalStateException a file a remaining change set adds no longer exists
   */
  public List<CommitResult> filterAndCommit(List<ChangeSet> changeSets) {
    if (changeSets.isEmpty()) {
      return List.of();
    }
    String user = changeSets.get(0).commitUser();
    for (ChangeSet c : changeSets) {
      if (!c.commitUser().equals(user)) {
        throw new IllegalArgumentException(
            "Invalid change sets: commit users "
                + user
                + " and "
                + c.commitUser()
                + " differ (filterAndCommit recovers one writer)");
      }
    }
    long committed = recovery.latestOf(user).map(Snapshot::commitIdentifier).orElse(Long.MIN_VALUE);
    List<ChangeSet> remaining =
        changeSets.stream()
            .filter(c -> c.commitIdentifier() > committed)
            .sorted(Comparator.comparingLong(ChangeSet::commitIdentifier))
            .toList();
    if (remaining.size() < changeSets.size()) {
      LOG.info(
          "Skipping {} change set(s) of commit user {} already committed (up to identifier {})",
          changeSets.size() - remaining.size(),
          user,
          committed);
    }
    remaining.forEach(recovery::checkFilesExist);
    List<CommitResult> results = new ArrayList<>(remaining.size());
    for (ChangeSet c : remaining) {
      results.add(commit(c, true));
    }
    return results;
  }

  /**
   * The identifier of {@code commitUser}'s latest snapshot, empty when it has none (or they
   * expired): what a writer restoring that user's state waits for before it reads the table.
   */
  public OptionalLong latestCommittedIdentifier(String commitUser) {
    return recovery
        .latestOf(commitUser)
        .map(s -> OptionalLong.of(s.commitIdentifier()))
        .orElse(OptionalLong.empty());
  }

  private record Landed(Snapshot snapshot, int attempts) {}

  private Landed commitWithRetries(CommitIntent intent) {
    long start = System.nanoTime();
    for (int attempt = 1; ; attempt++) {
      Optional<Snapshot> base = store.latest();
      PlannedCommit planned;
      try {
        List<ManifestEntry> delta = intent.delta().entries(base);
        validator.check(base, intent.kind(), delta, intent.checkAdds());
        planned = planner.plan(base, intent, delta);
      } catch (UncheckedIOException e) {
        // Expiration may delete the metadata of a snapshot once a newer one exists; then this
        // attempt's base is stale anyway and the commit retries like after losing the id.
        Optional<Snapshot> now = store.latest();
        if (base.isEmpty() || now.isEmpty() || now.get().id() == base.get().id()) {
          throw e;
        }
        retryPolicy.pauseOrThrow(
            attempt,
            Duration.ofNanos(System.nanoTime() - start),
            new CommitConflictException(
                base.get().id() + 1,
                "Snapshot "
                    + base.get().id()
                    + " was superseded and its metadata removed while "
                    + "planning: "
                    + e.getMessage(),
                e));
        continue;
      }
      Snapshot next = planned.snapshot();
      try {
        store.publish(next);
        return new Landed(next, attempt);
      } catch (CommitConflictException e) {
        // Safe: this attempt's snapshot was not published. Only its manifests and manifest lists
        // go; the data files belong to the change set and the next attempt reuses them.
        planner.deleteQuietly(planned.writtenManifestFiles());
        LOG.debug(
            "Snapshot {} was taken by another writer; attempt {} of commit {} of {} retries",
            next.id(),
            attempt,
            intent.commitIdentifier(),
            intent.commitUser());
        retryPolicy.pauseOrThrow(attempt, Duration.ofNanos(System.nanoTime() - start), e);
      } catch (CommitStateUnknownException e) {
        Optional<Snapshot> own = settleUnknown(base, planned, intent, e);
        if (own.isPresent()) {
          return new Landed(own.get(), attempt);
        }
        retryPolicy.pauseOrThrow(
            attempt,
            Duration.ofNanos(System.nanoTime() - start),
            new CommitConflictException(
                next.id(),
                "Snapshot " + next.id() + " was taken by another writer while publishing failed",
                e));
      }
    }
  }

  /**
   * After a publish whose outcome is unknown: returns this attempt's snapshot when it was
   * published; returns empty (after deleting the attempt's manifests) when another writer's
   * snapshot holds the id, so this attempt's can never appear; otherwise rethrows {@code unknown},
   * keeping every file.
   */
  private Optional<Snapshot> settleUnknown(
      Optional<Snapshot> base,
      PlannedCommit planned,
      CommitIntent intent,
      CommitStateUnknownException unknown) {
    Snapshot next = planned.snapshot();
    Optional<Snapshot> atId;
    try {
      Optional<Snapshot> own =
          recovery.findCommitted(
              base.map(Snapshot::id).orElse(0L),
              intent.commitUser(),
              intent.commitIdentifier(),
              intent.kind());
      if (own.isPresent()) {
        LOG.warn(
            "Publishing snapshot {} reported an unknown outcome, but it is published as snapshot"
                + " {}",
            next.id(),
            own.get().id(),
            unknown);
        return own;
      }
      atId = store.findSnapshot(next.id());
    } catch (RuntimeException e) {
      unknown.addSuppressed(e);
      throw unknown;
    }
    if (atId.isEmpty()) {
      throw unknown;
    }
    planner.deleteQuietly(planned.writtenManifestFiles());
    return Optional.empty();
  }

  private boolean ignoreEmpty(ChangeSet changes) {
    return ignoreEmptyCommit != null
        ? ignoreEmptyCommit
        : changes.commitIdentifier() == Snapshot.BATCH_COMMIT_IDENTIFIER;
  }

  private static ManifestEntry entry(FileKind kind, BucketChange change, DataFileMeta file) {
    return new ManifestEntry(
        kind, change.partition(), change.bucket(), change.totalBuckets(), file);
  }
}
