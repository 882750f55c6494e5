package dev.lakeops.cli.table;

import dev.lakeops.table.Table;
import dev.lakeops.table.maintenance.TableMaintenance;
import dev.lakeops.table.maintenance.TagReport;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code lakeops table tag delete TABLE NAME}. */
@Command(name = "delete", mixinStandardHelpOptions = true,
    description = "Delete a tag; when its snapshot has expired, also the files only the tag kept.")
final class TableTagDeleteCommand implements Callable<Integer> {

  @Spec CommandSpec spec;
  @Mixin TableTarget target;

  @Parameters(index = "0", paramLabel = "TABLE", description = "DATABASE.TABLE in --warehouse, or a table directory")
  String table;

  @Parameters(index = "1", paramLabel = "NAME", description = "Tag name")
  String name;

  @Override
  public Integer call() {
    checkName(spec, name);
    Table t = target.load(spec, table);
    TagReport report;
    try {
      report = new TableMaintenance(t.io(), t.paths()).deleteTag(name);
    } catch (IllegalArgumentException e) {
      throw new ParameterException(spec.commandLine(), "tag " + name + ": " + e.getMessage());
    }
    Map<String, Object> result = new LinkedHashMap<>();
    result.put("table", table);
    result.put("action", "deleted");
    result.put("tag", report.tagName());
    result.put("snapshot", report.snapshotId());
    result.put("deleted", TableActionOutput.files(report.deletedFiles()));
    TableActionOutput.print(spec, target.json, result, "Deleted tag " + name + " of snapshot " + report.snapshotId()
        + " in " + table + "; " + TableActionOutput.text(report.deletedFiles(), "deleted"));
    return 0;
  }

  /** A tag name becomes a file name ({@code tag/tag-NAME}): no path separators, not blank. */
  static void checkName(CommandSpec spec, String name) {
    if (name.isBlank() || name.contains("/") || name.contains("\\") || name.startsWith(".")) {
      throw new ParameterException(spec.commandLine(), "tag name '" + name
          + "': must not be empty, start with '.', or contain '/' or '\\'");
    }
  }
}
