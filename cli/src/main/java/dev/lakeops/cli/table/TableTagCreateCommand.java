package dev.lakeops.cli.table;

import dev.lakeops.table.Table;
import dev.lakeops.table.maintenance.TableMaintenance;
import dev.lakeops.table.maintenance.TagReport;
import dev.lakeops.table.meta.Snapshot;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/** {@code lakeops table tag create TABLE NAME [--snapshot N]}. */
@Command(
    name = "create",
    mixinStandardHelpOptions = true,
    description =
        "Tag a snapshot (the latest unless --snapshot); the tag keeps its files from expiring.")
final class TableTagCreateCommand extends TableTagChangeCommand {

  @Option(
      names = "--snapshot",
      paramLabel = "ID",
      description = "Snapshot to tag; default: the latest")
  Long snapshot;

  TableTagCreateCommand() {
    super("created");
  }

  @Override
  TagReport change(Table t, TableMaintenance maintenance) {
    long id =
        snapshot != null
            ? snapshot
            : t.latestSnapshot()
                .map(Snapshot::id)
                .orElseThrow(
                    () ->
                        new ParameterException(
                            spec.commandLine(),
                            "table " + table.name() + " has no snapshot to tag"));
    return maintenance.createTag(name, id);
  }

  @Override
  void putDetails(Map<String, Object> result, TagReport report) {}

  @Override
  String text(TagReport report) {
    return "Created tag "
        + name
        + " of snapshot "
        + report.snapshotId()
        + " in "
        + table.name()
        + ".";
  }
}
