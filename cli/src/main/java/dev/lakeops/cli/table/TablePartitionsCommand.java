package dev.lakeops.cli.table;

import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code lakeops table partitions TABLE}: the $partitions system table. */
@Command(name = "partitions", mixinStandardHelpOptions = true,
    description = "Rows, bytes and files per partition in a snapshot ($partitions).")
final class TablePartitionsCommand implements Callable<Integer> {

  @Spec CommandSpec spec;
  @Mixin TableTarget target;
  @Mixin SnapshotOptions at;

  @Parameters(index = "0", paramLabel = "TABLE", description = "DATABASE.TABLE in --warehouse, or a table directory")
  String table;

  @Override
  public Integer call() {
    return SystemTableOutput.print(spec, target, table, "partitions", at, List.of());
  }
}
