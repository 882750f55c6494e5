package dev.lakeops.table.maintenance;

import dev.lakeops.table.commit.CommitResult;
import dev.lakeops.table.commit.TableCommitter;
import dev.lakeops.table.io.FileExistsException;
import dev.lakeops.table.io.FileIO;
import dev.lakeops.table.meta.Snapshot;
import dev.lakeops.table.meta.SnapshotHints;
import dev.lakeops.table.meta.SnapshotJson;
import dev.lakeops.table.meta.Tag;
import dev.lakeops.table.paths.TablePaths;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Rolls a table back to an earlier snapshot or tag ({@code paimon-format.md} §16).
 *
 * <ul>
 *   <li>{@link #rollbackTo}/{@link #rollbackToTag} are destructive, like Paimon's {@code
 *       rollback_to}: later snapshots, their tags and long-lived changelogs are removed, then the
 *       files only they used. Snapshots are removed newest first, so a crash leaves the table at a
 *       complete snapshot between the old latest and the target. Must not run while writers commit:
 *       a snapshot published meanwhile is detected and reported, not undone.
 *   <li>{@link #rollbackToAsLatest}/{@link #rollbackToTagAsLatest} are not: they commit a new
 *       snapshot whose files are the target's, keeping every later snapshot and tag.
 * </ul>
 */
public final class Rollback {

  private static final Logger LOG = LoggerFactory.getLogger(Rollback.class);

  /** The commit user of snapshots committed by {@link #rollbackToAsLatest}. */
  public static final String COMMIT_USER = "lakeops-rollback";

  private final TableView view;

  public Rollback(FileIO io, TablePaths paths) {
    this(io, paths, Clock.systemDefaultZone());
  }

  public Rollback(FileIO io, TablePaths paths, Clock clock) {
    this.view = new TableView(io, paths, clock);
  }

  /**
   * Makes snapshot {@code snapshotId} the latest again (or, when it expired, the tag that holds
   * it), removing every later snapshot.
   *
   * @throws IllegalArgumentException neither a snapshot nor a tag with that id exists
   * @throws IllegalStateException a writer committed during the rollback
   */
  public RollbackReport rollbackTo(long snapshotId) {
    Optional<Snapshot> snapshot = view.store.findSnapshot(snapshotId);
    if (snapshot.isPresent()) {
      return rollback(snapshot.get());
    }
    return rollback(tagOf(snapshotId).snapshot());
  }

  /**
   * Makes the snapshot of tag {@code tagName} the latest, writing it back as a snapshot when it
   * expired, and removes every later snapshot.
   *
   * @throws IllegalArgumentException the tag does not exist
   * @throws IllegalStateException a writer committed during the rollback
   */
  public RollbackReport rollbackToTag(String tagName) {
    return rollback(tag(tagName).snapshot());
  }

  /**
   * Commits a new snapshot with the content of snapshot {@code snapshotId} (or of the tag holding
   * it); later snapshots and tags stay.
   *
   * @throws IllegalArgumentException neither a snapshot nor a tag with that id exists
   */
  public RollbackReport rollbackToAsLatest(long snapshotId) {
    Optional<Snapshot> snapshot = view.store.findSnapshot(snapshotId);
    return restore(snapshot.isPresent() ? snapshot.get() : tagOf(snapshotId).snapshot());
  }

  /**
   * Commits a new snapshot with the content of tag {@code tagName}; later snapshots and tags stay.
   *
   * @throws IllegalArgumentException the tag does not exist
   */
  public RollbackReport rollbackToTagAsLatest(String tagName) {
    return restore(tag(tagName).snapshot());
  }

  private RollbackReport restore(Snapshot target) {
    long latest = requireLatest();
    CommitResult result =
        TableCommitter.builder(view.io, view.paths, view.latestSchema())
            .clock(view.clock)
            .build()
            .commitRestore(target, COMMIT_USER);
    long newId = result.lastSnapshot().orElseThrow().id();
    LOG.info(
        "Rolled {} back to the content of snapshot {} as new snapshot {}",
        view.paths.root(),
        target.id(),
        newId);
    return new RollbackReport(latest, target.id(), List.of(), List.of(), newId, DeletedFiles.NONE);
  }

  /**
   * What {@link #rollbackTo} would remove now, without changing anything.
   *
   * @throws IllegalArgumentException neither a snapshot nor a tag with that id exists, or it is
   *     newer than the latest
   */
  public RollbackPreview previewRollbackTo(long snapshotId) {
    Optional<Snapshot> snapshot = view.store.findSnapshot(snapshotId);
    return plan(snapshot.isPresent() ? snapshot.get() : tagOf(snapshotId).snapshot()).preview(view);
  }

  /**
   * What {@link #rollbackToTag} would remove now, without changing anything.
   *
   * @throws IllegalArgumentException the tag does not exist
   */
  public RollbackPreview previewRollbackToTag(String tagName) {
    return plan(tag(tagName).snapshot()).preview(view);
  }

  /** A destructive rollback, computed: what stays and what goes. */
  private record Plan(
      long latest,
      Snapshot target,
      boolean recreate,
      List<Long> removedIds,
      List<String> removedTags,
      List<Long> removedChangelogIds,
      Map<String, Long> consumersGoingBack,
      List<Path> files) {

    RollbackPreview preview(TableView view) {
      return new RollbackPreview(
          latest,
          target.id(),
          recreate,
          removedIds,
          removedTags,
          removedChangelogIds,
          consumersGoingBack,
          FilesPreview.of(view.io, view.paths, files));
    }
  }

  private Plan plan(Snapshot target) {
    view.checkNoBranches("roll back");
    long latest = requireLatest();
    long targetId = target.id();
    if (targetId > latest) {
      throw new IllegalArgumentException(
          "Cannot roll back "
              + view.paths.root()
              + " to snapshot "
              + targetId
              + ": it is newer than the latest snapshot "
              + latest);
    }
    boolean recreate = view.store.findSnapshot(targetId).isEmpty();
    long earliest = view.earliestId().orElse(targetId);
    List<Snapshot> kept = recreate ? List.of(target) : view.snapshots(earliest, targetId);
    List<Snapshot> removed = view.snapshots(targetId + 1, latest);
    TreeMap<String, Tag> tags = view.tags();
    TreeMap<Long, Snapshot> changelogs = view.changelogs();

    FileUsage usage = new FileUsage(view, view.locator());
    Set<Path> used = new HashSet<>();
    for (Snapshot s : kept) {
      usage.addMetadata(s, used);
    }
    usage.addDataOfRun(kept, used);
    Set<Path> candidates = new HashSet<>();
    for (Snapshot s : removed) {
      usage.addMetadata(s, candidates);
    }
    usage.addDataOfRun(removed, candidates);
    List<String> removedTags = new ArrayList<>();
    for (Map.Entry<String, Tag> e : tags.entrySet()) {
      if (e.getValue().snapshot().id() > targetId) {
        removedTags.add(e.getKey());
        usage.addTag(e.getValue(), candidates);
      } else {
        usage.addTag(e.getValue(), used);
      }
    }
    List<Long> removedChangelogs = new ArrayList<>();
    for (Map.Entry<Long, Snapshot> e : changelogs.entrySet()) {
      boolean goes = e.getKey() > targetId;
      usage.addLongLivedChangelog(e.getValue(), goes ? candidates : used);
      if (goes) {
        removedChangelogs.add(e.getKey());
      }
    }
    candidates.removeAll(used);
    List<Path> files = new ArrayList<>(candidates);
    files.sort(null);
    List<Long> removedIds = new ArrayList<>();
    for (int i = removed.size() - 1; i >= 0; i--) {
      removedIds.add(removed.get(i).id());
    }
    Map<String, Long> consumers = new TreeMap<>();
    view.consumersById()
        .forEach(
            (id, c) -> {
              if (c.nextSnapshot() > targetId + 1) {
                consumers.put(id, c.nextSnapshot());
              }
            });
    return new Plan(
        latest, target, recreate, removedIds, removedTags, removedChangelogs, consumers, files);
  }

  private RollbackReport rollback(Snapshot target) {
    Plan plan = plan(target);
    long targetId = target.id();
    if (plan.recreate()) {
      try {
        view.io.createExclusively(
            view.paths.snapshotFile(targetId),
            SnapshotJson.toJson(target).getBytes(StandardCharsets.UTF_8));
      } catch (FileExistsException e) {
        throw new IllegalStateException(
            "Snapshot "
                + targetId
                + " of "
                + view.paths.root()
                + " appeared during the rollback; is another rollback running?",
            e);
      }
    }
    List<Long> removedIds = new ArrayList<>();
    for (long id : plan.removedIds()) {
      view.io.delete(view.paths.snapshotFile(id));
      removedIds.add(id);
    }
    SnapshotHints.write(view.io, view.paths.latestHint(), targetId);
    if (plan.recreate()) {
      SnapshotHints.write(view.io, view.paths.earliestHint(), targetId);
    }
    for (String tag : plan.removedTags()) {
      view.io.delete(view.paths.tagFile(tag));
    }
    for (long id : plan.removedChangelogIds()) {
      view.io.delete(view.paths.changelogFile(id));
    }
    OptionalLong now = view.latestId();
    if (now.isPresent() && now.getAsLong() != targetId) {
      throw new IllegalStateException(
          "A writer committed snapshot "
              + now.getAsLong()
              + " to "
              + view.paths.root()
              + " during the rollback to snapshot "
              + targetId
              + "; removed snapshots "
              + removedIds
              + " and kept the files; stop the writers and roll back again");
    }
    DeletedFiles deleted = FileDeleter.delete(view.io, view.paths, plan.files());
    LOG.info(
        "Rolled {} back from snapshot {} to {}: removed snapshots {}, tags {}, {} files ({} bytes)",
        view.paths.root(),
        plan.latest(),
        targetId,
        removedIds,
        plan.removedTags(),
        deleted.count(),
        deleted.bytes());
    return new RollbackReport(
        plan.latest(), targetId, removedIds, plan.removedTags(), null, deleted);
  }

  private long requireLatest() {
    return view.latestId()
        .orElseThrow(
            () ->
                new IllegalArgumentException(
                    "Cannot roll back " + view.paths.root() + ": it has no snapshots"));
  }

  private Tag tag(String name) {
    return view.findTag(name)
        .orElseThrow(
            () ->
                new IllegalArgumentException(
                    "Tag '"
                        + name
                        + "' does not exist in "
                        + view.paths.root()
                        + " (tags: "
                        + view.tags().keySet()
                        + ")"));
  }

  private Tag tagOf(long snapshotId) {
    return view.tags().values().stream()
        .filter(t -> t.snapshot().id() == snapshotId)
        .findFirst()
        .orElseThrow(
            () ->
                new IllegalArgumentException(
                    "Snapshot "
                        + snapshotId
                        + " of "
                        + view.paths.root()
                        + " does not exist (snapshots "
                        + view.earliestId()
                        + ".."
                        + view.latestId()
                        + ") and no tag holds it"));
  }
}
