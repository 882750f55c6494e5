package dev.lakeops.runbooks.action;

import dev.lakeops.table.maintenance.OrphanFiles;
import dev.lakeops.table.maintenance.OrphanReport;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code table.remove_orphan_files}: deletes files no snapshot, tag or changelog references and
 * that were last modified more than {@code older-than} (default a day, as Paimon) before the
 * proposal: files written after the proposal are never candidates, so the run removes at most what
 * the preview showed.
 */
final class RemoveOrphanFilesAction extends TableAction {

  static final Set<String> ARGS = Set.of("warehouse", "table", "older-than");

  private final Instant cutoff;

  RemoveOrphanFilesAction(ActionArgs args, ActionTargets targets, Instant asOf) {
    super(ActionKind.TABLE_REMOVE_ORPHAN_FILES, args.allowOnly(ARGS), targets, asOf);
    Duration margin = args.findDuration("older-than").orElse(OrphanFiles.DEFAULT_MARGIN);
    this.cutoff = asOf.minus(margin);
  }

  @Override
  public Preview preview() {
    List<String> files = new ArrayList<>();
    long bytes = 0;
    for (Path p : new OrphanFiles(table.io(), table.paths()).find(cutoff)) {
      files.add(relative(p));
      bytes += table.io().size(p);
    }
    files.sort(null);
    return new Preview(
        "remove "
            + files.size()
            + " orphan files ("
            + bytes
            + " bytes) of "
            + table.name()
            + " last modified before "
            + cutoff,
        Map.of("files removed", files),
        Map.of("files removed", (long) files.size(), "bytes removed", bytes));
  }

  @Override
  public ActionOutcome execute(ExecutionContext context) {
    OrphanReport report = maintenance().removeOrphanFiles(cutoff);
    List<String> files = new ArrayList<>(report.deletedFiles().files());
    files.sort(null);
    return new ActionOutcome(
        "removed "
            + files.size()
            + " orphan files ("
            + report.deletedFiles().bytes()
            + " bytes) of "
            + table.name(),
        Map.of("files removed", files, "files not deleted", report.deletedFiles().failed()),
        Map.of(
            "files removed", (long) files.size(), "bytes removed", report.deletedFiles().bytes()));
  }

  @Override
  public Verification verify(ActionOutcome outcome) {
    List<Verification.Check> checks = new ArrayList<>();
    for (String f : outcome.items("files removed")) {
      checks.add(
          new Verification.Check(
              !table.io().exists(table.paths().root().resolve(f)), "file " + f + " is gone"));
    }
    checks.add(TableChecks.latestReadable(table));
    return Verification.of(checks);
  }
}
