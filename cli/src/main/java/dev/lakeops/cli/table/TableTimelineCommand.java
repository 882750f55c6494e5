package dev.lakeops.cli.table;

import dev.lakeops.tools.ToolReport;
import dev.lakeops.tools.table.TableTools;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code lakeops table timeline TABLE}: the {@code table.commit_timeline} tool. */
@Command(
    name = "timeline",
    mixinStandardHelpOptions = true,
    description =
        "Commit timeline: per snapshot the commit user, identifier, kind, time, record counts and"
            + " files; flags a new commit user (stateless restart), identifier regressions, gaps"
            + " and overwrites.")
final class TableTimelineCommand extends TableToolCommand {

  @Option(
      names = "--limit",
      paramLabel = "N",
      defaultValue = "100",
      description = "The newest N snapshots (default ${DEFAULT-VALUE})")
  int limit;

  @Override
  ToolReport report(TableTools tools, String table) {
    return tools.commitTimeline(table, limit);
  }
}
