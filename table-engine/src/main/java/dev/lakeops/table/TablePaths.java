package dev.lakeops.table;

import static java.util.Objects.requireNonNull;

import dev.lakeops.table.data.Row;
import dev.lakeops.table.types.AtomicType;
import dev.lakeops.table.types.DataType;
import dev.lakeops.table.types.RowType;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.UUID;

/**
 * Every path and file name of a table, made and parsed here and nowhere else (LevelDB's
 * {@code filename.h}). Layout: {@code <warehouse>/<db>.db/<table>/} holding {@code schema/},
 * {@code snapshot/}, {@code manifest/}, {@code index/}, {@code tag/}, {@code consumer/},
 * {@code changelog/}, {@code statistics/} and the data directories
 * {@code [k1=v1/k2=v2/]bucket-N/}. Names follow Paimon's {@code FileStorePathFactory} and
 * {@code DataFilePathFactory}; see {@code paimon-format.md} §1.
 */
public final class TablePaths {

  public static final String DEFAULT_PARTITION_NAME = "__DEFAULT_PARTITION__";
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

  /** Paths of table {@code database.table} in {@code warehouse}: {@code <warehouse>/<database>.db/<table>}. */
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

  /** A manifest, manifest list or index manifest: all live in {@code manifest/}, without extension. */
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
   * {@code <root>/<partitionPath>/bucket-N}; {@code partitionPath} is made by
   * {@link #partitionPath(LinkedHashMap)} and is empty for an unpartitioned table.
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
   * {@code <prefix><uuid>-<n>.<extension>}: a data file ({@code data-}, option
   * {@code data-file.prefix}) or a changelog file ({@code changelog-}). The extension is the file
   * format ({@code parquet}, {@code avro}, {@code orc}), optionally preceded by the compression
   * ({@code zstd.parquet}) with {@code file.suffix.include.compression}.
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
    if (digits.isEmpty() || digits.length() > 18 || !digits.chars().allMatch(c -> c >= '0' && c <= '9')) {
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
    if (fileName.isEmpty() || fileName.contains("/") || fileName.equals(".") || fileName.equals("..")) {
      throw new IllegalArgumentException("Invalid file name: '" + fileName + "'");
    }
    return fileName;
  }

  // ---- partitions (source: Paimon PartitionPathUtils, InternalRowPartitionComputer)

  /**
   * The relative directory of a partition, Hive style: {@code k1=v1/k2=v2} in the given order,
   * keys and values escaped (see {@link #escapePathName}); empty for an empty spec.
   */
  public static String partitionPath(LinkedHashMap<String, String> spec) {
    List<String> parts = new ArrayList<>(spec.size());
    for (Map.Entry<String, String> e : spec.entrySet()) {
      parts.add(escapePathName(e.getKey()) + "=" + escapePathName(e.getValue()));
    }
    return String.join("/", parts);
  }

  /**
   * The partition spec (column → directory value) of a partition row, as Paimon names its
   * directories: null, empty and blank values become {@code defaultName}
   * ({@code partition.default-name}). With {@code legacyName} ({@code partition.legacy-name}, the
   * default) a value is rendered as Paimon's internal value prints: DATE as its epoch day,
   * TIME as its millisecond of day, TIMESTAMP as ISO {@code LocalDateTime}. Without it, DATE is
   * rendered ISO ({@code 2024-01-01}); TIME and TIMESTAMP are not supported then.
   *
   * @throws IllegalArgumentException for a BINARY/VARBINARY or nested partition column, whose
   *     directory name Paimon does not define usefully
   */
  public static LinkedHashMap<String, String> partitionSpec(
      RowType partitionType, Row partition, String defaultName, boolean legacyName) {
    if (partition.arity() != partitionType.arity()) {
      throw new IllegalArgumentException("Invalid partition row: " + partition.arity()
          + " values for partition type " + partitionType.fieldNames());
    }
    LinkedHashMap<String, String> spec = new LinkedHashMap<>();
    for (int i = 0; i < partitionType.arity(); i++) {
      String name = partitionType.fields().get(i).name();
      Object value = partition.get(i);
      String text = value == null ? null : render(name, partitionType.typeAt(i), value, legacyName);
      spec.put(name, text == null || text.isBlank() ? defaultName : text);
    }
    return spec;
  }

  /** {@link #partitionPath(LinkedHashMap)} of {@link #partitionSpec}. */
  public static String partitionPath(RowType partitionType, Row partition, String defaultName, boolean legacyName) {
    return partitionPath(partitionSpec(partitionType, partition, defaultName, legacyName));
  }

  private static String render(String column, DataType type, Object value, boolean legacyName) {
    if (!(type instanceof AtomicType atomic)) {
      throw new IllegalArgumentException("Unsupported partition column " + column + ": " + type.asSql());
    }
    return switch (atomic.root()) {
      case CHAR, VARCHAR, BOOLEAN, TINYINT, SMALLINT, INT, BIGINT, FLOAT, DOUBLE -> value.toString();
      case DECIMAL -> ((BigDecimal) value).setScale(atomic.scale(), RoundingMode.HALF_UP).toPlainString();
      case DATE -> legacyName
          ? Long.toString(((LocalDate) value).toEpochDay())
          : value.toString();
      case TIME -> {
        requireLegacy(column, type, legacyName);
        yield Integer.toString((int) (((LocalTime) value).toNanoOfDay() / 1_000_000));
      }
      case TIMESTAMP -> {
        requireLegacy(column, type, legacyName);
        yield value.toString();
      }
      case TIMESTAMP_LTZ -> {
        requireLegacy(column, type, legacyName);
        yield LocalDateTime.ofInstant((Instant) value, ZoneOffset.UTC).toString();
      }
      case BINARY, VARBINARY ->
          throw new IllegalArgumentException("Unsupported partition column " + column + ": " + type.asSql());
    };
  }

  private static void requireLegacy(String column, DataType type, boolean legacyName) {
    if (!legacyName) {
      throw new IllegalArgumentException("Unsupported partition column " + column + ": " + type.asSql()
          + " with partition.legacy-name=false");
    }
  }

  /**
   * Parses a relative partition directory ({@code k1=v1/k2=v2}, trailing slash allowed) into its
   * unescaped spec; path elements that are not {@code key=value} are ignored, like Paimon does.
   */
  public static LinkedHashMap<String, String> parsePartitionPath(String relativePath) {
    LinkedHashMap<String, String> spec = new LinkedHashMap<>();
    for (String element : relativePath.split("/")) {
      int eq = element.indexOf('=');
      if (eq <= 0 || eq == element.length() - 1) {
        continue;
      }
      spec.put(unescapePathName(element.substring(0, eq)), unescapePathName(element.substring(eq + 1)));
    }
    return spec;
  }

  /**
   * Escapes a partition key or value as {@code %XX} (uppercase hex): control characters
   * (0x00–0x1F), {@code "#%'*\/:=?\{}[]^} and DEL (0x7F).
   */
  public static String escapePathName(String name) {
    if (name.isEmpty()) {
      throw new IllegalArgumentException("Invalid partition path element: empty");
    }
    StringBuilder sb = new StringBuilder(name.length() + 8);
    for (int i = 0; i < name.length(); i++) {
      char c = name.charAt(i);
      if (needsEscaping(c)) {
        sb.append('%');
        if (c < 16) {
          sb.append('0');
        }
        sb.append(Integer.toHexString(c).toUpperCase(java.util.Locale.ROOT));
      } else {
        sb.append(c);
      }
    }
    return sb.toString();
  }

  /** Reverses {@link #escapePathName}; a {@code %} not followed by two hex digits stays as is. */
  public static String unescapePathName(String name) {
    StringBuilder sb = new StringBuilder(name.length());
    for (int i = 0; i < name.length(); i++) {
      char c = name.charAt(i);
      if (c == '%' && i + 2 < name.length() && isHex(name.charAt(i + 1)) && isHex(name.charAt(i + 2))) {
        sb.append((char) Integer.parseInt(name.substring(i + 1, i + 3), 16));
        i += 2;
      } else {
        sb.append(c);
      }
    }
    return sb.toString();
  }

  private static boolean isHex(char c) {
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
  }

  private static boolean needsEscaping(char c) {
    return c < ' ' || c == 0x7F || "\"#%'*/:=?\\{}[]^".indexOf(c) >= 0;
  }
}
