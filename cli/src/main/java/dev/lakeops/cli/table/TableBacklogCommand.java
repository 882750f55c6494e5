package dev.lakeops.cli.table;

import dev.lakeops.tools.ToolReport;
import dev.lakeops.tools.table.TableTools;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code lakeops table backlog TABLE}: the {@code table.compaction_backlog} tool. */
@Command(
    name = "backlog",
    mixinStandardHelpOptions = true,
    description =
        "Compaction backlog per partition/bucket: files, level-0 files, sorted runs and small files"
            + " against the table's num-sorted-run.compaction-trigger / stop-trigger and"
            + " target-file-size.")
final class TableBacklogCommand extends TableToolCommand {

  @Option(
      names = "--partition",
      paramLabel = "K=V[,K=V]",
      description = "Only this partition, e.g. dt=2024-01-01")
  String partition;

  @Override
  ToolReport report(TableTools tools, String table) {
    return tools.compactionBacklog(table, partition);
  }
}
