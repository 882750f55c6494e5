package dev.lakeops.cli.table;

import java.util.List;
import picocli.CommandLine.Command;

/** {@code lakeops table partitions TABLE}: the $partitions system table. */
@Command(
    name = "partitions",
    mixinStandardHelpOptions = true,
    description = "Rows, bytes and files per partition in a snapshot ($partitions).")
final class TablePartitionsCommand extends TimeTravelSystemTableCommand {

  TablePartitionsCommand() {
    super("partitions", List.of());
  }
}
