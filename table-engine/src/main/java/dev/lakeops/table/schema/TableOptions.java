package dev.lakeops.table.schema;

import dev.lakeops.table.paths.PartitionPaths;
import dev.lakeops.table.paths.TablePaths;
import java.time.Duration;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * The table options this engine uses, with Paimon's keys and defaults ({@code paimon-format.md}
 * §19; source {@code CoreOptions}). Values are parsed on access; a bad value fails with an {@link
 * IllegalArgumentException} that names the key and the value.
 */
public record TableOptions(Map<String, String> map) {

  public static final String BUCKET = "bucket";
  public static final String BUCKET_KEY = "bucket-key";
  public static final String FILE_FORMAT = "file.format";
  public static final String FILE_COMPRESSION = "file.compression";
  public static final String MANIFEST_FORMAT = "manifest.format";
  public static final String MANIFEST_COMPRESSION = "manifest.compression";
  public static final String MANIFEST_TARGET_FILE_SIZE = "manifest.target-file-size";
  public static final String MANIFEST_MERGE_MIN_COUNT = "manifest.merge-min-count";
  public static final String SCAN_MANIFEST_PARALLELISM = "scan.manifest.parallelism";
  public static final String TARGET_FILE_SIZE = "target-file-size";
  public static final String WRITE_BUFFER_SIZE = "write-buffer-size";
  public static final String NUM_SORTED_RUN_COMPACTION_TRIGGER =
      "num-sorted-run.compaction-trigger";
  public static final String NUM_SORTED_RUN_STOP_TRIGGER = "num-sorted-run.stop-trigger";
  public static final String NUM_LEVELS = "num-levels";
  public static final String COMPACTION_MAX_SIZE_AMPLIFICATION_PERCENT =
      "compaction.max-size-amplification-percent";
  public static final String COMPACTION_SIZE_RATIO = "compaction.size-ratio";
  public static final String SNAPSHOT_NUM_RETAINED_MIN = "snapshot.num-retained.min";
  public static final String SNAPSHOT_NUM_RETAINED_MAX = "snapshot.num-retained.max";
  public static final String SNAPSHOT_TIME_RETAINED = "snapshot.time-retained";
  public static final String SNAPSHOT_EXPIRE_LIMIT = "snapshot.expire.limit";
  public static final String MERGE_ENGINE = "merge-engine";
  public static final String CHANGELOG_PRODUCER = "changelog-producer";
  public static final String SEQUENCE_FIELD = "sequence.field";
  public static final String IGNORE_DELETE = "ignore-delete";
  public static final String PARTITION_DEFAULT_NAME = "partition.default-name";
  public static final String PARTITION_LEGACY_NAME = "partition.legacy-name";
  public static final String DATA_FILE_PREFIX = "data-file.prefix";
  public static final String CHANGELOG_FILE_PREFIX = "changelog-file.prefix";
  public static final String CHANGELOG_FILE_FORMAT = "changelog-file.format";
  public static final String CHANGELOG_FILE_COMPRESSION = "changelog-file.compression";
  public static final String CHANGELOG_FILE_STATS_MODE = "changelog-file.stats-mode";
  public static final String CHANGELOG_PRODUCER_ROW_DEDUPLICATE =
      "changelog-producer.row-deduplicate";
  public static final String CHANGELOG_PRODUCER_ROW_DEDUPLICATE_IGNORE_FIELDS =
      "changelog-producer.row-deduplicate-ignore-fields";
  public static final String FULL_COMPACTION_DELTA_COMMITS = "full-compaction.delta-commits";
  public static final String FILE_SUFFIX_INCLUDE_COMPRESSION = "file.suffix.include.compression";
  public static final String DATA_FILE_THIN_MODE = "data-file.thin-mode";
  public static final String DELETION_VECTORS_ENABLED = "deletion-vectors.enabled";
  public static final String WRITE_ONLY = "write-only";
  public static final String COMMIT_MAX_RETRIES = "commit.max-retries";
  public static final String COMMIT_MIN_RETRY_WAIT = "commit.min-retry-wait";
  public static final String COMMIT_MAX_RETRY_WAIT = "commit.max-retry-wait";
  public static final String COMMIT_TIMEOUT = "commit.timeout";
  public static final String METADATA_STATS_MODE = "metadata.stats-mode";
  public static final String COMPACTION_MIN_FILE_NUM = "compaction.min.file-num";
  public static final String COMPACTION_FORCE_REWRITE_ALL_FILES =
      "compaction.force-rewrite-all-files";
  public static final String SOURCE_SPLIT_OPEN_FILE_COST = "source.split.open-file-cost";
  public static final String WRITE_BUFFER_SPILLABLE = "write-buffer-spillable";

