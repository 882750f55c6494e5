package dev.lakeops.table.write;

import dev.lakeops.table.formats.DataFileFormats;
import dev.lakeops.table.schema.ChangelogProducer;
import dev.lakeops.table.schema.TableOptions;
import dev.lakeops.table.schema.TableSchema;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * How a write produces its changelog, checked once per {@link TableWrite} so that a table whose
 * changelog lakeops cannot write correctly is refused before anything is written, never written
 * without its changelog.
 *
 * @param producer {@code changelog-producer}: {@code none}, {@code input} or {@code
 *     full-compaction}
 * @param fullCompactionDeltaCommits a full compaction of the buckets written every that many
 *     commits: {@code full-compaction.delta-commits}, 1 by default with {@code
 *     changelog-producer=full-compaction} (as Paimon's Flink writer, {@code StoreSinkWrite}); empty
 *     when no full compaction is scheduled
 * @param rowDeduplicate {@code changelog-producer.row-deduplicate}
 */
record ChangelogSettings(
    ChangelogProducer producer, OptionalInt fullCompactionDeltaCommits, boolean rowDeduplicate) {

  /**
   * @throws IllegalArgumentException an unknown {@code changelog-producer}, a {@code
   *     full-compaction.delta-commits} that is not a positive integer, a changelog producer on a
   *     table without primary key, or a bad {@code changelog-producer.row-deduplicate}; the message
   *     names the table and the option
   * @throws UnsupportedOperationException a {@code changelog-file.format} it cannot write, or an
   *     option of it lakeops does not implement
   */
  static ChangelogSettings of(String tableName, TableSchema schema) {
    TableOptions options = schema.tableOptions();
    ChangelogProducer producer = checked(tableName, options::changelogProducer);
    Optional<Integer> deltaCommits = checked(tableName, options::fullCompactionDeltaCommits);
    boolean rowDeduplicate = checked(tableName, options::changelogRowDeduplicate);
    if (producer != ChangelogProducer.NONE && !schema.hasPrimaryKey()) {
      throw new IllegalArgumentException(
          "Cannot write table "
              + tableName
              + ": "
              + TableOptions.CHANGELOG_PRODUCER
              + " '"
              + producer.value()
              + "' needs a primary key, and the table has none");
    }
    // changelog-producer=lookup is written by LookupBucketWriter, at its lookup compaction
    if (options.find(TableOptions.CHANGELOG_PRODUCER_ROW_DEDUPLICATE_IGNORE_FIELDS).isPresent()) {
      throw new UnsupportedOperationException(
          "Writing table "
              + tableName
              + " with "
              + TableOptions.CHANGELOG_PRODUCER_ROW_DEDUPLICATE_IGNORE_FIELDS
              + " is not supported yet");
    }
    Optional<String> format = checked(tableName, options::changelogFileFormat);
    if (producer != ChangelogProducer.NONE
        && format.isPresent()
        && DataFileFormats.find(format.get()).isEmpty()) {
      throw new UnsupportedOperationException(
          "Cannot write changelog files of table "
              + tableName
              + ": "
              + TableOptions.CHANGELOG_FILE_FORMAT
              + " '"
              + format.get()
              + "' is not supported for writing (use avro or parquet)");
    }
    if (deltaCommits.isPresent() && !schema.hasPrimaryKey()) {
      throw new UnsupportedOperationException(
          "Writing table "
              + tableName
              + " with "
              + TableOptions.FULL_COMPACTION_DELTA_COMMITS
              + " is not supported for tables without primary key");
    }
    OptionalInt every =
        deltaCommits.isPresent()
            ? OptionalInt.of(deltaCommits.get())
            : producer == ChangelogProducer.FULL_COMPACTION
                ? OptionalInt.of(1)
                : OptionalInt.empty();
    if (options.writeOnly()) {
      // a write-only writer never compacts: the compaction job's writer does (as in Paimon)
      every = OptionalInt.empty();
    }
    return new ChangelogSettings(producer, every, rowDeduplicate);
  }

  /**
   * Whether commit {@code commitIdentifier} fully compacts the buckets written since the last full
   * compaction: every identifier divisible by the delta commits, and {@link Long#MAX_VALUE} (the
   * identifier of a bounded job's last commit), as Paimon's {@code isFullCompactedIdentifier}.
   */
  boolean fullCompactsAt(long commitIdentifier) {
    if (fullCompactionDeltaCommits.isEmpty()) {
      return false;
    }
    return commitIdentifier % fullCompactionDeltaCommits.getAsInt() == 0
        || commitIdentifier == Long.MAX_VALUE;
  }

  private static <T> T checked(String tableName, java.util.function.Supplier<T> option) {
    try {
      return option.get();
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "Cannot write table " + tableName + ": " + e.getMessage(), e);
    }
  }
}
