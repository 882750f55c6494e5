package dev.lakeops.table.system;

import static dev.lakeops.table.system.Columns.BIGINT;
import static dev.lakeops.table.system.Columns.INT;
import static dev.lakeops.table.system.Columns.STRING;
import static dev.lakeops.table.system.Columns.TIMESTAMP;

import dev.lakeops.table.data.Row;
import dev.lakeops.table.io.FileIO;
import dev.lakeops.table.meta.BinaryRowCodec;
import dev.lakeops.table.meta.DataFileMeta;
import dev.lakeops.table.meta.ManifestEntry;
import dev.lakeops.table.meta.Snapshot;
import dev.lakeops.table.paths.TablePaths;
import dev.lakeops.table.schema.TableSchema;
import dev.lakeops.table.types.RowType;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * {@code $files}: one row per data file live in the snapshot (source: Paimon {@code FilesTable}),
 * ordered by partition and bucket. {@code file_path} is {@code file:} and the absolute path, as
 * Paimon prints a local path, and the store's URI on a store; {@code min_key}/{@code max_key} are
 * null for tables without a primary key; statistics follow {@link ValueStatsColumns}.
 */
final class FilesTable implements SystemTable {

  static final RowType ROW_TYPE =
      Columns.columns()
          .nullable("partition", STRING)
          .notNull("bucket", INT)
          .notNull("file_path", STRING)
          .notNull("file_format", STRING)
          .notNull("schema_id", BIGINT)
          .notNull("level", INT)
          .notNull("record_count", BIGINT)
          .notNull("file_size_in_bytes", BIGINT)
          .nullable("min_key", STRING)
          .nullable("max_key", STRING)
          .notNull("null_value_counts", STRING)
          .notNull("min_value_stats", STRING)
          .notNull("max_value_stats", STRING)
          .nullable("min_sequence_number", BIGINT)
          .nullable("max_sequence_number", BIGINT)
          .nullable("creation_time", TIMESTAMP)
          .nullable("deleteRowCount", BIGINT)
          .nullable("file_source", STRING)
          .build();

  @Override
  public String name() {
    return "files";
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
    TableMetadata table = input.table();
    TableSchema current = table.latestSchema();
    List<ManifestEntry> files = new ArrayList<>(table.liveFiles(snapshot.get()));
    List<Row> rows = new ArrayList<>(files.size());
    for (ManifestEntry entry : files) {
      rows.add(row(table, current, entry, input));
    }
    rows.sort(
        Comparator.comparing((Row r) -> (String) r.get(0)).thenComparing(r -> (Integer) r.get(1)));
    return rows;
  }

  private static Row row(
      TableMetadata table, TableSchema current, ManifestEntry entry, SystemTableInput input) {
    DataFileMeta file = entry.file();
    TableSchema fileSchema = table.schema(file.schemaId());
    Row partition = BinaryRowCodec.decode(current.partitionType(), entry.partition());
    RowType keyType = fileSchema.trimmedPrimaryKeyType();
    boolean keyed = fileSchema.hasPrimaryKey() && keyType.arity() > 0;
    ValueStatsColumns stats = ValueStatsColumns.of(current, fileSchema, file);
    return Row.of(
        ValueStrings.partition(current.partitionType(), partition, input.zone()),
        entry.bucket(),
        filePath(table, entry),
        TablePaths.fileFormat(file.fileName()).orElse(""),
        file.schemaId(),
        file.level(),
        file.rowCount(),
        file.fileSize(),
        keyed ? ValueStrings.key(keyType, BinaryRowCodec.decode(keyType, file.minKey())) : null,
        keyed ? ValueStrings.key(keyType, BinaryRowCodec.decode(keyType, file.maxKey())) : null,
        ValueStrings.map(stats.nullCounts()),
        ValueStrings.map(stats.minValues()),
        ValueStrings.map(stats.maxValues()),
        file.minSequenceNumber(),
        file.maxSequenceNumber(),
        file.creationTime(),
        file.deleteRowCount(),
        file.fileSource() == null ? null : file.fileSource().name());
  }

  /**
   * Where the file lives, as Paimon prints it: its external path, else {@code
   * file:<table>/<partition>/bucket-N/<name>} on the local disk and the store's URI ({@code
   * s3://bucket/…}, {@code hdfs://host:port/…}) on a store.
   */
  private static String filePath(TableMetadata table, ManifestEntry entry) {
    if (entry.file().externalPath() != null) {
      return entry.file().externalPath();
    }
    Path path = table.table().locator().file(entry.partition(), entry.bucket(), entry.fileName());
    FileIO io = table.table().io();
    return io.isLocal() ? "file:" + path.toAbsolutePath().normalize() : io.location(path);
  }
}
