package dev.lakeops.table.bucket;

import static java.util.Objects.requireNonNull;

import dev.lakeops.table.data.Row;
import dev.lakeops.table.data.RowKind;
import dev.lakeops.table.meta.BinaryRow;
import dev.lakeops.table.meta.BinaryRowCodec;
import dev.lakeops.table.schema.TableSchema;
import dev.lakeops.table.types.AtomicType;
import dev.lakeops.table.types.RowType;
import dev.lakeops.table.types.TypeRoot;
import java.time.LocalDate;
import java.util.List;
import org.jspecify.annotations.Nullable;

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
  // the type of a one-field key whose bucket is hashed without a BinaryRow, or null
  private final @Nullable TypeRoot oneSlotRoot;

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
    this.oneSlotRoot = oneSlotRoot(bucketKeyType);
  }

  private static @Nullable TypeRoot oneSlotRoot(RowType keyType) {
    if (keyType.arity() != 1 || !(keyType.fields().get(0).type() instanceof AtomicType atomic)) {
      return null;
    }
    switch (atomic.root()) {
      case BIGINT:
      case INT:
      case SMALLINT:
      case TINYINT:
      case DATE:
        return atomic.root();
      default:
        return null;
    }
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
    if (oneSlotRoot != null) {
      if (tableRow.arity() != tableType.arity()) {
        throw new IllegalArgumentException(
            "Invalid row: " + tableRow.arity() + " values, table has " + tableType.arity());
      }
      Object value = tableRow.get(keyIndexes[0]);
      // a value of another class than the type's goes the general way, which names it
      Integer hash = oneSlotHash(oneSlotRoot, value);
      if (hash != null) {
        return Math.abs(hash % numBuckets);
      }
    }
    return bucket(bucketKey(tableRow), numBuckets);
  }

  /**
   * Paimon's hash of a one-field bucket key of an integral type or DATE, without building the
   * BinaryRow: its 16 bytes are the header word (row kind {@code +I}, and the null bit of field 0,
   * bit 8) and the field's little-endian slot, the value zero-extended from its width. The same
   * bytes {@link BinaryRowCodec#encode} writes; {@code BucketFunctionTest} holds the two equal.
   * Null when {@code value} is not of the type's Java class.
   */
  private static @Nullable Integer oneSlotHash(TypeRoot root, @Nullable Object value) {
    if (value == null) {
      return Murmur3.hashOneSlot(1 << 8, 0L);
    }
    long slot;
    switch (root) {
      case BIGINT:
        if (!(value instanceof Long)) {
          return null;
        }
        slot = (Long) value;
        break;
      case INT:
        if (!(value instanceof Integer)) {
          return null;
        }
        slot = ((Integer) value) & 0xFFFF_FFFFL;
        break;
      case SMALLINT:
        if (!(value instanceof Short)) {
          return null;
        }
        slot = ((Short) value) & 0xFFFFL;
        break;
      case TINYINT:
        if (!(value instanceof Byte)) {
          return null;
        }
        slot = ((Byte) value) & 0xFFL;
        break;
      case DATE:
        if (!(value instanceof LocalDate)) {
          return null;
        }
        slot = Math.toIntExact(((LocalDate) value).toEpochDay()) & 0xFFFF_FFFFL;
        break;
      default:
        return null;
    }
    return Murmur3.hashOneSlot(0, slot);
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
