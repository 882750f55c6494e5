package dev.lakeops.table.write;

import dev.lakeops.table.schema.ChangelogProducer;
import dev.lakeops.table.schema.MergeEngine;
import dev.lakeops.table.schema.TableOptions;
import dev.lakeops.table.schema.TableSchema;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The options of a primary-key table that "needs lookup" (Paimon's {@code CoreOptions.needLookup}
 * and {@code LookupStrategy}): deletion vectors, {@code changelog-producer=lookup}, {@code
 * merge-engine=first-row} or {@code force-lookup}. Such a table is compacted at every commit with
 * lookup into the levels above ({@link LookupBucketWriter}).
 *
 * @param deletionVectors {@code deletion-vectors.enabled}
 * @param bitmap64 {@code deletion-vectors.bitmap64}: the layout of new vector files
 * @param produceChangelog {@code changelog-producer=lookup}
 * @param firstRow {@code merge-engine=first-row}
 * @param maxInterval {@code lookup-compact.max-interval} in {@code gentle} mode; null in {@code
 *     radical} mode (the default: level 0 is pushed up at every commit)
 * @param rowDeduplicate {@code changelog-producer.row-deduplicate}
 * @param ignoredFields indexes of {@code changelog-producer.row-deduplicate-ignore-fields}
 */
record LookupOptions(
    boolean deletionVectors,
    boolean bitmap64,
    boolean produceChangelog,
    boolean firstRow,
    @Nullable Integer maxInterval,
    boolean rowDeduplicate,
    int[] ignoredFields) {

  static final String FORCE_LOOKUP = "force-lookup";
  static final String LOOKUP_COMPACT = "lookup-compact";
  static final String LOOKUP_COMPACT_MAX_INTERVAL = "lookup-compact.max-interval";
  static final String BITMAP64 = "deletion-vectors.bitmap64";
  static final String ROW_DEDUPLICATE = "changelog-producer.row-deduplicate";
  static final String ROW_DEDUPLICATE_IGNORE_FIELDS =
      "changelog-producer.row-deduplicate-ignore-fields";
  static final String INDEX_FILE_IN_DATA_FILE_DIR = "index-file-in-data-file-dir";
  static final String FILE_FORMAT_PER_LEVEL = "file.format.per.level";

  /** Whether a primary-key table with {@code options} is written with lookup compaction. */
  static boolean needed(TableOptions options) {
    return options.deletionVectorsEnabled()
        || options.changelogProducer() == ChangelogProducer.LOOKUP
        || options.mergeEngine() == MergeEngine.FIRST_ROW
        || options.bool(FORCE_LOOKUP, false);
  }

  /**
   * The lookup options of table {@code table}.
   *
   * @throws UnsupportedOperationException a combination lakeops does not write correctly yet, or
   *     Paimon refuses; the message names the table and the options
   * @throws IllegalArgumentException a bad option value; the message names the table and option
   */
  static LookupOptions of(String table, TableSchema schema) {
    TableOptions options = schema.tableOptions();
    boolean dv = options.deletionVectorsEnabled();
    ChangelogProducer producer = options.changelogProducer();
    MergeEngine engine = options.mergeEngine();
    if (dv && engine == MergeEngine.FIRST_ROW) {
      // Paimon's KeyValueFileStoreWrite refuses the same: first-row never deletes old rows
      throw refused(
          table,
          "merge-engine 'first-row' with 'deletion-vectors.enabled'=true: first-row never deletes"
              + " an old row, so it takes no deletion vectors (Paimon refuses it too)");
    }
    if (dv
        && (producer == ChangelogProducer.INPUT || producer == ChangelogProducer.FULL_COMPACTION)) {
      throw refused(
          table,
          "'deletion-vectors.enabled'=true with changelog-producer '"
              + producer.value()
              + "' is not supported yet (lakeops writes deletion vectors with changelog-producer"
              + " 'none' or 'lookup')");
    }
    if (!dv && (engine == MergeEngine.PARTIAL_UPDATE || engine == MergeEngine.AGGREGATION)) {
      // Paimon's readers merge such a table with LookupMergeFunction (only the lowest level >= 1
      // counts); lakeops' readers merge every level, which double-counts aggregates
      throw refused(
          table,
          "merge-engine '"
              + engine.value()
              + "' with lookup compaction (changelog-producer 'lookup' or 'force-lookup') and"
              + " without deletion vectors is not supported yet");
    }
    if (dv && options.bool(INDEX_FILE_IN_DATA_FILE_DIR, false)) {
      throw refused(
          table,
          "'" + INDEX_FILE_IN_DATA_FILE_DIR + "'=true is not supported for deletion vector writes");
    }
    if (options.find(FILE_FORMAT_PER_LEVEL).isPresent()) {
      throw refused(table, "'" + FILE_FORMAT_PER_LEVEL + "' is not supported yet");
    }
    Integer maxInterval = null;
    String mode = options.string(LOOKUP_COMPACT, "radical").toLowerCase(java.util.Locale.ROOT);
    if (mode.equals("gentle")) {
      int trigger = options.numSortedRunCompactionTrigger();
      int interval = options.integer(LOOKUP_COMPACT_MAX_INTERVAL, trigger * 2);
      maxInterval = Math.max(trigger, interval);
    } else if (!mode.equals("radical")) {
      throw new IllegalArgumentException(
          "Invalid option "
              + LOOKUP_COMPACT
              + "='"
              + mode
              + "' of table "
              + table
              + " (expected 'radical' or 'gentle')");
    }
    List<Integer> ignored = new ArrayList<>();
    String fields = options.string(ROW_DEDUPLICATE_IGNORE_FIELDS, "");
    for (String f : fields.split(",")) {
      if (f.isBlank()) {
        continue;
      }
      int i = schema.rowType().indexOf(f.trim());
      if (i < 0) {
        throw new IllegalArgumentException(
            "Invalid option "
                + ROW_DEDUPLICATE_IGNORE_FIELDS
                + " of table "
                + table
                + ": no field '"
                + f.trim()
                + "' in "
                + schema.fieldNames());
      }
      ignored.add(i);
    }
    return new LookupOptions(
        dv,
        options.bool(BITMAP64, false),
        producer == ChangelogProducer.LOOKUP,
        engine == MergeEngine.FIRST_ROW,
        maxInterval,
        options.bool(ROW_DEDUPLICATE, false),
        ignored.stream().mapToInt(Integer::intValue).toArray());
  }

  private static UnsupportedOperationException refused(String table, String what) {
    return new UnsupportedOperationException("Writing table " + table + ": " + what);
  }
}
