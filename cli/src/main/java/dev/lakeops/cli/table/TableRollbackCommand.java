package dev.lakeops.cli.table;

import dev.lakeops.cli.common.CliErrors;
import dev.lakeops.cli.common.OutputOptions;
import dev.lakeops.table.Table;
import dev.lakeops.table.maintenance.RollbackPreview;
import dev.lakeops.table.maintenance.RollbackReport;
import dev.lakeops.table.maintenance.TableMaintenance;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code lakeops table rollback TABLE (--snapshot N | --tag T) [--as-latest] [--yes]}. The
 * destructive {@code rollback_to} removes later snapshots, their tags and files: without {@code
 * --yes} it only prints what would disappear and exits 1. {@code --as-latest} commits the old
 * content as a new snapshot and removes nothing.
 */
@Command(
    name = "rollback",
    mixinStandardHelpOptions = true,
    description =
        "Roll a table back to a snapshot or tag. Destructive (removes later snapshots, their tags"
            + " and files): refused without --yes, printing what would disappear. --as-latest"
            + " instead commits the old content as a new snapshot and removes nothing.")
final class TableRollbackCommand implements Callable<Integer> {

  /** Exit code when the destructive rollback was refused for want of {@code --yes}. */
  static final int REFUSED = 1;

  @Spec CommandSpec spec;
  @Mixin TableArgument table;
  @Mixin OutputOptions output;

  @ArgGroup(exclusive = true, multiplicity = "1")
  To to;

  static final class To {
    @Option(
        names = "--snapshot",
        paramLabel = "ID",
        description = "Snapshot to roll back to",
        required = true)
    Long snapshot;

    @Option(
        names = "--tag",
        paramLabel = "NAME",
        description = "Tag whose snapshot to roll back to",
        required = true)
    String tag;
  }

  @Option(
      names = "--as-latest",
      description = "Non-destructive: commit the target's content as a new snapshot")
  boolean asLatest;

  @Option(names = "--yes", description = "Perform the destructive rollback (without --as-latest)")
  boolean yes;

  @Override
  public Integer call() {
    if (to.snapshot != null && to.snapshot < 1) {
      throw new ParameterException(
          spec.commandLine(), "--snapshot " + to.snapshot + ": snapshot ids start at 1");
    }
    Table t = table.load(spec);
    TableMaintenance maintenance = new TableMaintenance(t.io(), t.paths());
    String what = to.snapshot != null ? "snapshot " + to.snapshot : "tag " + to.tag;
    Map<String, Object> result = new LinkedHashMap<>();
    result.put("table", table.name());
    result.put("mode", asLatest ? "rollback_to_as_latest" : "rollback_to");
    try {
      if (asLatest) {
        RollbackReport report =
            to.snapshot != null
                ? maintenance.rollbackToAsLatest(to.snapshot)
                : maintenance.rollbackToTagAsLatest(to.tag);
        putPerformed(result, report);
        result.put("newSnapshot", report.newSnapshotId());
        TableActionOutput.print(
            spec,
            output,
            result,
            "Rolled "
                + table.name()
                + " back to the content of "
                + what
                + " (snapshot "
                + report.targetSnapshotId()
                + ") as new snapshot "
                + report.newSnapshotId()
                + "; snapshots up to "
                + report.previousLatestId()
                + " and every tag stay.");
        return 0;
      }
      RollbackPreview preview =
          to.snapshot != null
              ? maintenance.previewRollbackTo(to.snapshot)
              : maintenance.previewRollbackToTag(to.tag);
      if (!yes) {
        result.put("performed", false);
        result.put(
            "refused", "rollback_to is destructive; pass --yes to perform it, or --as-latest");
        putPreview(result, preview);
        TableActionOutput.print(
            spec,
            output,
            result,
            "Refused: rolling "
                + table.name()
                + " back to "
                + what
                + " is destructive. Pass --yes to perform it, or use --as-latest to keep every"
                + " snapshot.\n"
                + "It would remove:\n"
                + previewText(preview));
        spec.commandLine()
            .getErr()
            .println(
                "lakeops: rollback of "
                    + table.name()
                    + " to "
                    + what
                    + " refused: destructive; pass --yes (or use --as-latest)");
        spec.commandLine().getErr().flush();
        return REFUSED;
      }
      RollbackReport report =
          to.snapshot != null
              ? maintenance.rollbackTo(to.snapshot)
              : maintenance.rollbackToTag(to.tag);
      putPerformed(result, report);
      result.put("removedSnapshots", report.removedSnapshotIds());
      result.put("removedTags", report.removedTags());
      result.put("deleted", TableActionOutput.files(report.deletedFiles()));
      TableActionOutput.print(
          spec,
          output,
          result,
          "Rolled "
              + table.name()
              + " back from snapshot "
              + report.previousLatestId()
              + " to "
              + report.targetSnapshotId()
              + ".\n"
              + "Removed snapshots: "
              + orNone(report.removedSnapshotIds())
              + "\n"
              + "Removed tags: "
              + orNone(report.removedTags())
              + "\n"
              + TableActionOutput.text(report.deletedFiles(), "deleted"));
      return 0;
    } catch (IllegalArgumentException | UnsupportedOperationException e) {
      throw CliErrors.badInput(spec, "rollback to " + what, e);
    }
  }

  private static void putPerformed(Map<String, Object> result, RollbackReport report) {
    result.put("performed", true);
    result.put("previousLatest", report.previousLatestId());
    result.put("target", report.targetSnapshotId());
  }

  private static void putPreview(Map<String, Object> result, RollbackPreview p) {
    result.put("latest", p.latestSnapshotId());
    result.put("target", p.targetSnapshotId());
    result.put("targetFromTag", p.targetFromTag());
    result.put("removedSnapshots", p.removedSnapshotIds());
    result.put("removedTags", p.removedTags());
    result.put("removedChangelogs", p.removedChangelogIds());
    result.put("consumersGoingBack", p.consumersGoingBack());
    result.put("wouldDelete", TableActionOutput.files(p.files()));
  }

  private static String previewText(RollbackPreview p) {
    StringBuilder s = new StringBuilder();
    s.append("  snapshots: ")
        .append(orNone(p.removedSnapshotIds()))
        .append(" (latest ")
        .append(p.latestSnapshotId())
        .append(", target ")
        .append(p.targetSnapshotId())
        .append(")\n");
    s.append("  tags: ").append(orNone(p.removedTags())).append("\n");
    if (!p.removedChangelogIds().isEmpty()) {
      s.append("  long-lived changelogs: ").append(p.removedChangelogIds()).append("\n");
    }
    if (!p.consumersGoingBack().isEmpty()) {
      s.append("  consumers that would read from snapshot ")
          .append(p.targetSnapshotId() + 1)
          .append(" again: ")
          .append(p.consumersGoingBack())
          .append("\n");
    }
    s.append("  ").append(TableActionOutput.text(p.files(), "would be deleted"));
    return s.toString();
  }

  private static String orNone(java.util.List<?> values) {
    return values.isEmpty() ? "none" : values.toString();
  }
}
