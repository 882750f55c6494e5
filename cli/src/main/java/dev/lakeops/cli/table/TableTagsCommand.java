package dev.lakeops.cli.table;

import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code lakeops table tags TABLE}: the $tags system table. */
@Command(name = "tags", mixinStandardHelpOptions = true,
    description = "Every tag of a table and the snapshot it pins ($tags).")
final class TableTagsCommand implements Callable<Integer> {

  @Spec CommandSpec spec;
  @Mixin TableTarget target;

  @Parameters(index = "0", paramLabel = "TABLE", description = "DATABASE.TABLE in --warehouse, or a table directory")
  String table;

  @Override
  public Integer call() {
    return SystemTableOutput.print(spec, target, table, "tags", new SnapshotOptions(), List.of());
  }
}
