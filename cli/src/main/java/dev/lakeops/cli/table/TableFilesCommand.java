package dev.lakeops.cli.table;

import java.util.List;
import picocli.CommandLine.Command;

/** {@code lakeops table files TABLE}: the $files system table. */
@Command(
    name = "files",
    mixinStandardHelpOptions = true,
    description =
        "The data files live in a snapshot ($files): partition, bucket, level, rows, size, key"
            + " range, sequence numbers, path.")
final class TableFilesCommand extends TimeTravelSystemTableCommand {

  TableFilesCommand() {
    super(
        "files",
        List.of(
            "partition",
            "bucket",
            "level",
            "record_count",
            "file_size_in_bytes",
            "min_key",
            "max_key",
            "min_sequence_number",
            "max_sequence_number",
            "file_source",
            "creation_time",
            "file_path"));
  }
}
