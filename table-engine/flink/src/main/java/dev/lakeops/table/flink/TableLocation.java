package dev.lakeops.table.flink;

import static java.util.Objects.requireNonNull;

import dev.lakeops.table.Table;
import dev.lakeops.table.catalog.Catalog;
import dev.lakeops.table.catalog.Identifier;
import java.io.Serializable;
import java.util.Map;
import java.util.TreeMap;

/**
 * Where a job's table lives, in a form that travels with the job graph: the warehouse URI, the
 * warehouse options (store endpoint and credentials, by the FileIO's keys) and the table's {@code
 * database.table}. Each task opens the table itself from it, so the same job writes a local, S3 or
 * HDFS warehouse.
 */
public record TableLocation(String warehouse, TreeMap<String, String> options, String table)
    implements Serializable {

  public TableLocation {
    requireNonNull(warehouse, "warehouse");
    requireNonNull(table, "table");
    options = new TreeMap<>(options);
    Identifier.parse(table);
  }

  public static TableLocation of(String warehouse, Map<String, String> options, String table) {
    return new TableLocation(warehouse, new TreeMap<>(options), table);
  }

  /**
   * The table with its latest schema.
   *
   * @throws dev.lakeops.table.store.TableNotFoundException no such table in the warehouse
   */
  public Table open() {
    return Catalog.open(warehouse, options).loadTable(Identifier.parse(table));
  }

  @Override
  public String toString() {
    // the options may hold credentials: never print them
    return table + " in " + warehouse;
  }
}
