package dev.lakeops.tools.table;

import static java.util.Objects.requireNonNull;

import java.util.List;

/**
 * The most frequent bucket-key values among the rows read from one bucket (the biggest): keys and
 * counts only, never other column values.
 *
 * @param bucket the bucket read ({@link BucketLayout#name()}); empty when nothing was sampled
 * @param columns the columns counted (the table's bucket key)
 * @param sampledRows rows read (merged, as readers see them)
 * @param distinctKeys distinct values among them
 * @param truncated the bucket holds more rows than the sample bound: counts are of the first rows
 * @param top the most frequent values, most first, rendered {@code col=value[,col=value]}
 */
public record KeySample(
    String bucket,
    List<String> columns,
    long sampledRows,
    long distinctKeys,
    boolean truncated,
    List<KeyCount> top) {

  /** No sample: no bucket key, or no rows. */
  public static final KeySample NONE = new KeySample("", List.of(), 0, 0, false, List.of());

  /** One bucket-key value and how many sampled rows carry it. */
  public record KeyCount(String key, long count) {
    public KeyCount {
      requireNonNull(key, "key");
    }
  }

  public KeySample {
    requireNonNull(bucket, "bucket");
    columns = List.copyOf(columns);
    top = List.copyOf(top);
  }

  public boolean present() {
    return sampledRows > 0;
  }
}
