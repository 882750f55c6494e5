package dev.lakeops.cli.table;

import dev.lakeops.tools.ToolReport;
import dev.lakeops.tools.table.TableTools;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code lakeops table layout TABLE}: the {@code table.layout} tool. */
@Command(
    name = "layout",
    mixinStandardHelpOptions = true,
    description =
        "Layout health: rows, bytes and files per partition and bucket, bucket skew (max/median,"
            + " Gini) and the hot bucket, the hot keys of the biggest bucket (keys and counts"
            + " only), small files, partitions too big to scan, level-0 backlog, full dynamic"
            + " buckets; with the bucket count, bucket key or partitioning to change to and what a"
            + " rescale would rewrite. Read-only.")
final class TableLayoutCommand extends TableToolCommand {

  @Option(
      names = "--partition",
      paramLabel = "K=V[,K=V]",
      description = "Only this partition, e.g. dt=2024-01-01")
  String partition;

  @Override
  ToolReport report(TableTools tools, String table) {
    return tools.layout(table, partition);
  }
}
