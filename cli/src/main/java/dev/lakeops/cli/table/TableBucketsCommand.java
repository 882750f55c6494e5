package dev.lakeops.cli.table;

import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code lakeops table buckets TABLE}: the $buckets system table. */
@Command(name = "buckets", mixinStandardHelpOptions = true,
    description = "Rows, bytes and files per partition and bucket in a snapshot ($buckets).")
final class TableBucketsCommand implements Callable<Integer> {

  @Spec CommandSpec spec;
  @Mixin TableTarget target;
  @Mixin SnapshotOptions at;

  @Parameters(index = "0", paramLabel = "TABLE", description = "DATABASE.TABLE in --warehouse, or a table directory")
  String table;

  @Override
  public Integer call() {
    return SystemTableOutput.print(spec, target, table, "buckets", at, List.of());
  }
}
