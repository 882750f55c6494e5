package dev.lakeops.cli.table;

import dev.lakeops.cli.common.CliErrors;
import dev.lakeops.cli.common.OutputOptions;
import dev.lakeops.table.Table;
import dev.lakeops.table.maintenance.TableMaintenance;
import dev.lakeops.table.maintenance.TagReport;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * What creating and deleting a tag share: {@code TABLE NAME}, the check of the name, and the result
 * (table, action, tag, snapshot) as JSON or one line. A tag the table refuses (it exists, it does
 * not, no such snapshot) ends the command with exit code 2, naming the tag.
 */
abstract class TableTagChangeCommand implements Callable<Integer> {

  @Spec CommandSpec spec;
  @Mixin TableArgument table;
  @Mixin OutputOptions output;

  @Parameters(index = "1", paramLabel = "NAME", description = "Tag name")
  String name;

  private final String action;

  /**
   * @param action the past tense the result states, {@code created} or {@code deleted}
   */
  TableTagChangeCommand(String action) {
    this.action = action;
  }

  /**
   * Creates or deletes tag {@link #name} of {@code t}.
   *
   * @throws IllegalArgumentException the table refuses the change; the message says why
   */
  abstract TagReport change(Table t, TableMaintenance maintenance);

  /** Adds what this change has beyond table, action, tag and snapshot to {@code result}. */
  abstract void putDetails(Map<String, Object> result, TagReport report);

  /** One line for a person: what was done, to which snapshot and table. */
  abstract String text(TagReport report);

  @Override
  public Integer call() {
    // A tag name becomes a file name (tag/tag-NAME): no path separators, not blank.
    if (name.isBlank() || name.contains("/") || name.contains("\\") || name.startsWith(".")) {
      throw new ParameterException(
          spec.commandLine(),
          "tag name '" + name + "': must not be empty, start with '.', or contain '/' or '\\'");
    }
    Table t = table.load(spec);
    TagReport report;
    try {
      report = change(t, new TableMaintenance(t.io(), t.paths()));
    } catch (IllegalArgumentException e) {
      throw CliErrors.badInput(spec, "tag " + name, e);
    }
    Map<String, Object> result = new LinkedHashMap<>();
    result.put("table", table.name());
    result.put("action", action);
    result.put("tag", report.tagName());
    result.put("snapshot", report.snapshotId());
    putDetails(result, report);
    TableActionOutput.print(spec, output, result, text(report));
    return 0;
  }
}
