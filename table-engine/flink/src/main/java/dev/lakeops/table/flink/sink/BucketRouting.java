package dev.lakeops.table.flink.sink;

import dev.lakeops.table.bucket.BucketFunction;
import dev.lakeops.table.data.Row;
import dev.lakeops.table.meta.BinaryRowCodec;
import dev.lakeops.table.schema.SchemaJson;
import dev.lakeops.table.schema.TableSchema;
import org.apache.flink.api.common.functions.Partitioner;
import org.apache.flink.api.java.functions.KeySelector;
import org.jspecify.annotations.Nullable;

/**
 * Sends every row of a (partition, bucket) to the same writer subtask, so each bucket has exactly
 * one writer (its LSM tree and sequence numbers live there). Fixed buckets: the partition's hash
 * picks a first channel and the bucket counts on from it, spreading one partition's buckets over
 * all writers. Dynamic buckets: the whole partition goes to one writer, since its hash index (which
 * key is in which bucket) is one file per partition.
 */
final class BucketRouting implements KeySelector<Row, Integer>, Partitioner<Integer> {

  private static final long serialVersionUID = 1L;

  private final String schemaJson;
  private transient @Nullable TableSchema schema;
  private transient @Nullable BucketFunction buckets;
  private transient int @Nullable [] partitionIndexes;

  BucketRouting(TableSchema schema) {
    this.schemaJson = SchemaJson.toJson(schema);
  }

  /** Whether rows of {@code schema} need routing: all but bucket-unaware append tables. */
  static boolean needed(TableSchema schema) {
    return schema.hasPrimaryKey() || schema.numBuckets() > 0;
  }

  @Override
  public Integer getKey(Row row) {
    TableSchema s = schema();
    int partitionHash =
        s.partitionKeys().isEmpty()
            ? 0
            : BucketFunction.hash(BinaryRowCodec.encode(s.partitionType(), row.project(indexes())));
    return buckets == null ? partitionHash : partitionHash + buckets.bucket(row);
  }

  @Override
  public int partition(Integer key, int numPartitions) {
    return Math.floorMod(key, numPartitions);
  }

  private TableSchema schema() {
    if (schema == null) {
      schema = SchemaJson.fromJson(schemaJson);
      buckets = schema.numBuckets() > 0 ? BucketFunction.of(schema) : null;
      partitionIndexes =
          schema.partitionKeys().stream().mapToInt(schema.rowType()::indexOf).toArray();
    }
    return schema;
  }

  private int[] indexes() {
    schema();
    return partitionIndexes;
  }
}
