package dev.lakeops.cli.table;

import java.util.List;
import picocli.CommandLine.Command;

/** {@code lakeops table buckets TABLE}: the $buckets system table. */
@Command(
    name = "buckets",
    mixinStandardHelpOptions = true,
    description = "Rows, bytes and files per partition and bucket in a snapshot ($buckets).")
final class TableBucketsCommand extends TimeTravelSystemTableCommand {

  TableBucketsCommand() {
    super("buckets", List.of());
  }
}
