package dev.lakeops.table.system;

import static dev.lakeops.table.system.Columns.BIGINT;
import static dev.lakeops.table.system.Columns.STRING;
import static dev.lakeops.table.system.Columns.TIMESTAMP;

import dev.lakeops.table.data.Row;
import dev.lakeops.table.meta.Snapshot;
import dev.lakeops.table.types.RowType;
import java.util.List;

/**
 * {@code $snapshots}: one row per snapshot on storage, by id (source: Paimon {@code
 * SnapshotsTable}).
 */
final class SnapshotsTable implements SystemTable {

  static final RowType ROW_TYPE =
      Columns.columns()
          .notNull("snapshot_id", BIGINT)
          .notNull("schema_id", BIGINT)
          .notNull("commit_user", STRING)
          .notNull("commit_identifier", BIGINT)
          .notNull("commit_kind", STRING)
          .notNull("commit_time", TIMESTAMP)
          .notNull("base_manifest_list", STRING)
          .notNull("delta_manifest_list", STRING)
          .nullable("changelog_manifest_list", STRING)
          .nullable("total_record_count", BIGINT)
          .nullable("delta_record_count", BIGINT)
          .nullable("changelog_record_count", BIGINT)
          .nullable("watermark", BIGINT)
          .build();

  @Override
  public String name() {
    return "snapshots";
  }

  @Override
  public RowType rowType() {
    return ROW_TYPE;
  }

  @Override
  public List<Row> rows(SystemTableInput input) {
    return input.table().snapshots().stream().map(s -> row(s, input)).toList();
  }

  private static Row row(Snapshot s, SystemTableInput input) {
    return Row.of(
        s.id(),
        s.schemaId(),
        s.commitUser(),
        s.commitIdentifier(),
        s.commitKind().name(),
        Times.local(s.timeMillis(), input.zone()),
        s.baseManifestList(),
        s.deltaManifestList(),
        s.changelogManifestList(),
        s.totalRecordCount(),
        s.deltaRecordCount(),
        s.changelogRecordCount(),
        s.watermark());
  }
}
