package dev.lakeops.runbooks.action;

import dev.lakeops.table.maintenance.RollbackReport;
import dev.lakeops.table.meta.Snapshot;
import dev.lakeops.table.meta.Tag;
import dev.lakeops.table.system.TableMetadata;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code table.rollback_to_as_latest}: commits a new snapshot with the content of a snapshot or
 * tag; every later snapshot and tag stays, so the rollback itself can be rolled back.
 */
final class RollbackToAsLatestAction extends TableAction {

  static final Set<String> ARGS = Set.of("warehouse", "table", "snapshot", "tag");

  private final RollbackTarget target;

  RollbackToAsLatestAction(ActionArgs args, ActionTargets targets, Instant asOf) {
    super(ActionKind.TABLE_ROLLBACK_TO_AS_LATEST, args.allowOnly(ARGS), targets, asOf);
    this.target = RollbackTarget.parse(args);
  }

  /**
   * The latest snapshot and the schema, and the target tag's snapshot when rolling back to a tag;
   * not the other tags: this action removes none, so a tag taken just before it (the undo tag a
   * triage proposes together with the rollback) changes nothing it does and does not make it stale.
   */
  @Override
  public Fingerprint fingerprint() {
    Map<String, String> values = new LinkedHashMap<>(super.fingerprint().values());
    values.remove("tags");
    if (target.tag() != null) {
      Tag tag = new TableMetadata(table).tags().get(target.tag());
      values.put(
          "tag " + target.tag(), tag == null ? "missing" : Long.toString(tag.snapshot().id()));
    }
    return Fingerprint.of(values);
  }

  @Override
  public Preview preview() {
    long latest = requireLatest();
    Snapshot t = target.resolve(table);
    return new Preview(
        "commit snapshot "
            + (latest + 1)
            + " of "
            + table.name()
            + " with the content of "
            + target
            + " (snapshot "
            + t.id()
            + "); snapshots and tags stay",
        Map.of(
            "snapshots created",
            List.of(String.valueOf(latest + 1)),
            "snapshots removed",
            List.of(),
            "tags removed",
            List.of()),
        Map.of());
  }

  @Override
  public ActionOutcome execute(ExecutionContext context) {
    RollbackReport report =
        target.tag() != null
            ? maintenance().rollbackToTagAsLatest(target.tag())
            : maintenance().rollbackToAsLatest(target.snapshotId());
    return new ActionOutcome(
        "committed snapshot "
            + report.newSnapshotId()
            + " with the content of snapshot "
            + report.targetSnapshotId(),
        Map.of(
            "snapshots created",
            List.of(String.valueOf(report.newSnapshotId())),
            "snapshots removed",
            report.removedSnapshotIds().stream().map(String::valueOf).toList(),
            "tags removed",
            report.removedTags()),
        Map.of());
  }

  @Override
  public Verification verify(ActionOutcome outcome) {
    List<Verification.Check> checks = new ArrayList<>();
    long created = Long.parseLong(outcome.items("snapshots created").get(0));
    long latest = table.latestSnapshot().map(Snapshot::id).orElse(-1L);
    checks.add(
        new Verification.Check(
            latest == created, "latest snapshot is " + created + " (found " + latest + ")"));
    Snapshot t = target.resolve(table);
    Snapshot now = table.snapshotStore().findSnapshot(created).orElse(null);
    checks.add(
        new Verification.Check(
            now != null && java.util.Objects.equals(now.totalRecordCount(), t.totalRecordCount()),
            "snapshot "
                + created
                + " holds "
                + t.totalRecordCount()
                + " records like snapshot "
                + t.id()
                + " (found "
                + (now == null ? "no snapshot" : now.totalRecordCount())
                + ")"));
    return Verification.of(checks);
  }
}
