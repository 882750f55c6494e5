package dev.lakeops.cli.table;

import dev.lakeops.cli.common.CliErrors;
import dev.lakeops.cli.common.OutputOptions;
import dev.lakeops.table.Table;
import dev.lakeops.table.maintenance.OrphanPreview;
import dev.lakeops.table.maintenance.OrphanReport;
import dev.lakeops.table.maintenance.TableMaintenance;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code lakeops table orphans TABLE}: files no snapshot, tag or changelog references, older than a
 * safety margin (a commit in flight has written files its snapshot does not name yet). Lists them
 * by default; {@code --delete} removes them.
 */
@Command(
    name = "orphans",
    mixinStandardHelpOptions = true,
    description =
        "List (default) or --delete files no snapshot, tag or changelog references, last modified "
            + "before --older-than (default 1d, longer than any commit takes).")
final class TableOrphansCommand implements Callable<Integer> {

  @Spec CommandSpec spec;
  @Mixin TableArgument table;
  @Mixin OutputOptions output;

  @Option(
      names = "--older-than",
      paramLabel = "DURATION",
      converter = TableDurationConverter.class,
      defaultValue = "1d",
      description = "Only files last modified more than DURATION ago (default ${DEFAULT-VALUE})")
  Duration olderThan;

  @Option(
      names = "--dry-run",
      negatable = true,
      defaultValue = "true",
      fallbackValue = "true",
      description = "List the orphans without deleting them (the default)")
  boolean dryRun;

  @Option(names = "--delete", description = "Delete the orphans")
  boolean delete;

  @Override
  public Integer call() {
    boolean remove = delete || !dryRun;
    if (olderThan.compareTo(Duration.ofHours(1)) < 0 && remove) {
      spec.commandLine()
          .getErr()
          .println(
              "lakeops: warning: --older-than "
                  + olderThan
                  + " is shorter than an hour; files of a commit in flight may be deleted");
      spec.commandLine().getErr().flush();
    }
    Table t = table.load(spec);
    TableMaintenance maintenance = new TableMaintenance(t.io(), t.paths());
    Instant before = Instant.now().minus(olderThan);
    Map<String, Object> result = new LinkedHashMap<>();
    result.put("table", table.name());
    result.put("dryRun", !remove);
    result.put("olderThan", olderThan.toString());
    result.put("modifiedBefore", before.toString());
    try {
      if (!remove) {
        OrphanPreview p = maintenance.previewRemoveOrphanFiles(before);
        result.put("filesScanned", p.filesScanned());
        result.put("orphans", TableActionOutput.files(p.files()));
        TableActionOutput.print(
            spec,
            output,
            result,
            "Dry run on "
                + table.name()
                + " ("
                + p.filesScanned()
                + " files scanned): "
                + TableActionOutput.text(p.files(), "are orphans; --delete removes them"));
      } else {
        OrphanReport r = maintenance.removeOrphanFiles(before);
        result.put("filesScanned", r.filesScanned());
        result.put("deleted", TableActionOutput.files(r.deletedFiles()));
        TableActionOutput.print(
            spec,
            output,
            result,
            "Removed orphans of "
                + table.name()
                + " ("
                + r.filesScanned()
                + " files scanned): "
                + TableActionOutput.text(r.deletedFiles(), "deleted"));
      }
    } catch (UnsupportedOperationException e) {
      throw CliErrors.badInput(spec, "orphans of " + table.name(), e);
    }
    return 0;
  }
}
