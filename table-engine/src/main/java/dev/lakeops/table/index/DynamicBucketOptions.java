package dev.lakeops.table.index;

import dev.lakeops.table.schema.TableOptions;
import org.jspecify.annotations.Nullable;

/**
 * The options of Paimon's dynamic bucket mode (source: Paimon {@code CoreOptions}), checked.
 *
 * <p>lakeops assigns buckets in one place, as Paimon's assigner with parallelism 1: {@code
 * dynamic-bucket.initial-buckets} and {@code dynamic-bucket.assigner-parallelism} only decide how
 * many assigners a Flink job runs (assigner {@code i} of {@code n} opens buckets {@code i}, {@code
 * i + n}, ...), so with one assigner they change nothing; they are still checked.
 *
 * @param targetRowNum {@code dynamic-bucket.target-row-num}: a bucket takes new keys until it holds
 *     this many hashes (default 2,000,000)
 * @param maxBuckets {@code dynamic-bucket.max-buckets}: the most buckets of one partition, or -1
 *     for no limit (default); when reached, new keys go to a random existing bucket
 * @param initialBuckets {@code dynamic-bucket.initial-buckets}, if set
 * @param assignerParallelism {@code dynamic-bucket.assigner-parallelism}, if set
 */
public record DynamicBucketOptions(
    long targetRowNum,
    int maxBuckets,
    @Nullable Integer initialBuckets,
    @Nullable Integer assignerParallelism) {

  public static final String TARGET_ROW_NUM = "dynamic-bucket.target-row-num";
  public static final String MAX_BUCKETS = "dynamic-bucket.max-buckets";
  public static final String INITIAL_BUCKETS = "dynamic-bucket.initial-buckets";
  public static final String ASSIGNER_PARALLELISM = "dynamic-bucket.assigner-parallelism";

  /** Paimon's default {@code dynamic-bucket.target-row-num}. */
  public static final long DEFAULT_TARGET_ROW_NUM = 2_000_000L;

  /** The largest bucket number Paimon's hash index can hold (it stores buckets as shorts). */
  public static final int BUCKET_LIMIT = Short.MAX_VALUE;

  /**
   * The options of table {@code table}.
   *
   * @throws IllegalArgumentException an option is not a number, or out of range; names the table,
   *     the option and the value
   */
  public static DynamicBucketOptions of(String table, TableOptions options) {
    long target = longValue(table, options, TARGET_ROW_NUM, DEFAULT_TARGET_ROW_NUM);
    if (target <= 0) {
      throw invalid(table, TARGET_ROW_NUM, options, "must be > 0");
    }
    int max = intValue(table, options, MAX_BUCKETS, -1);
    if (max != -1 && (max <= 0 || max > BUCKET_LIMIT)) {
      throw invalid(
          table, MAX_BUCKETS, options, "must be -1 (no limit) or between 1 and " + BUCKET_LIMIT);
    }
    Integer initial = null;
    if (options.find(INITIAL_BUCKETS).isPresent()) {
      initial = intValue(table, options, INITIAL_BUCKETS, 1);
      if (initial <= 0) {
        throw invalid(table, INITIAL_BUCKETS, options, "must be > 0");
      }
    }
    Integer parallelism = null;
    if (options.find(ASSIGNER_PARALLELISM).isPresent()) {
      parallelism = intValue(table, options, ASSIGNER_PARALLELISM, 1);
      if (parallelism <= 0) {
        throw invalid(table, ASSIGNER_PARALLELISM, options, "must be > 0");
      }
    }
    return new DynamicBucketOptions(target, max, initial, parallelism);
  }

  private static long longValue(String table, TableOptions options, String key, long def) {
    String value = options.find(key).orElse(null);
    if (value == null) {
      return def;
    }
    try {
      return Long.parseLong(value.trim());
    } catch (NumberFormatException e) {
      throw invalid(table, key, options, "expected an integer");
    }
  }

  private static int intValue(String table, TableOptions options, String key, int def) {
    String value = options.find(key).orElse(null);
    if (value == null) {
      return def;
    }
    try {
      return Integer.parseInt(value.trim());
    } catch (NumberFormatException e) {
      throw invalid(table, key, options, "expected an integer");
    }
  }

  private static IllegalArgumentException invalid(
      String table, String key, TableOptions options, String problem) {
    return new IllegalArgumentException(
        "Invalid value for option '"
            + key
            + "' of table "
            + table
            + ": '"
            + options.find(key).orElse("")
            + "' ("
            + problem
            + ")");
  }
}
