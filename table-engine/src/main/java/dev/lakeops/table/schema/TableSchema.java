package dev.lakeops.table.schema;

import dev.lakeops.table.types.ArrayType;
import dev.lakeops.table.types.DataField;
import dev.lakeops.table.types.DataType;
import dev.lakeops.table.types.MapType;
import dev.lakeops.table.types.RowType;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * One version of a table's schema, the content of {@code schema/schema-<id>} (source: Paimon {@code
 * TableSchema}; {@code paimon-format.md} §2). Immutable.
 *
 * @param version format version: 3 (1 = Paimon ≤ 0.7, 2 = Paimon 0.8)
 * @param highestFieldId the largest field id ever assigned, nested row fields included; ids of
 *     dropped columns are never reused
 * @param options table options in file order; see {@link #tableOptions()}
 * @param timeMillis creation time of this version, epoch ms (0 when the file had none)
 */
public record TableSchema(
    int version,
    long id,
    List<DataField> fields,
    int highestFieldId,
    List<String> partitionKeys,
    List<String> primaryKeys,
    Map<String, String> options,
    @Nullable String comment,
    long timeMillis) {

  public static final int CURRENT_VERSION = 3;

  public TableSchema {
    if (version < 1) {
      throw new IllegalArgumentException("Invalid schema version: " + version + " (must be >= 1)");
    }
    if (id < 0) {
      throw new IllegalArgumentException("Invalid schema id: " + id + " (must be >= 0)");
    }
    fields = List.copyOf(fields);
    partitionKeys = List.copyOf(partitionKeys);
    primaryKeys = List.copyOf(primaryKeys);
    options = Collections.unmodifiableMap(new LinkedHashMap<>(options));
    RowType rowType = RowType.of(fields); // rejects duplicate names
    Set<Integer> ids = new HashSet<>();
    int maxId = collectIds(fields, ids);
    if (maxId > highestFieldId) {
      throw new IllegalArgumentException(
          "Invalid highestFieldId: " + highestFieldId + " (field id " + maxId + " is higher)");
    }
    checkKeys("partition key", partitionKeys, rowType);
    checkKeys("primary key", primaryKeys, rowType);
    if (!primaryKeys.isEmpty() && partitionKeys.containsAll(primaryKeys)) {
      throw new IllegalArgumentException(
          "Invalid primary key "
              + primaryKeys
              + ": it must not consist of the partition keys "
              + partitionKeys
              + " only (a partition would hold one row)");
    }
    List<String> bucketKey = new TableOptions(options).bucketKey();
    for (String key : bucketKey) {
      if (rowType.indexOf(key) < 0) {
        throw new IllegalArgumentException(
            "Invalid bucket-key "
                + bucketKey
                + ": no field '"
                + key
                + "' in "
                + rowType.fieldNames());
      }
      if (partitionKeys.contains(key)) {
        throw new IllegalArgumentException(
            "Invalid bucket-key " + bucketKey + ": '" + key + "' is a partition key");
      }
      if (!primaryKeys.isEmpty() && !primaryKeys.contains(key)) {
        throw new IllegalArgumentException(
            "Invalid bucket-key "
                + bucketKey
                + ": '"
                + key
                + "' is not in the primary key "
                + primaryKeys);
      }
    }
  }

  /**
   * Schema 0 of a new table: version 3, primary-key columns forced to {@code NOT NULL} (as Paimon
   * does), {@code highestFieldId} the largest id in {@code fields}.
   */
  public static TableSchema newTable(
      List<DataField> fields,
      List<String> partitionKeys,
      List<String> primaryKeys,
      Map<String, String> options,
      @Nullable String comment,
      long timeMillis) {
    List<DataField> adjusted = new ArrayList<>(fields.size());
    for (DataField f : fields) {
      adjusted.add(primaryKeys.contains(f.name()) ? f.withType(f.type().withNullable(false)) : f);
    }
    int highest = collectIds(adjusted, new HashSet<>());
    return new TableSchema(
        CURRENT_VERSION,
        0,
        adjusted,
        Math.max(highest, -1),
        partitionKeys,
        primaryKeys,
        options,
        comment,
        timeMillis);
  }

  private static int collectIds(List<DataField> fields, Set<Integer> seen) {
    int max = -1;
    for (DataField f : fields) {
      if (!seen.add(f.id())) {
        throw new IllegalArgumentException(
            "Duplicate field id: " + f.id() + " (field " + f.name() + ")");
      }
      max = Math.max(max, Math.max(f.id(), collectIds(f.type(), seen)));
    }
    return max;
  }

  private static int collectIds(DataType type, Set<Integer> seen) {
    if (type instanceof RowType row) {
      return collectIds(row.fields(), seen);
    }
    if (type instanceof ArrayType array) {
      return collectIds(array.element(), seen);
    }
    if (type instanceof MapType map) {
      return Math.max(collectIds(map.key(), seen), collectIds(map.value(), seen));
    }
    return -1;
  }

  private static void checkKeys(String what, List<String> keys, RowType rowType) {
    Set<String> seen = new HashSet<>();
    for (String key : keys) {
      if (rowType.indexOf(key) < 0) {
        throw new IllegalArgumentException(
            "Invalid " + what + " '" + key + "': no such field in " + rowType.fieldNames());
      }
      if (!seen.add(key)) {
        throw new IllegalArgumentException("Duplicate " + what + ": " + key);
      }
    }
  }

  /** All columns as a row type. */
  public RowType rowType() {
    return RowType.of(fields);
  }

  public List<String> fieldNames() {
    return fields.stream().map(DataField::name).toList();
  }

  public RowType partitionType() {
    return rowType().project(partitionKeys);
  }

  /** The primary key minus the partition keys: the key of data files and of the LSM. */
  public List<String> trimmedPrimaryKeys() {
    return primaryKeys.stream().filter(k -> !partitionKeys.contains(k)).toList();
  }

  public RowType trimmedPrimaryKeyType() {
    return rowType().project(trimmedPrimaryKeys());
  }

  /**
   * Bucket key as Paimon 1.3 derives it: option {@code bucket-key} if set, else the trimmed primary
   * key; empty for an append table without {@code bucket-key} (Paimon requires {@code bucket-key}
   * for bucketed append tables).
   */
  public List<String> bucketKeys() {
    List<String> configured = tableOptions().bucketKey();
    return configured.isEmpty() ? trimmedPrimaryKeys() : configured;
  }

  public RowType bucketKeyType() {
    return rowType().project(bucketKeys());
  }

  public boolean hasPrimaryKey() {
    return !primaryKeys.isEmpty();
  }

  public TableOptions tableOptions() {
    return new TableOptions(options);
  }

  /** Option {@code bucket}; see {@link TableOptions#bucket()}. */
  public int numBuckets() {
    return tableOptions().bucket();
  }
}
