package dev.lakeops.cli.table;

import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code lakeops table sys TABLE '$name'}: any system table, every column. */
@Command(
    name = "sys",
    mixinStandardHelpOptions = true,
    description =
        "Any system table with Paimon's columns: $snapshots, $schemas, $options, $files,"
            + " $manifests, $partitions, $buckets, $tags, $consumers. Quote the name in a shell:"
            + " '$files'.")
final class TableSysCommand extends TimeTravelSystemTableCommand {

  @Parameters(index = "1", paramLabel = "NAME", description = "System table, with or without the $")
  String systemTable;

  TableSysCommand() {
    super("", List.of()); // the system table is NAME
  }

  @Override
  String systemTable() {
    return systemTable;
  }
}