  public TableOptions {
    map = Collections.unmodifiableMap(new LinkedHashMap<>(map));
  }

  public static TableOptions of(Map<String, String> map) {
    return new TableOptions(map);
  }

  public Optional<String> find(String key) {
    return Optional.ofNullable(map.get(key));
  }

  /** {@code bucket}: &gt; 0 fixed, -1 dynamic (PK) or unaware (append), -2 postpone. Default -1. */
  public int bucket() {
    int bucket = integer(BUCKET, -1);
    if (bucket == 0 || bucket < -2) {
      throw invalid(BUCKET, map.get(BUCKET), "must be > 0, -1 or -2");
    }
    return bucket;
  }

  /**
   * {@code bucket-key}, split on commas exactly as Paimon does (no trimming); empty when unset or
   * blank.
   */
  public List<String> bucketKey() {
    String value = map.get(BUCKET_KEY);
    return value == null || value.isBlank() ? List.of() : Arrays.asList(value.split(","));
  }

  public String fileFormat() {
    return string(FILE_FORMAT, "parquet").toLowerCase(Locale.ROOT);
  }

  public String fileCompression() {
    return string(FILE_COMPRESSION, "zstd");
  }

  public String manifestFormat() {
    return string(MANIFEST_FORMAT, "avro").toLowerCase(Locale.ROOT);
  }

  public String manifestCompression() {
    return string(MANIFEST_COMPRESSION, "zstd");
  }

  public MemorySize manifestTargetFileSize() {
    return memory(MANIFEST_TARGET_FILE_SIZE, MemorySize.ofMebiBytes(8));
  }

  public int manifestMergeMinCount() {
    return integer(MANIFEST_MERGE_MIN_COUNT, 30);
  }

  /**
   * {@code scan.manifest.parallelism}, Paimon's name: how many manifests a scan plan reads at a
   * time. Unset, {@code defaultValue}: the caller's choice for its store.
   */
  public int scanManifestParallelism(int defaultValue) {
    return positive(SCAN_MANIFEST_PARALLELISM, defaultValue);
  }

  /**
   * {@code target-file-size}: 128 MB for primary-key tables, 256 MB for append tables by default.
   */
  public MemorySize targetFileSize(boolean primaryKeyTable) {
    return memory(TARGET_FILE_SIZE, MemorySize.ofMebiBytes(primaryKeyTable ? 128 : 256));
  }

  public MemorySize writeBufferSize() {
    return memory(WRITE_BUFFER_SIZE, MemorySize.ofMebiBytes(256));
  }

  public int numSortedRunCompactionTrigger() {
    return positive(NUM_SORTED_RUN_COMPACTION_TRIGGER, 5);
  }

  /** Default: compaction trigger + 3. */
  public int numSortedRunStopTrigger() {
    int trigger = numSortedRunCompactionTrigger();
    int stop = positive(NUM_SORTED_RUN_STOP_TRIGGER, trigger + 3);
    return Math.max(stop, trigger);
  }

  /** Default: compaction trigger + 1 (levels 0..trigger). */
  public int numLevels() {
    return positive(NUM_LEVELS, numSortedRunCompactionTrigger() + 1);
  }

  public int maxSizeAmplificationPercent() {
    return positive(COMPACTION_MAX_SIZE_AMPLIFICATION_PERCENT, 200);
  }

  public int sizeRatio() {
    return nonNegative(COMPACTION_SIZE_RATIO, 1);
  }

  public int snapshotNumRetainedMin() {
    return positive(SNAPSHOT_NUM_RETAINED_MIN, 10);
  }

