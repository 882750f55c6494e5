package dev.lakeops.eval.world.lake;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * One lake table of the simulated world, as a scenario file states it: its columns are the key
 * columns (BIGINT) and {@value #VALUE_COLUMN} (INT); row {@code i} (1..{@code rows}) has the first
 * key {@code i}, so keys are unique unless a fault duplicates them.
 *
 * @param database the database, a plain name ({@code [A-Za-z0-9_-]}, no dot)
 * @param table the table inside it, a plain name
 * @param keys the columns that identify a row: the primary key of a primary-key table, the columns
 *     a duplicate check reads on an append table; {@code [id]} when null or empty
 * @param primaryKey a primary-key table (one bucket unless {@code options} say otherwise), else an
 *     append table
 * @param rows rows written, 0 for a table without snapshots
 * @param faults what went wrong, at most one of each kind; none when null
 * @param options table options over the world's own ({@code file.format=avro}, {@code bucket=1} for
 *     a primary-key table, and what a fault sets); none when null
 */
public record LakeTableSpec(
    String database,
    String table,
    List<String> keys,
    boolean primaryKey,
    int rows,
    List<LakeFault> faults,
    Map<String, String> options) {

  /** The one column besides the keys: row {@code i} holds {@code i}. */
  public static final String VALUE_COLUMN = "amount";

  private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_][A-Za-z0-9_-]*");
  private static final Pattern COLUMN = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

  public LakeTableSpec {
    checkName("database", database);
    checkName("table", table);
    keys = keys == null || keys.isEmpty() ? List.of("id") : List.copyOf(keys);
    Set<String> seen = new HashSet<>();
    for (String key : keys) {
      if (key == null || !COLUMN.matcher(key).matches() || key.equals(VALUE_COLUMN)) {
        throw new IllegalArgumentException(
            "Invalid keys: "
                + (key == null ? "null" : "'" + key + "'")
                + " (a key is a column name [A-Za-z_][A-Za-z0-9_]*, not "
                + VALUE_COLUMN
                + ")");
      }
      if (!seen.add(key)) {
        throw new IllegalArgumentException("Invalid keys: '" + key + "' given twice");
      }
    }
    if (rows < 0) {
      throw new IllegalArgumentException("Invalid rows: " + rows + " (must be at least 0)");
    }
    faults = faults == null ? List.of() : List.copyOf(faults);
    Set<String> kinds = new HashSet<>();
    for (LakeFault f : faults) {
      if (!kinds.add(f.kind())) {
        throw new IllegalArgumentException("Invalid faults: " + f.kind() + " given twice");
      }
      if (f.count() > rows) {
        throw new IllegalArgumentException(
            "Invalid faults: "
                + f.kind()
                + " count "
                + f.count()
                + " exceeds rows "
                + rows
                + " (each re-committed row or commit needs a row of its own)");
      }
      if (f.kind().equals(LakeFault.COMPACTION_BACKLOG) && !primaryKey) {
        throw new IllegalArgumentException(
            "Invalid faults: "
                + LakeFault.COMPACTION_BACKLOG
                + " needs a primary-key table (primaryKey: true); an append table has no sorted"
                + " runs");
      }
    }
    if (options == null) {
      options = Map.of();
    } else {
      for (Map.Entry<String, String> e : options.entrySet()) {
        if (e.getKey() == null || e.getKey().isBlank() || e.getValue() == null) {
          throw new IllegalArgumentException(
              "Invalid options: " + e.getKey() + "=" + e.getValue() + " (key and value needed)");
        }
      }
      options = Map.copyOf(new LinkedHashMap<>(options));
    }
  }

  /** A table with no fault and no extra options. */
  public static LakeTableSpec healthy(
      String database, String table, List<String> keys, boolean primaryKey, int rows) {
    return new LakeTableSpec(database, table, keys, primaryKey, rows, List.of(), Map.of());
  }

  /** The same table with {@code fault} added. */
  public LakeTableSpec with(LakeFault fault) {
    List<LakeFault> more = new ArrayList<>(faults);
    more.add(fault);
    return new LakeTableSpec(database, table, keys, primaryKey, rows, more, options);
  }

  /** {@code database.table}, as alerts and the table tools name it. */
  public String qualifiedName() {
    return database + "." + table;
  }

  /** The fault of {@code kind}, if this table has one. */
  public Optional<LakeFault> fault(String kind) {
    return faults.stream().filter(f -> f.kind().equals(kind)).findFirst();
  }

  private static void checkName(String field, String value) {
    if (value == null || value.isBlank()) {
      throw new IllegalArgumentException("Invalid " + field + ": must not be blank");
    }
    if (!NAME.matcher(value).matches()) {
      throw new IllegalArgumentException(
          "Invalid " + field + ": '" + value + "' (a plain name: letters, digits, _ and -)");
    }
  }
}
