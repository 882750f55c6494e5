package dev.lakeops.table.paths;

import static java.util.Objects.requireNonNull;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.UUID;

/**
 * Every path and file name of a table, made and parsed here and nowhere else (LevelDB's {@code
 * filename.h}). Layout: {@code <warehouse>/<db>.db/<table>/} holding {@code schema/}, {@code
 * snapshot/}, {@code manifest/}, {@code index/}, {@code tag/}, {@code consumer/}, {@code
 * changelog/}, {@code statistics/} and the data directories {@code [k1=v1/k2=v2/]bucket-N/}. Names
 * follow Paimon's {@code FileStorePathFactory} and {@code DataFilePathFactory}; see {@code
 * paimon-format.md} §1.
 */
public final class TablePaths {

  public static final String EARLIEST = "EARLIEST";
  public static final String LATEST = "LATEST";
  public static final String DATA_FILE_PREFIX = "data-";
  public static final String CHANGELOG_FILE_PREFIX = "changelog-";

  private static final String SCHEMA_PREFIX = "schema-";
  private static final String SNAPSHOT_PREFIX = "snapshot-";
  private static final String CHANGELOG_META_PREFIX = "changelog-";
  private static final String TAG_PREFIX = "tag-";
  private static final String CONSUMER_PREFIX = "consumer-";
  private static final String BUCKET_PREFIX = "bucket-";
  private static final String MANIFEST_PREFIX = "manifest-";
  private static final String MANIFEST_LIST_PREFIX = "manifest-list-";
  private static final String INDEX_MANIFEST_PREFIX = "index-manifest-";
  private static final String INDEX_FILE_PREFIX = "index-";
  private static final String STATISTICS_PREFIX = "stat-";

  private final Path root;

  /** Paths of the table whose directory is {@code root}. */
  public TablePaths(Path root) {
    this.root = requireNonNull(root, "root");
  }

  /**
   * Paths of table {@code database.table} in {@code warehouse}: {@code
   * <warehouse>/<database>.db/<table>}.
   */
  public static TablePaths of(Path warehouse, String database, String table) {
    checkName(table, "table");
    return new TablePaths(databaseDir(warehouse, database).resolve(table));
  }

  public static Path databaseDir(Path warehouse, String database) {
    checkName(database, "database");
    return warehouse.resolve(database + ".db");
  }

  private static void checkName(String name, String what) {
    if (name.isEmpty() || name.contains("/") || name.equals(".") || name.equals("..")) {
      throw new IllegalArgumentException("Invalid " + what + " name: '" + name + "'");
    }
  }

  public Path root() {
    return root;
  }

  // ---- metadata directories and files

  public Path schemaDir() {
    return root.resolve("schema");
  }

  public Path schemaFile(long schemaId) {
    return schemaDir().resolve(schemaFileName(schemaId));
  }

  public Path snapshotDir() {
    return root.resolve("snapshot");
  }

  public Path snapshotFile(long snapshotId) {
    return snapshotDir().resolve(snapshotFileName(snapshotId));
  }

  /** {@code snapshot/EARLIEST}: a hint, see {@code paimon-format.md} §4. */
  public Path earliestHint() {
    return snapshotDir().resolve(EARLIEST);
  }

  /** {@code snapshot/LATEST}: a hint, see {@code paimon-format.md} §4. */
  public Path latestHint() {
    return snapshotDir().resolve(LATEST);
  }

  public Path manifestDir() {
    return root.resolve("manifest");
  }

  /**
   * A manifest, manifest list or index manifest: all live in {@code manifest/}, without extension.
   */
  public Path manifestFile(String fileName) {
    return manifestDir().resolve(checkFileName(fileName));
  }

  public Path indexDir() {
    return root.resolve("index");
  }

  public Path indexFile(String fileName) {
    return indexDir().resolve(checkFileName(fileName));
  }

  public Path tagDir() {
    return root.resolve("tag");
  }

  public Path tagFile(String tagName) {
    return tagDir().resolve(tagFileName(tagName));
  }

  public Path consumerDir() {
    return root.resolve("consumer");
  }

  public Path consumerFile(String consumerId) {
    return consumerDir().resolve(consumerFileName(consumerId));
  }

