package dev.lakeops.runbooks.action;

import dev.lakeops.table.io.FileExistsException;
import dev.lakeops.table.io.FileIO;
import dev.lakeops.table.meta.Consumer;
import dev.lakeops.table.meta.Snapshot;
import dev.lakeops.table.meta.SnapshotHints;
import dev.lakeops.table.meta.SnapshotJson;
import dev.lakeops.table.meta.Tag;
import dev.lakeops.table.paths.TablePaths;
import dev.lakeops.table.system.TableMetadata;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code table.rollback_to}: makes a snapshot (or a tag's snapshot) the latest again and removes
 * every later snapshot, the tags on them and their long-lived changelogs, as Paimon's {@code
 * rollback_to} does.
 *
 * <p>One difference from the table engine's {@code Rollback}: undo tags ({@value
 * #UNDO_TAG_PREFIX}…) are kept, and no data file is deleted here. The engine removes every tag
 * newer than the target and then the files only they used, which would destroy the undo point taken
 * just before; here the undo tag keeps the old latest content readable, and files nothing
 * references any more are left to {@code table.remove_orphan_files} once the undo tag is deleted.
 */
final class RollbackToAction extends TableAction {

  static final Set<String> ARGS = Set.of("warehouse", "table", "snapshot", "tag");

  private final RollbackTarget target;

  RollbackToAction(ActionArgs args, ActionTargets targets, Instant asOf) {
    super(ActionKind.TABLE_ROLLBACK_TO, args.allowOnly(ARGS), targets, asOf);
    this.target = RollbackTarget.parse(args);
  }

  /** What a rollback to {@code targetId} removes, read from the live table. */
  private record Plan(
      long latest,
      Snapshot target,
      List<Long> snapshots,
      List<String> tags,
      List<Long> changelogs,
      List<String> consumersBehind) {}

  private Plan plan() {
    checkNoBranches();
    long latest = requireLatest();
    Snapshot t = target.resolve(table);
    if (t.id() > latest) {
      throw new ActionRefusedException(
          "Cannot roll back "
              + table.name()
              + " to "
              + target
              + " (snapshot "
              + t.id()
              + "): it is newer than the latest snapshot "
              + latest);
    }
    TableMetadata meta = new TableMetadata(table);
    List<Long> snapshots = new ArrayList<>();
    for (Snapshot s : meta.snapshots()) {
      if (s.id() > t.id()) {
        snapshots.add(s.id());
      }
    }
    snapshots.sort(java.util.Comparator.reverseOrder());
    List<String> tags = new ArrayList<>();
    for (Map.Entry<String, Tag> e : meta.tags().entrySet()) {
      if (e.getValue().snapshot().id() > t.id() && !e.getKey().startsWith(UNDO_TAG_PREFIX)) {
        tags.add(e.getKey());
      }
    }
    List<Long> changelogs = new ArrayList<>();
    for (Path p : table.io().list(table.paths().changelogDir())) {
      TablePaths.parseChangelogId(p.getFileName().toString())
          .ifPresent(
              id -> {
                if (id > t.id()) {
                  changelogs.add(id);
                }
              });
    }
    List<String> behind = new ArrayList<>();
    for (Map.Entry<String, Consumer> e : meta.consumers().entrySet()) {
      long next = e.getValue().nextSnapshot();
      if (next > t.id() + 1) {
        behind.add(
            e.getKey()
                + ": next snapshot "
                + next
                + " → "
                + (t.id() + 1)
                + " (snapshots "
                + (t.id() + 1)
                + ".."
                + (next - 1)
                + " it read are rewritten)");
      }
    }
    return new Plan(latest, t, snapshots, tags, changelogs, behind);
  }

  @Override
  public Preview preview() {
    Plan plan = plan();
    return new Preview(
        "roll "
            + table.name()
            + " back from snapshot "
            + plan.latest()
            + " to "
            + target
            + " (snapshot "
            + plan.target().id()
            + ")",
        items(plan),
        Map.of("snapshots removed", (long) plan.snapshots().size()));
  }

  private static Map<String, List<String>> items(Plan plan) {
    return Map.of(
        "snapshots removed", plan.snapshots().stream().map(String::valueOf).toList(),
        "tags removed", plan.tags(),
        "changelogs removed", plan.changelogs().stream().map(String::valueOf).toList(),
        "consumers going backwards", plan.consumersBehind());
  }

  @Override
  public ActionOutcome execute(ExecutionContext context) {
    Plan plan = plan();
    FileIO io = table.io();
    TablePaths paths = table.paths();
    long targetId = plan.target().id();
    boolean recreate = table.snapshotStore().findSnapshot(targetId).isEmpty();
    if (recreate) {
      try {
        io.createExclusively(
            paths.snapshotFile(targetId),
            SnapshotJson.toJson(plan.target()).getBytes(StandardCharsets.UTF_8));
      } catch (FileExistsException e) {
        throw new IllegalStateException(
            "Snapshot " + targetId + " of " + paths.root() + " appeared during the rollback", e);
      }
    }
    // Newest first: a crash leaves the table at a complete snapshot between the old latest and the
    // target.
    for (long id : plan.snapshots()) {
      io.delete(paths.snapshotFile(id));
    }
    SnapshotHints.write(io, paths.latestHint(), targetId);
    if (recreate) {
      SnapshotHints.write(io, paths.earliestHint(), targetId);
    }
    for (String tag : plan.tags()) {
      io.delete(paths.tagFile(tag));
    }
    for (long id : plan.changelogs()) {
      io.delete(paths.changelogFile(id));
    }
    long now = requireLatest();
    if (now != targetId) {
      throw new IllegalStateException(
          "A writer committed snapshot "
              + now
              + " to "
              + paths.root()
              + " during the rollback to snapshot "
              + targetId
              + "; removed snapshots "
              + plan.snapshots()
              + "; stop the writers and propose the rollback again");
    }
    return new ActionOutcome(
        "rolled " + table.name() + " back from snapshot " + plan.latest() + " to " + targetId,
        items(plan),
        Map.of("snapshots removed", (long) plan.snapshots().size()));
  }

  @Override
  public Verification verify(ActionOutcome outcome) {
    long targetId = target.resolve(table).id();
    List<Verification.Check> checks = new ArrayList<>();
    long latest = table.latestSnapshot().map(Snapshot::id).orElse(-1L);
    checks.add(
        new Verification.Check(
            latest == targetId, "latest snapshot is " + targetId + " (found " + latest + ")"));
    for (String id : outcome.items("snapshots removed")) {
      boolean gone = table.snapshotStore().findSnapshot(Long.parseLong(id)).isEmpty();
      checks.add(new Verification.Check(gone, "snapshot " + id + " is gone"));
    }
    Map<String, Tag> tags = new TableMetadata(table).tags();
    for (String tag : outcome.items("tags removed")) {
      checks.add(new Verification.Check(!tags.containsKey(tag), "tag " + tag + " is gone"));
    }
    checks.add(
        new Verification.Check(
            table.newScan().plan().findSnapshot().map(Snapshot::id).orElse(-1L) == targetId,
            "the table reads at snapshot " + targetId));
    return Verification.of(checks);
  }

  private void checkNoBranches() {
    if (!table.io().list(table.paths().root().resolve("branch")).isEmpty()) {
      throw new ActionRefusedException(
          "Cannot roll back " + table.paths().root() + ": the table has branches");
    }
  }
}
