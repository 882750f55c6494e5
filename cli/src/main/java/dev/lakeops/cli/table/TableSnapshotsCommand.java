package dev.lakeops.cli.table;

import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code lakeops table snapshots TABLE}: the $snapshots system table. */
@Command(name = "snapshots", mixinStandardHelpOptions = true,
    description = "Every snapshot of a table ($snapshots): id, schema, commit user and identifier, kind, time, record counts.")
final class TableSnapshotsCommand implements Callable<Integer> {

  @Spec CommandSpec spec;
  @Mixin TableTarget target;

  @Parameters(index = "0", paramLabel = "TABLE", description = "DATABASE.TABLE in --warehouse, or a table directory")
  String table;

  @Override
  public Integer call() {
    return SystemTableOutput.print(spec, target, table, "snapshots", new SnapshotOptions(), List.of("snapshot_id",
        "schema_id", "commit_kind", "commit_time", "commit_user", "commit_identifier", "total_record_count",
        "delta_record_count", "changelog_record_count", "watermark"));
  }
}