  /** {@code changelog/}: long-lived changelog metadata (decoupled changelog retention). */
  public Path changelogDir() {
    return root.resolve("changelog");
  }

  public Path changelogFile(long snapshotId) {
    return changelogDir().resolve(CHANGELOG_META_PREFIX + checkId(snapshotId));
  }

  public Path statisticsDir() {
    return root.resolve("statistics");
  }

  public Path statisticsFile(String fileName) {
    return statisticsDir().resolve(checkFileName(fileName));
  }

  public Path branchDir(String branch) {
    checkName(branch, "branch");
    return root.resolve("branch").resolve("branch-" + branch);
  }

  // ---- data directories and files

  /**
   * {@code <root>/<partitionPath>/bucket-N}; {@code partitionPath} is made by {@link
   * PartitionPaths#partitionPath(LinkedHashMap)} and is empty for an unpartitioned table.
   */
  public Path bucketDir(String partitionPath, int bucket) {
    Path dir = partitionPath.isEmpty() ? root : root.resolve(partitionPath);
    return dir.resolve(bucketDirName(bucket));
  }

  /** A data or changelog file: {@code <root>/<partitionPath>/bucket-N/<fileName>}. */
  public Path dataFile(String partitionPath, int bucket, String fileName) {
    return bucketDir(partitionPath, bucket).resolve(checkFileName(fileName));
  }

  // ---- names

  public static String schemaFileName(long schemaId) {
    if (schemaId < 0) {
      throw new IllegalArgumentException("Invalid schema id: " + schemaId + " (must be >= 0)");
    }
    return SCHEMA_PREFIX + schemaId;
  }

  public static String snapshotFileName(long snapshotId) {
    return SNAPSHOT_PREFIX + checkId(snapshotId);
  }

  public static String tagFileName(String tagName) {
    if (tagName.isBlank() || tagName.contains("/")) {
      throw new IllegalArgumentException("Invalid tag name: '" + tagName + "'");
    }
    return TAG_PREFIX + tagName;
  }

  public static String consumerFileName(String consumerId) {
    if (consumerId.isBlank() || consumerId.contains("/")) {
      throw new IllegalArgumentException("Invalid consumer id: '" + consumerId + "'");
    }
    return CONSUMER_PREFIX + consumerId;
  }

  public static String bucketDirName(int bucket) {
    if (bucket < 0) {
      throw new IllegalArgumentException("Invalid bucket: " + bucket + " (must be >= 0)");
    }
    return BUCKET_PREFIX + bucket;
  }

  /** {@code manifest-<uuid>-<n>}. */
  public static String manifestFileName(UUID uuid, int counter) {
    return MANIFEST_PREFIX + uuid + "-" + checkCounter(counter);
  }

  /** {@code manifest-list-<uuid>-<n>}. */
  public static String manifestListFileName(UUID uuid, int counter) {
    return MANIFEST_LIST_PREFIX + uuid + "-" + checkCounter(counter);
  }

  /** {@code index-manifest-<uuid>-<n>}. */
  public static String indexManifestFileName(UUID uuid, int counter) {
    return INDEX_MANIFEST_PREFIX + uuid + "-" + checkCounter(counter);
  }

  /** {@code index-<uuid>-<n>}: a hash index or deletion-vector file in {@code index/}. */
  public static String indexFileName(UUID uuid, int counter) {
    return INDEX_FILE_PREFIX + uuid + "-" + checkCounter(counter);
  }

  /** {@code stat-<uuid>-<n>} in {@code statistics/}. */
  public static String statisticsFileName(UUID uuid, int counter) {
    return STATISTICS_PREFIX + uuid + "-" + checkCounter(counter);
  }

  /**
   * {@code <prefix><uuid>-<n>.<extension>}: a data file ({@code data-}, option {@code
   * data-file.prefix}) or a changelog file ({@code changelog-}). The extension is the file format
   * ({@code parquet}, {@code avro}, {@code orc}), optionally preceded by the compression ({@code
   * zstd.parquet}) with {@code file.suffix.include.compression}.
   */
  public static String dataFileName(String prefix, UUID uuid, int counter, String extension) {
    if (prefix.isEmpty() || prefix.contains("/")) {
      throw new IllegalArgumentException("Invalid data file prefix: '" + prefix + "'");
    }
    if (extension.isEmpty() || extension.startsWith(".") || extension.contains("/")) {
      throw new IllegalArgumentException("Invalid data file extension: '" + extension + "'");
    }
    return prefix + uuid + "-" + checkCounter(counter) + "." + extension;
  }