  public int snapshotNumRetainedMax() {
    return positive(SNAPSHOT_NUM_RETAINED_MAX, Integer.MAX_VALUE);
  }

  public Duration snapshotTimeRetained() {
    return duration(SNAPSHOT_TIME_RETAINED, Duration.ofHours(1));
  }

  public int snapshotExpireLimit() {
    return positive(SNAPSHOT_EXPIRE_LIMIT, 50);
  }

  public MergeEngine mergeEngine() {
    return enumValue(
        MERGE_ENGINE, MergeEngine.DEDUPLICATE, MergeEngine.values(), MergeEngine::value);
  }

  public ChangelogProducer changelogProducer() {
    return enumValue(
        CHANGELOG_PRODUCER,
        ChangelogProducer.NONE,
        ChangelogProducer.values(),
        ChangelogProducer::value);
  }

  /** {@code sequence.field}: comma-separated field names; empty when unset. */
  public List<String> sequenceFields() {
    String value = map.get(SEQUENCE_FIELD);
    if (value == null || value.isBlank()) {
      return List.of();
    }
    return Arrays.stream(value.split(",")).map(String::trim).toList();
  }

  public boolean ignoreDelete() {
    return bool(IGNORE_DELETE, false);
  }

  public String partitionDefaultName() {
    return string(PARTITION_DEFAULT_NAME, PartitionPaths.DEFAULT_PARTITION_NAME);
  }

  public boolean partitionLegacyName() {
    return bool(PARTITION_LEGACY_NAME, true);
  }

  public String dataFilePrefix() {
    return string(DATA_FILE_PREFIX, TablePaths.DATA_FILE_PREFIX);
  }

  public String changelogFilePrefix() {
    return string(CHANGELOG_FILE_PREFIX, TablePaths.CHANGELOG_FILE_PREFIX);
  }

  /** {@code changelog-file.format}; empty means the data files' {@code file.format}. */
  public Optional<String> changelogFileFormat() {
    return find(CHANGELOG_FILE_FORMAT).map(v -> v.toLowerCase(Locale.ROOT));
  }

  /** {@code changelog-file.compression}; empty means the data files' {@code file.compression}. */
  public Optional<String> changelogFileCompression() {
    return find(CHANGELOG_FILE_COMPRESSION);
  }

  /** {@code changelog-file.stats-mode}; empty means the data files' {@code metadata.stats-mode}. */
  public Optional<String> changelogFileStatsMode() {
    return find(CHANGELOG_FILE_STATS_MODE);
  }

  /**
   * {@code changelog-producer.row-deduplicate} (false): whether a compaction changelog leaves out
   * an update whose new value equals the old one.
   */
  public boolean changelogRowDeduplicate() {
    return bool(CHANGELOG_PRODUCER_ROW_DEDUPLICATE, false);
  }

  /**
   * {@code full-compaction.delta-commits}: a full compaction every that many commits; empty when
   * unset (no default in Paimon's options).
   */
  public Optional<Integer> fullCompactionDeltaCommits() {
    if (!map.containsKey(FULL_COMPACTION_DELTA_COMMITS)) {
      return Optional.empty();
    }
    return Optional.of(positive(FULL_COMPACTION_DELTA_COMMITS, 1));
  }

  public boolean fileSuffixIncludeCompression() {
    return bool(FILE_SUFFIX_INCLUDE_COMPRESSION, false);
  }

  public boolean dataFileThinMode() {
    return bool(DATA_FILE_THIN_MODE, false);
  }

  public boolean deletionVectorsEnabled() {
    return bool(DELETION_VECTORS_ENABLED, false);
  }

  public boolean writeOnly() {
    return bool(WRITE_ONLY, false);
  }

  public int commitMaxRetries() {
    return nonNegative(COMMIT_MAX_RETRIES, 10);
  }

  public Duration commitMinRetryWait() {
    return duration(COMMIT_MIN_RETRY_WAIT, Duration.ofMillis(10));
  }

  public Duration commitMaxRetryWait() {
    return duration(COMMIT_MAX_RETRY_WAIT, Duration.ofSeconds(10));
  }

