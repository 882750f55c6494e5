package dev.lakeops.table.write;

import dev.lakeops.table.format.Compression;
import dev.lakeops.table.format.DataFileFormat;
import dev.lakeops.table.format.KeyValue;
import dev.lakeops.table.format.StatsMode;
import dev.lakeops.table.formats.DataFileFormats;
import dev.lakeops.table.lsm.ChangelogSink;
import dev.lakeops.table.meta.BinaryRow;
import dev.lakeops.table.meta.DataFileMeta;
import dev.lakeops.table.meta.FileSource;
import dev.lakeops.table.schema.TableOptions;
import java.util.Iterator;
import java.util.List;

/**
 * Writes the changelog files of one primary-key bucket, as Paimon's {@code
 * KeyValueFileWriterFactory.createRollingChangelogFileWriter}: files named {@code
 * <changelog-file.prefix><uuid>-<n>.<format>} (prefix {@code changelog-} by default) in the bucket
 * directory, next to its data files, with the key-value layout of data files; format, codec and
 * statistics mode from {@code changelog-file.format}, {@code changelog-file.compression} and {@code
 * changelog-file.stats-mode}, each falling back to the data files' option. Every changelog file is
 * recorded with {@code _FILE_SOURCE} APPEND, also when a compaction wrote it, and with the level it
 * was written for (0 for the input changelog, the output level for a compaction's). The files go to
 * the snapshot's changelog manifest list through {@link dev.lakeops.table.commit.BucketChange}.
 */
final class ChangelogFileWriter implements ChangelogSink {

  private final KeyValueRollingWriter files;

  private ChangelogFileWriter(KeyValueRollingWriter files) {
    this.files = files;
  }

  /**
   * @throws UnsupportedOperationException {@code changelog-file.format} names a format lakeops
   *     cannot write; the message names the table and the option
   * @throws IllegalArgumentException a bad codec or statistics mode
   */
  static ChangelogFileWriter of(WriteContext context, BinaryRow partition, int bucket) {
    TableOptions options = context.schema().tableOptions();
    String tableName = context.table().name();
    DataFileFormat format =
        options
            .changelogFileFormat()
            .map(
                id ->
                    DataFileFormats.find(id)
                        .orElseThrow(
                            () ->
                                new UnsupportedOperationException(
                                    "Cannot write changelog files of table "
                                        + tableName
                                        + ": "
                                        + TableOptions.CHANGELOG_FILE_FORMAT
                                        + " '"
                                        + id
                                        + "' is not supported for writing (use avro or parquet)")))
            .orElse(context.format());
    Compression compression =
        options
            .changelogFileCompression()
            .map(
                c ->
                    Compression.parse(c)
                        .withZstdLevel(options.integer("file.compression.zstd-level", 1)))
            .orElse(context.compression());
    StatsMode statsMode =
        options.changelogFileStatsMode().map(StatsMode::parse).orElse(context.statsMode());
    String prefix = options.changelogFilePrefix();
    return new ChangelogFileWriter(
        new KeyValueRollingWriter(
            context,
            partition,
            bucket,
            format,
            compression,
            statsMode,
            () -> context.namer().nextChangelogFile(prefix, format.identifier())));
  }

  /**
   * Writes {@code records} (keys ascending, several records per key allowed) as changelog files at
   * {@code level}; on failure deletes what it wrote and rethrows.
   */
  List<DataFileMeta> write(Iterator<KeyValue> records, int level) {
    return files.write(records, level, FileSource.APPEND);
  }

  @Override
  public Output open(int level) {
    return files.open(level, FileSource.APPEND);
  }

  /** Deletes a changelog file that no commit will reference; failures are logged. */
  void delete(DataFileMeta file) {
    files.delete(file);
  }
}
