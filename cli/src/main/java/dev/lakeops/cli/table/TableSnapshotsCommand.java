package dev.lakeops.cli.table;

import java.util.List;
import picocli.CommandLine.Command;

/** {@code lakeops table snapshots TABLE}: the $snapshots system table. */
@Command(
    name = "snapshots",
    mixinStandardHelpOptions = true,
    description =
        "Every snapshot of a table ($snapshots): id, schema, commit user and identifier, kind,"
            + " time, record counts.")
final class TableSnapshotsCommand extends SystemTableCommand {

  TableSnapshotsCommand() {
    super(
        "snapshots",
        List.of(
            "snapshot_id",
            "schema_id",
            "commit_kind",
            "commit_time",
            "commit_user",
            "commit_identifier",
            "total_record_count",
            "delta_record_count",
            "changelog_record_count",
            "watermark"));
  }
}
