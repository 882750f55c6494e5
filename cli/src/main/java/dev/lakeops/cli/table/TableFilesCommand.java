package dev.lakeops.cli.table;

import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code lakeops table files TABLE}: the $files system table. */
@Command(name = "files", mixinStandardHelpOptions = true,
    description = "The data files live in a snapshot ($files): partition, bucket, level, rows, size, key range, sequence numbers, path.")
final class TableFilesCommand implements Callable<Integer> {

  @Spec CommandSpec spec;
  @Mixin TableTarget target;
  @Mixin SnapshotOptions at;

  @Parameters(index = "0", paramLabel = "TABLE", description = "DATABASE.TABLE in --warehouse, or a table directory")
  String table;

  @Override
  public Integer call() {
    return SystemTableOutput.print(spec, target, table, "files", at, List.of("partition", "bucket", "level",
        "record_count", "file_size_in_bytes", "min_key", "max_key", "min_sequence_number", "max_sequence_number",
        "file_source", "creation_time", "file_path"));
  }
}
