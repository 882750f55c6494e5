package dev.lakeops.cli.table;

import dev.lakeops.tools.ToolReport;
import dev.lakeops.tools.table.TableTools;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code lakeops table duplicates TABLE}: the {@code table.duplicate_keys} tool. */
@Command(
    name = "duplicates",
    mixinStandardHelpOptions = true,
    description =
        "Duplicate keys in the latest snapshot: visible to readers, or unmerged in files awaiting"
            + " compaction, traced to the commits (and commit users) they came from. Prints key"
            + " columns only.")
final class TableDuplicatesCommand extends TableToolCommand {

  @Option(
      names = "--partition",
      paramLabel = "K=V[,K=V]",
      description = "Only this partition, e.g. dt=2024-01-01")
  String partition;

  @Option(
      names = "--keys",
      split = ",",
      paramLabel = "COL",
      description =
          "Columns identifying a row; default the primary key (required for append tables)")
  List<String> keys = List.of();

  @Override
  ToolReport report(TableTools tools, String table) {
    return tools.duplicateKeys(
        table, partition, keys.stream().map(String::strip).filter(k -> !k.isEmpty()).toList());
  }
}
