package dev.lakeops.table.compat;

import java.util.List;
import java.util.Set;
import org.apache.paimon.catalog.Catalog;

/**
 * The Apache Paimon release these tests run against: the one on the test classpath (from the
 * manifest of the paimon-bundle jar Paimon's classes were loaded from), and the one the module's
 * pom asked for (the system property {@code lakeops.compat.paimon-version}, set by Surefire). The
 * same test tree runs in {@code compat-tests} (1.3) and its siblings {@code paimon-1.2} and {@code
 * paimon-1.4}; a test whose oracle behaves differently per release line asks {@link #atLeast}.
 */
final class PaimonVersion {

  static final String PROPERTY = "lakeops.compat.paimon-version";

  private PaimonVersion() {}

  /** The version of the paimon-bundle jar on the classpath, e.g. {@code 1.4.2}. */
  static String runtime() {
    String version = Catalog.class.getPackage().getImplementationVersion();
    if (version == null) {
      throw new IllegalStateException(
          "the jar of "
              + Catalog.class.getName()
              + " has no Implementation-Version in its manifest: is paimon-bundle on the"
              + " classpath?");
    }
    return version;
  }

  /** The version the module's pom asked for, or null when the tests run outside Maven. */
  static String expected() {
    return System.getProperty(PROPERTY);
  }

  /** Whether the Paimon on the classpath is release {@code major.minor} or newer. */
  static boolean atLeast(int major, int minor) {
    String[] parts = runtime().split("[.-]");
    int runtimeMajor = Integer.parseInt(parts[0]);
    int runtimeMinor = parts.length > 1 ? Integer.parseInt(parts[1]) : 0;
    return runtimeMajor > major || (runtimeMajor == major && runtimeMinor >= minor);
  }

  /** The three Avro files of a table's metadata whose layout moved between release lines. */
  enum AvroFile {
    MANIFEST_LIST,
    MANIFEST,
    INDEX_MANIFEST
  }

  /**
   * The fields (at any depth) of {@code file} that lakeops writes and this Paimon release does not:
   * lakeops writes the 1.3 layout, which every release here reads (1.2 ignores the fields it does
   * not know); 1.2 has no {@code _FIRST_ROW_ID}/{@code _WRITE_COLS} in a data file's meta and no
   * {@code _EXTERNAL_PATH} in an index manifest entry (both added in 1.3).
   */
  static Set<String> fieldsOnlyLakeopsWrites(AvroFile file) {
    if (atLeast(1, 3)) {
      return Set.of();
    }
    return switch (file) {
      case MANIFEST_LIST -> Set.of();
      case MANIFEST -> Set.of("_FIRST_ROW_ID", "_WRITE_COLS");
      case INDEX_MANIFEST -> Set.of("_EXTERNAL_PATH");
    };
  }

  /**
   * The fields of {@code file} that this Paimon release writes and lakeops' 1.3 layout does not:
   * 1.4 always writes a manifest list's {@code _MIN_ROW_ID}/{@code _MAX_ROW_ID} (1.3 and lakeops
   * only with row tracking) and an index manifest entry's {@code _GLOBAL_INDEX} (new in 1.4, null
   * for deletion-vector and hash index files). A reader of either layout takes the other's files:
   * missing nullable fields read as null.
   */
  static Set<String> fieldsOnlyPaimonWrites(AvroFile file) {
    if (!atLeast(1, 4)) {
      return Set.of();
    }
    return switch (file) {
      case MANIFEST_LIST -> Set.of("_MIN_ROW_ID", "_MAX_ROW_ID");
      case MANIFEST -> Set.of();
      case INDEX_MANIFEST -> Set.of("_GLOBAL_INDEX");
    };
  }

  /**
   * The trailing columns this Paimon release's system table {@code name} (without {@code $}) has
   * and lakeops' (1.3's columns) does not: 1.4 appended row-tracking columns to {@code $snapshots},
   * {@code $files} and {@code $manifests} and catalog metadata to {@code $partitions}.
   */
  static List<String> systemTableColumnsOnlyPaimonHas(String name) {
    if (!atLeast(1, 4)) {
      return List.of();
    }
    return switch (name) {
      case "snapshots" -> List.of("next_row_id");
      case "files" -> List.of("first_row_id", "write_cols");
      case "manifests" -> List.of("min_row_id", "max_row_id");
      case "partitions" -> List.of("created_at", "created_by", "updated_by", "options");
      default -> List.of();
    };
  }

  /**
   * Whether this Paimon's {@code $partitions.partition} is the partition path ({@code
   * dt=2024-01-01/hr=3}, the default partition name for null, {@code ""} unpartitioned), as 1.4
   * shows it, rather than 1.3's (and lakeops') value list ({@code {2024-01-01, 3}}, {@code null},
   * {@code {}}).
   */
  static boolean partitionsTableShowsPaths() {
    return atLeast(1, 4);
  }

  /**
   * Whether a row that a merge restarts after removing it (a {@code -D} with {@code
   * partial-update.remove-record-on-delete} or {@code aggregation.remove-record-on-delete}, a
   * retraction with {@code partial-update.remove-record-on-sequence-group}) starts from every field
   * of the removing record, as 1.4 merges (apache/paimon#7645, "set all fields including nullable
   * ones"), rather than from its non-nullable fields with every nullable field null, as 1.2 and 1.3
   * merge. lakeops merges as 1.3 does, on write and on read; the table records no merge version, so
   * Paimon 1.4 and lakeops then read such a key differently.
   */
  static boolean restartedRowKeepsRemovedValues() {
    return atLeast(1, 4);
  }

  /**
   * Whether this Paimon checks {@code fields.<f>.sequence-group} options (a field in two groups, an
   * aggregate function on a group's sequence field) only where the merge function is built from
   * them, as 1.4 does (partial-update's merge function factory checks them; a deduplicate table
   * takes and ignores them), rather than on every primary-key table at creation, as 1.2 and 1.3
   * (and lakeops) do.
   */
  static boolean checksSequenceGroupsOnlyWhereMerged() {
    return atLeast(1, 4);
  }

  /**
   * Whether this Paimon knows {@code ignore-update-before} (added in 1.3, apache/paimon#6235) and
   * drops {@code -U} records on write. 1.2 ignores the unknown option, so on a deduplicate table a
   * {@code -U} deletes the row, as every retraction does; lakeops drops them, as 1.3 does.
   */
  static boolean knowsIgnoreUpdateBefore() {
    return atLeast(1, 3);
  }
}
