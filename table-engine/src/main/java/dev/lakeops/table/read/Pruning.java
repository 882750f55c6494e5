package dev.lakeops.table.read;

import dev.lakeops.table.bucket.BucketFunction;
import dev.lakeops.table.data.Row;
import dev.lakeops.table.meta.BinaryRow;
import dev.lakeops.table.meta.BinaryRowCodec;
import dev.lakeops.table.meta.DataFileMeta;
import dev.lakeops.table.meta.ManifestEntry;
import dev.lakeops.table.meta.ManifestFileMeta;
import dev.lakeops.table.schema.TableSchema;
import dev.lakeops.table.store.TableStore;
import dev.lakeops.table.types.RowType;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * The pruning decisions of one scan, from its filter split by the columns each conjunct reads:
 * partition conjuncts decide manifests and partitions, bucket-key equalities decide buckets, key
 * conjuncts decide primary-key files, and the whole filter decides by value statistics.
 */
final class Pruning {

  private static final int MAX_BUCKET_KEY_COMBINATIONS = 256;

  private final TableStore table;
  private final @Nullable Predicate filter;
  private final @Nullable Predicate partitionFilter;
  private final @Nullable Predicate keyFilter;
  private final @Nullable List<Row> bucketKeys;
  private final RowType partitionType;
  private final Map<BinaryRow, Boolean> partitionMatches = new HashMap<>();
  private final Map<Integer, Set<Integer>> bucketsByTotal = new HashMap<>();

  Pruning(TableStore table, @Nullable Predicate filter) {
    this.table = table;
    this.filter = filter;
    TableSchema schema = table.schema();
    this.partitionType = schema.partitionType();
    this.partitionFilter = conjunctsWithin(filter, Set.copyOf(schema.partitionKeys()));
    this.keyFilter =
        schema.hasPrimaryKey()
            ? conjunctsWithin(filter, Set.copyOf(schema.trimmedPrimaryKeys()))
            : null;
    this.bucketKeys =
        schema.numBuckets() > 0 && !schema.bucketKeys().isEmpty()
            ? bucketKeyRows(filter, schema.bucketKeys())
            : null;
  }

  private static @Nullable Predicate conjunctsWithin(
      @Nullable Predicate filter, Set<String> columns) {
    if (filter == null || columns.isEmpty()) {
      return null;
    }
    List<Predicate> kept = new ArrayList<>();
    for (Predicate p : filter.conjuncts()) {
      if (columns.containsAll(p.fields())) {
        kept.add(p);
      }
    }
    return kept.isEmpty() ? null : kept.size() == 1 ? kept.get(0) : new Predicate.And(kept);
  }

  /**
   * The bucket-key rows the filter allows, when it fixes each bucket-key column to a few values.
   */
  private static @Nullable List<Row> bucketKeyRows(@Nullable Predicate filter, List<String> keys) {
    if (filter == null) {
      return null;
    }
    List<List<Object>> choices = new ArrayList<>();
    for (String key : keys) {
      List<Object> values = null;
      for (Predicate p : filter.conjuncts()) {
        if (p instanceof Predicate.Compare c
            && c.field().equals(key)
            && c.op() == Predicate.Op.EQ) {
          values = List.of(c.value());
        } else if (p instanceof Predicate.In in && in.field().equals(key)) {
          values = in.values();
        }
      }
      if (values == null) {
        return null;
      }
      choices.add(values);
    }
    List<Row> rows = new ArrayList<>();
    rows.add(Row.of());
    for (List<Object> values : choices) {
      List<Row> next = new ArrayList<>();
      for (Row prefix : rows) {
        for (Object v : values) {
          Object[] extended = java.util.Arrays.copyOf(prefix.values(), prefix.arity() + 1);
          extended[prefix.arity()] = v;
          next.add(Row.of(extended));
        }
      }
      if (next.size() > MAX_BUCKET_KEY_COMBINATIONS) {
        return null;
      }
      rows = next;
    }
    return rows;
  }

  boolean manifestMightMatch(ManifestFileMeta manifest) {
    if (partitionFilter == null) {
      return true;
    }
    return partitionFilter.mightMatch(
        SimpleStatsView.of(partitionType, manifest.partitionStats(), -1));
  }

  boolean entryMightMatch(ManifestEntry e) {
    if (partitionFilter != null
        && !partitionMatches.computeIfAbsent(e.partition(), this::partitionMatches)) {
      return false;
    }
    if (bucketKeys != null && e.totalBuckets() > 0) {
      Set<Integer> buckets = bucketsByTotal.computeIfAbsent(e.totalBuckets(), this::bucketsFor);
      return buckets == null || buckets.contains(e.bucket());
    }
    return true;
  }

  private boolean partitionMatches(BinaryRow partition) {
    Row row = BinaryRowCodec.decode(partitionType, partition);
    Map<String, Integer> index = new HashMap<>();
    for (int i = 0; i < partitionType.arity(); i++) {
      index.put(partitionType.fields().get(i).name(), i);
    }
    return partitionFilter.test(f -> row.get(index.get(f)));
  }

  private @Nullable Set<Integer> bucketsFor(int totalBuckets) {
    TableSchema schema = table.schema();
    RowType keyType = schema.bucketKeyType();
    Set<Integer> buckets = new HashSet<>();
    try {
      for (Row key : bucketKeys) {
        buckets.add(BucketFunction.bucket(BinaryRowCodec.encode(keyType, key), totalBuckets));
      }
    } catch (IllegalArgumentException e) {
      return null; // a literal of another class than the column's: no bucket pruning
    }
    return buckets;
  }

  /** The files of one (partition, bucket) that may hold matching rows. */
  List<DataFileMeta> filesOfBucket(List<ManifestEntry> entries, ReadMode mode) {
    List<DataFileMeta> files = new ArrayList<>(entries.size());
    for (ManifestEntry e : entries) {
      files.add(e.file());
    }
    if (filter == null) {
      return files;
    }
    if (mode == ReadMode.CONCAT) {
      List<DataFileMeta> kept = new ArrayList<>();
      for (DataFileMeta f : files) {
        if (filter.mightMatch(valueStats(f))) {
          kept.add(f);
        }
      }
      return kept;
    }
    List<DataFileMeta> kept = new ArrayList<>();
    for (DataFileMeta f : files) {
      if (keyFilter == null || keyFilter.mightMatch(keyStats(f))) {
        kept.add(f);
      }
    }
    for (DataFileMeta f : kept) {
      if (filter.mightMatch(valueStats(f))) {
        return kept;
      }
    }
    return List.of();
  }

  private FieldStats keyStats(DataFileMeta f) {
    RowType keyType = table.schema(f.schemaId()).trimmedPrimaryKeyType();
    return SimpleStatsView.of(keyType, f.keyStats(), f.rowCount());
  }

  private FieldStats valueStats(DataFileMeta f) {
    RowType rowType = table.schema(f.schemaId()).rowType();
    RowType statsType = f.valueStatsCols() == null ? rowType : rowType.project(f.valueStatsCols());
    return SimpleStatsView.of(statsType, f.valueStats(), f.rowCount());
  }
}