  /** {@code commit.timeout}; empty means unbounded (the default). */
  public Optional<Duration> commitTimeout() {
    return find(COMMIT_TIMEOUT).map(v -> parse(COMMIT_TIMEOUT, v, DurationParser::parse));
  }

  public String metadataStatsMode() {
    return string(METADATA_STATS_MODE, "truncate(16)");
  }

  // ---- compaction of append tables and write-buffer flushes (source: Paimon CoreOptions)

  /**
   * {@code compaction.min.file-num} (5): the fewest files an append-table compaction merges. Paimon
   * 1.x has no {@code compaction.max.file-num} any more; it is ignored as Paimon ignores it.
   */
  public int compactionMinFileNum() {
    return positive(COMPACTION_MIN_FILE_NUM, 5);
  }

  /** {@code compaction.force-rewrite-all-files} (false): a full compaction rewrites every file. */
  public boolean compactionForceRewriteAllFiles() {
    return bool(COMPACTION_FORCE_REWRITE_ALL_FILES, false);
  }

  /**
   * Files smaller than this take part in an append-table compaction: 70% of {@code
   * target-file-size}, as Paimon's {@code compactionFileSize} (not an option of its own).
   */
  public long compactionFileSize(boolean primaryKeyTable) {
    return targetFileSize(primaryKeyTable).bytes() / 10 * 7;
  }

  /** {@code source.split.open-file-cost} (4 MB): what opening a file costs, counted as bytes. */
  public MemorySize splitOpenFileCost() {
    return memory(SOURCE_SPLIT_OPEN_FILE_COST, MemorySize.ofMebiBytes(4));
  }

  /**
   * {@code write-buffer-spillable} (true): a full write buffer spills to local disk; when false it
   * is flushed to level-0 files instead, as Paimon's writer does.
   */
  public boolean writeBufferSpillable() {
    return bool(WRITE_BUFFER_SPILLABLE, true);
  }

  // ---- typed access

  public String string(String key, String defaultValue) {
    return map.getOrDefault(key, defaultValue);
  }

  public int integer(String key, int defaultValue) {
    String value = map.get(key);
    return value == null ? defaultValue : parse(key, value, v -> Integer.parseInt(v.trim()));
  }

  public boolean bool(String key, boolean defaultValue) {
    String value = map.get(key);
    if (value == null) {
      return defaultValue;
    }
    return switch (value.trim().toLowerCase(Locale.ROOT)) {
      case "true" -> true;
      case "false" -> false;
      default -> throw invalid(key, value, "expected true or false");
    };
  }

  public Duration duration(String key, Duration defaultValue) {
    String value = map.get(key);
    return value == null ? defaultValue : parse(key, value, DurationParser::parse);
  }

  public MemorySize memory(String key, MemorySize defaultValue) {
    String value = map.get(key);
    return value == null ? defaultValue : parse(key, value, MemorySize::parse);
  }

  private int positive(String key, int defaultValue) {
    int value = integer(key, defaultValue);
    if (value <= 0) {
      throw invalid(key, map.get(key), "must be > 0");
    }
    return value;
  }

  private int nonNegative(String key, int defaultValue) {
    int value = integer(key, defaultValue);
    if (value < 0) {
      throw invalid(key, map.get(key), "must be >= 0");
    }
    return value;
  }

  private <E extends Enum<E>> E enumValue(
      String key, E defaultValue, E[] values, Function<E, String> text) {
    String value = map.get(key);
    if (value == null) {
      return defaultValue;
    }
    for (E e : values) {
      if (text.apply(e).equalsIgnoreCase(value.trim())) {
        return e;
      }
    }
    throw invalid(key, value, "expected one of " + Arrays.stream(values).map(text).toList());
  }

  private static <T> T parse(String key, String value, Function<String, T> parser) {
    try {
      return parser.apply(value);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "Invalid value for option '"
              + key
              + "': '"
              + value
              + "' ("
              + (e instanceof NumberFormatException ? "expected an integer" : e.getMessage())
              + ")",
          e);
    }
  }

  private static IllegalArgumentException invalid(String key, String value, String problem) {
    return new IllegalArgumentException(
        "Invalid value for option '" + key + "': '" + value + "' (" + problem + ")");
  }
}
