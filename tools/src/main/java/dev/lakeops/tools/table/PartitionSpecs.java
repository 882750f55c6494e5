package dev.lakeops.tools.table;

import dev.lakeops.table.commit.PartitionFilter;
import dev.lakeops.table.schema.TableSchema;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/** Partition specs as tools take them: {@code dt=2024-01-01[,hr=10]}; blank for every partition. */
final class PartitionSpecs {

  private PartitionSpecs() {}

  /**
   * @throws InvalidTableArgumentException not {@code key=value[,key=value]}
   */
  static Map<String, String> parse(@Nullable String text) {
    Map<String, String> spec = new LinkedHashMap<>();
    if (text == null || text.isBlank()) {
      return spec;
    }
    for (String part : text.split(",")) {
      int eq = part.indexOf('=');
      if (eq <= 0) {
        throw new InvalidTableArgumentException(
            "partition '" + text + "': expected key=value[,key=value], e.g. dt=2024-01-01");
      }
      spec.put(part.substring(0, eq).strip(), part.substring(eq + 1).strip());
    }
    return spec;
  }

  /**
   * @throws InvalidTableArgumentException a key that is not a partition key of the table
   */
  static PartitionFilter filter(TableSchema schema, Map<String, String> spec) {
    if (spec.isEmpty()) {
      return PartitionFilter.all();
    }
    try {
      return PartitionFilter.matching(schema, spec);
    } catch (IllegalArgumentException e) {
      throw new InvalidTableArgumentException(e.getMessage());
    }
  }

  static String text(Map<String, String> spec) {
    return String.join(
        ",", spec.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).toList());
  }
}