  /** {@code .<name>.<uuid>.tmp}: where a file is written before it is moved into place. */
  public static String tempFileName(String fileName, UUID uuid) {
    return "." + checkFileName(fileName) + "." + uuid + ".tmp";
  }

  public static boolean isTempFile(String fileName) {
    return fileName.startsWith(".") && fileName.endsWith(".tmp");
  }

  // ---- parsing

  /** The id of {@code schema-N}, or empty for any other name. */
  public static OptionalLong parseSchemaId(String fileName) {
    return parseId(fileName, SCHEMA_PREFIX, 0);
  }

  /** The id of {@code snapshot-N}, or empty for any other name (hints, temp files). */
  public static OptionalLong parseSnapshotId(String fileName) {
    return parseId(fileName, SNAPSHOT_PREFIX, 1);
  }

  /** The snapshot id of {@code changelog/changelog-N}, or empty for any other name. */
  public static OptionalLong parseChangelogId(String fileName) {
    return parseId(fileName, CHANGELOG_META_PREFIX, 1);
  }

  public static Optional<String> parseTagName(String fileName) {
    return parseSuffix(fileName, TAG_PREFIX);
  }

  public static Optional<String> parseConsumerId(String fileName) {
    return parseSuffix(fileName, CONSUMER_PREFIX);
  }

  /** The bucket of a {@code bucket-N} directory name, or empty for any other name. */
  public static OptionalInt parseBucket(String dirName) {
    OptionalLong id = parseId(dirName, BUCKET_PREFIX, 0);
    if (id.isEmpty() || id.getAsLong() > Integer.MAX_VALUE) {
      return OptionalInt.empty();
    }
    return OptionalInt.of((int) id.getAsLong());
  }

  /**
   * The format of a data file from its extension ({@code parquet} for {@code data-...-0.parquet}
   * and for {@code data-...-0.zstd.parquet}); empty when the name has no extension. Readers pick
   * the format per file, so one table may mix formats.
   */
  public static Optional<String> fileFormat(String dataFileName) {
    int dot = dataFileName.lastIndexOf('.');
    if (dot < 0 || dot == dataFileName.length() - 1) {
      return Optional.empty();
    }
    return Optional.of(dataFileName.substring(dot + 1));
  }

  private static OptionalLong parseId(String fileName, String prefix, long min) {
    if (!fileName.startsWith(prefix)) {
      return OptionalLong.empty();
    }
    String digits = fileName.substring(prefix.length());
    if (digits.isEmpty()
        || digits.length() > 18
        || !digits.chars().allMatch(c -> c >= '0' && c <= '9')) {
      return OptionalLong.empty();
    }
    long id = Long.parseLong(digits);
    return id >= min ? OptionalLong.of(id) : OptionalLong.empty();
  }

  private static Optional<String> parseSuffix(String fileName, String prefix) {
    if (!fileName.startsWith(prefix) || fileName.length() == prefix.length()) {
      return Optional.empty();
    }
    return Optional.of(fileName.substring(prefix.length()));
  }

  private static long checkId(long snapshotId) {
    if (snapshotId < 1) {
      throw new IllegalArgumentException("Invalid snapshot id: " + snapshotId + " (must be >= 1)");
    }
    return snapshotId;
  }

  private static int checkCounter(int counter) {
    if (counter < 0) {
      throw new IllegalArgumentException("Invalid file counter: " + counter + " (must be >= 0)");
    }
    return counter;
  }

  private static String checkFileName(String fileName) {
    if (fileName.isEmpty()
        || fileName.contains("/")
        || fileName.equals(".")
        || fileName.equals("..")) {
      throw new IllegalArgumentException("Invalid file name: '" + fileName + "'");
    }
    return fileName;
  }
}
