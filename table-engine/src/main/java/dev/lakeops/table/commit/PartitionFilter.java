package dev.lakeops.table.commit;

import dev.lakeops.table.meta.BinaryRow;
import dev.lakeops.table.meta.BinaryRowCodec;
import dev.lakeops.table.paths.PartitionPaths;
import dev.lakeops.table.schema.TableOptions;
import dev.lakeops.table.schema.TableSchema;
import dev.lakeops.table.types.RowType;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/** Which partitions an overwrite replaces. */
@FunctionalInterface
public interface PartitionFilter {

  boolean matches(BinaryRow partition);

  /** Every partition: the overwrite replaces the whole table. */
  static PartitionFilter all() {
    return partition -> true;
  }

  /**
   * Exactly these partitions (compared by their canonical BinaryRow bytes, as Paimon groups them).
   */
  static PartitionFilter of(Collection<BinaryRow> partitions) {
    Set<BinaryRow> set = Set.copyOf(partitions);
    return set::contains;
  }

  /**
   * Partitions whose directory values match a (possibly partial) spec, as Paimon's {@code INSERT
   * OVERWRITE ... PARTITION (dt='2024-01-01')}: {@code {"dt": "2024-01-01"}} matches every
   * partition with that {@code dt}, whatever its other partition keys.
   *
   * @throws IllegalArgumentException a key of {@code spec} is not a partition key
   */
  static PartitionFilter matching(TableSchema schema, Map<String, String> spec) {
    for (String key : spec.keySet()) {
      if (!schema.partitionKeys().contains(key)) {
        throw new IllegalArgumentException(
            "Invalid partition spec "
                + spec
                + ": '"
                + key
                + "' is not a partition key of "
                + schema.partitionKeys());
      }
    }
    RowType type = schema.partitionType();
    TableOptions options = schema.tableOptions();
    Map<String, String> wanted = Map.copyOf(spec);
    return partition -> {
      LinkedHashMap<String, String> values =
          PartitionPaths.partitionSpec(
              type,
              BinaryRowCodec.decode(type, partition),
              options.partitionDefaultName(),
              options.partitionLegacyName());
      return wanted.entrySet().stream().allMatch(e -> e.getValue().equals(values.get(e.getKey())));
    };
  }
}
