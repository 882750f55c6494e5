package dev.lakeops.cli.table;

import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code lakeops table sys TABLE '$name'}: any system table, every column. */
@Command(name = "sys", mixinStandardHelpOptions = true,
    description = "Any system table with Paimon's columns: $snapshots, $schemas, $options, $files, $manifests, "
        + "$partitions, $buckets, $tags, $consumers. Quote the name in a shell: '$files'.")
final class TableSysCommand implements Callable<Integer> {

  @Spec CommandSpec spec;
  @Mixin TableTarget target;
  @Mixin SnapshotOptions at;

  @Parameters(index = "0", paramLabel = "TABLE", description = "DATABASE.TABLE in --warehouse, or a table directory")
  String table;

  @Parameters(index = "1", paramLabel = "NAME", description = "System table, with or without the $")
  String systemTable;

  @Override
  public Integer call() {
    return SystemTableOutput.print(spec, target, table, systemTable, at, List.of());
  }
}
