package dev.lakeops.table.write;

import dev.lakeops.table.format.Compression;
import dev.lakeops.table.format.DataFileFormat;
import dev.lakeops.table.format.KeyValueLayout;
import dev.lakeops.table.format.StatsMode;
import dev.lakeops.table.formats.DataFileFormats;
import dev.lakeops.table.lsm.KeyOrder;
import dev.lakeops.table.paths.FileNamer;
import dev.lakeops.table.schema.TableOptions;
import dev.lakeops.table.schema.TableSchema;
import dev.lakeops.table.store.TableStore;
import org.jspecify.annotations.Nullable;

/**
 * What every bucket writer of one {@link TableWrite} shares: the schema written with, the file
 * format, codec and statistics mode from the options, and one file namer (one UUID per writer, as
 * Paimon's path factory).
 *
 * @param layout the key-value layout of primary-key tables; null for append tables
 */
record WriteContext(
    TableStore table,
    TableSchema schema,
    @Nullable KeyValueLayout layout,
    @Nullable KeyOrder keyOrder,
    DataFileFormat format,
    Compression compression,
    StatsMode statsMode,
    FileNamer namer,
    long targetFileSize) {

  static WriteContext of(TableStore table) {
    TableSchema schema = table.schema();
    TableOptions options = schema.tableOptions();
    DataFileFormat format =
        DataFileFormats.find(options.fileFormat())
            .orElseThrow(
                () ->
                    new UnsupportedOperationException(
                        "file.format '"
                            + options.fileFormat()
                            + "' is not supported for writing"
                            + " (use avro or parquet)"));
    Compression compression =
        Compression.parse(options.fileCompression())
            .withZstdLevel(options.integer("file.compression.zstd-level", 1));
    StatsMode statsMode = StatsMode.parse(options.metadataStatsMode());
    KeyValueLayout layout = null;
    KeyOrder keyOrder = null;
    if (schema.hasPrimaryKey()) {
      layout =
          options.dataFileThinMode()
              ? KeyValueLayout.thin(schema.rowType(), schema.trimmedPrimaryKeys())
              : KeyValueLayout.standard(schema.rowType(), schema.trimmedPrimaryKeys());
      keyOrder = new KeyOrder(schema.trimmedPrimaryKeyType());
    }
    long target = options.targetFileSize(schema.hasPrimaryKey()).bytes();
    return new WriteContext(
        table,
        schema,
        layout,
        keyOrder,
        format,
        compression,
        statsMode,
        FileNamer.random(),
        target);
  }

  String nextDataFileName() {
    return namer.nextDataFile(format.identifier());
  }
}
