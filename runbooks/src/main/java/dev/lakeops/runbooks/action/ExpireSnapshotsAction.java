package dev.lakeops.runbooks.action;

import dev.lakeops.table.maintenance.ExpirePlan;
import dev.lakeops.table.maintenance.ExpireReport;
import dev.lakeops.table.maintenance.ExpireRetention;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code table.expire_snapshots}: removes old snapshots and the files only they use. Retention
 * arguments default to the table's options: {@code retain-min}, {@code retain-max}, {@code
 * older-than} (a duration: snapshots younger than it are kept) and {@code max-deletes}. Age is
 * measured from the proposal's time, so the run removes what the preview showed.
 */
final class ExpireSnapshotsAction extends TableAction {

  static final Set<String> ARGS =
      Set.of("warehouse", "table", "retain-min", "retain-max", "older-than", "max-deletes");

  private final ExpireRetention retention;

  ExpireSnapshotsAction(ActionArgs args, ActionTargets targets, Instant asOf) {
    super(ActionKind.TABLE_EXPIRE_SNAPSHOTS, args.allowOnly(ARGS), targets, asOf);
    ExpireRetention defaults = ExpireRetention.of(table.options());
    int min = args.findPositiveInt("retain-min").orElse(defaults.minRetained());
    int max = args.findPositiveInt("retain-max").orElse(Math.max(min, defaults.maxRetained()));
    if (max < min) {
      throw args.invalid("retain-max", max + " (must be >= retain-min " + min + ")");
    }
    Duration olderThan = args.findDuration("older-than").orElse(defaults.timeRetained());
    int maxDeletes = args.findPositiveInt("max-deletes").orElse(defaults.maxExpires());
    this.retention = new ExpireRetention(min, max, olderThan, maxDeletes);
  }

  @Override
  public Preview preview() {
    ExpirePlan plan = maintenanceAsOf().planExpireSnapshots(retention);
    List<String> files = new ArrayList<>();
    long bytes = 0;
    for (Path p : plan.files()) {
      files.add(relative(p));
      bytes += table.io().exists(p) ? table.io().size(p) : 0;
    }
    files.sort(null);
    return new Preview(
        "expire "
            + plan.snapshotIds().size()
            + " snapshots of "
            + table.name()
            + " ("
            + files.size()
            + " files, "
            + bytes
            + " bytes) keeping "
            + retention.minRetained()
            + ".."
            + retention.maxRetained()
            + " snapshots younger than "
            + retention.timeRetained(),
        Map.of(
            "snapshots removed",
            plan.snapshotIds().stream().map(String::valueOf).toList(),
            "files removed",
            files),
        Map.of("files removed", (long) files.size(), "bytes removed", bytes));
  }

  @Override
  public ActionOutcome execute(ExecutionContext context) {
    ExpireReport report = maintenanceAsOf().expireSnapshots(retention);
    List<String> files = new ArrayList<>(report.deletedFiles().files());
    files.sort(null);
    return new ActionOutcome(
        "expired "
            + report.expiredSnapshotIds().size()
            + " snapshots of "
            + table.name()
            + " ("
            + files.size()
            + " files, "
            + report.deletedFiles().bytes()
            + " bytes"
            + (report.deletedFiles().failed().isEmpty()
                ? ""
                : "; failed to delete " + report.deletedFiles().failed())
            + ")",
        Map.of(
            "snapshots removed",
            report.expiredSnapshotIds().stream().map(String::valueOf).toList(),
            "files removed",
            files,
            "files not deleted",
            report.deletedFiles().failed()),
        Map.of(
            "files removed", (long) files.size(), "bytes removed", report.deletedFiles().bytes()));
  }

  @Override
  public Verification verify(ActionOutcome outcome) {
    List<Verification.Check> checks = new ArrayList<>();
    for (String id : outcome.items("snapshots removed")) {
      checks.add(
          new Verification.Check(
              table.snapshotStore().findSnapshot(Long.parseLong(id)).isEmpty(),
              "snapshot " + id + " is gone"));
    }
    for (String f : outcome.items("files removed")) {
      checks.add(
          new Verification.Check(
              !table.io().exists(table.paths().root().resolve(f)), "file " + f + " is gone"));
    }
    checks.add(readable());
    return Verification.of(checks);
  }

  /** Every file of the latest snapshot still exists. */
  Verification.Check readable() {
    return TableChecks.latestReadable(table);
  }
}
