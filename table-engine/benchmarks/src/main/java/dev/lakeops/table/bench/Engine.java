package dev.lakeops.table.bench;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.openjdk.jmh.infra.Blackhole;

/**
 * One table engine as the benchmarks drive it. Tables are orders {@code (dt STRING, id INT, name
 * STRING, price DOUBLE, qty BIGINT)} with primary key {@code (dt, id)}, optionally partitioned by
 * {@code dt}, in a fixed number of buckets; both engines create, write and read the same Paimon
 * on-disk format.
 */
interface Engine {

  /** Creates table {@code db.<name>} in {@code warehouse} and returns its directory. */
  Path createOrders(
      Path warehouse,
      String name,
      String format,
      int buckets,
      boolean partitioned,
      Map<String, String> options);

  /** A writer of the table in {@code tableDir}; one commit user. */
  Writer openWriter(Path tableDir, Path scratch);

  /**
   * Reads every row of the latest snapshot (merge-on-read), feeding each field to {@code sink};
   * returns the row count.
   */
  long scan(Path tableDir, Blackhole sink);

  /**
   * Every row of the latest snapshot (merge-on-read) as text {@code dt|id|name|price|qty} (null
   * fields as {@code null}), sorted: what the benchmarks' setups compare between the engines.
   */
  List<String> rows(Path tableDir);

  /**
   * Loads the table afresh and plans a full scan of its latest snapshot; returns the number of data
   * files planned.
   */
  long plan(Path tableDir);

  /** Writes rows and commits them. */
  interface Writer extends AutoCloseable {

    /** Writes row {@code index} of {@code rows} in partition {@code dt}. */
    void write(OrderRows rows, int index, String dt);

    /** Commits everything written since the last commit as {@code identifier}. */
    void commit(long identifier);

    @Override
    void close();
  }

  static Engine named(String name) {
    return switch (name) {
      case "lakeops" -> new LakeopsEngine();
      case "paimon" -> new PaimonEngine();
      default ->
          throw new IllegalArgumentException("Unknown engine '" + name + "' (lakeops or paimon)");
    };
  }
}
