package dev.lakeops.table.bucket;

import static java.util.Objects.requireNonNull;

import dev.lakeops.table.data.Row;
import dev.lakeops.table.data.RowKind;
import dev.lakeops.table.meta.BinaryRow;
import dev.lakeops.table.meta.BinaryRowCodec;
import dev.lakeops.table.schema.TableSchema;
import dev.lakeops.table.types.RowType;
import java.util.List;

/**
 * Paimon's default fixed-bucket assignment (source: {@code DefaultBucketFunction}, {@code
 * FixedBucketRowKeyExtractor}; {@code paimon-format.md} §12): the bucket-key fields of a row are
 * encoded as a BinaryRow with row kind {@code +I}, hashed with MurmurHash3 x86_32 (seed 42) and
 * mapped to {@code Math.abs(hash % numBuckets)}. A table shared with Paimon writers must place
 * every key exactly so, or one key ends up in two LSM trees.
 */
public final class BucketFunction {

  private final RowType tableType;
  private final RowType bucketKeyType;
  private final int[] keyIndexes;
  private final int numBuckets;

  private BucketFunction(RowType tableType, List<String> bucketKeys, int numBuckets) {
    if (numBuckets <= 0) {
      throw new IllegalArgumentException(
          "Invalid bucket count: " + numBuckets + " (must be > 0 for fixed buckets)");
    }
    if (bucketKeys.isEmpty()) {
      throw new IllegalArgumentException(
          "Invalid bucket key: empty (an append table with fixed buckets needs 'bucket-key')");
    }
    this.tableType = tableType;
    this.bucketKeyType = tableType.project(bucketKeys);
    this.keyIndexes = bucketKeys.stream().mapToInt(tableType::indexOf).toArray();
    this.numBuckets = numBuckets;
  }

  /**
   * The bucket function of a fixed-bucket table, with its {@code bucket} option and bucket keys.
   */
  public static BucketFunction of(TableSchema schema) {
    return new BucketFunction(schema.rowType(), schema.bucketKeys(), schema.numBuckets());
  }

  /**
   * The bucket function for {@code numBuckets} buckets over {@code bucketKeys} of rows of {@code
   * tableType}.
   */
  public static BucketFunction of(RowType tableType, List<String> bucketKeys, int numBuckets) {
    return new BucketFunction(
        requireNonNull(tableType, "tableType"), List.copyOf(bucketKeys), numBuckets);
  }

  public int numBuckets() {
    return numBuckets;
  }

  /** The bucket of a full table row (any row kind). */
  public int bucket(Row tableRow) {
    return bucket(bucketKey(tableRow), numBuckets);
  }

  /** The bucket-key fields of a full table row as a BinaryRow with kind {@code +I}. */
  public BinaryRow bucketKey(Row tableRow) {
    if (tableRow.arity() != tableType.arity()) {
      throw new IllegalArgumentException(
          "Invalid row: " + tableRow.arity() + " values, table has " + tableType.arity());
    }
    return BinaryRowCodec.encode(bucketKeyType, tableRow.project(keyIndexes));
  }

  /** {@code Math.abs(hash(bucketKey) % numBuckets)}. */
  public static int bucket(BinaryRow bucketKey, int numBuckets) {
    if (numBuckets <= 0) {
      throw new IllegalArgumentException("Invalid bucket count: " + numBuckets + " (must be > 0)");
    }
    return Math.abs(hash(bucketKey) % numBuckets);
  }

  /**
   * Paimon's {@code BinaryRow.hashCode()}: MurmurHash3 x86_32, seed 42, over the row bytes (without
   * the manifest arity prefix).
   *
   * @throws IllegalArgumentException the row kind is not {@code +I} (Paimon asserts this)
   */
  public static int hash(BinaryRow row) {
    if (row.kind() != RowKind.INSERT) {
      throw new IllegalArgumentException(
          "Invalid bucket key: row kind " + row.kind().shortString() + " (must be +I)");
    }
    byte[] bytes = row.bytes();
    return Murmur3.hashWords(bytes, bytes.length);
  }
}
