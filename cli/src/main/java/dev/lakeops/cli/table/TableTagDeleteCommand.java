package dev.lakeops.cli.table;

import dev.lakeops.table.Table;
import dev.lakeops.table.maintenance.TableMaintenance;
import dev.lakeops.table.maintenance.TagReport;
import java.util.Map;
import picocli.CommandLine.Command;

/** {@code lakeops table tag delete TABLE NAME}. */
@Command(
    name = "delete",
    mixinStandardHelpOptions = true,
    description = "Delete a tag; when its snapshot has expired, also the files only the tag kept.")
final class TableTagDeleteCommand extends TableTagChangeCommand {

  TableTagDeleteCommand() {
    super("deleted");
  }

  @Override
  TagReport change(Table t, TableMaintenance maintenance) {
    return maintenance.deleteTag(name);
  }

  @Override
  void putDetails(Map<String, Object> result, TagReport report) {
    result.put("deleted", TableActionOutput.files(report.deletedFiles()));
  }

  @Override
  String text(TagReport report) {
    return "Deleted tag "
        + name
        + " of snapshot "
        + report.snapshotId()
        + " in "
        + table.name()
        + "; "
        + TableActionOutput.text(report.deletedFiles(), "deleted");
  }
}
