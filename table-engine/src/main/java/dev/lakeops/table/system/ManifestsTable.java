package dev.lakeops.table.system;

import static dev.lakeops.table.system.Columns.BIGINT;
import static dev.lakeops.table.system.Columns.STRING;

import dev.lakeops.table.data.Row;
import dev.lakeops.table.meta.BinaryRowCodec;
import dev.lakeops.table.meta.ManifestFileMeta;
import dev.lakeops.table.meta.Snapshot;
import dev.lakeops.table.types.RowType;
import java.util.List;
import java.util.Optional;

/**
 * {@code $manifests}: every manifest of the snapshot: base list, delta list, then changelog list
 * (source: Paimon {@code ManifestsTable}); partition statistics print like partitions ({@code
 * {2024-01-01}}).
 */
final class ManifestsTable implements SystemTable {

  static final RowType ROW_TYPE =
      Columns.columns()
          .notNull("file_name", STRING)
          .notNull("file_size", BIGINT)
          .notNull("num_added_files", BIGINT)
          .notNull("num_deleted_files", BIGINT)
          .notNull("schema_id", BIGINT)
          .nullable("min_partition_stats", STRING)
          .nullable("max_partition_stats", STRING)
          .build();

  @Override
  public String name() {
    return "manifests";
  }

  @Override
  public RowType rowType() {
    return ROW_TYPE;
  }

  @Override
  public List<Row> rows(SystemTableInput input) {
    Optional<Snapshot> snapshot = input.snapshot();
    if (snapshot.isEmpty()) {
      return List.of();
    }
    RowType partitionType = input.table().latestSchema().partitionType();
    return input.table().allManifests(snapshot.get()).stream()
        .map(m -> row(m, partitionType, input))
        .toList();
  }

  private static Row row(ManifestFileMeta m, RowType partitionType, SystemTableInput input) {
    String min =
        ValueStrings.partition(
            partitionType,
            BinaryRowCodec.decode(partitionType, m.partitionStats().minValues()),
            input.zone());
    String max =
        ValueStrings.partition(
            partitionType,
            BinaryRowCodec.decode(partitionType, m.partitionStats().maxValues()),
            input.zone());
    return Row.of(
        m.fileName(), m.fileSize(), m.numAddedFiles(), m.numDeletedFiles(), m.schemaId(), min, max);
  }
}
