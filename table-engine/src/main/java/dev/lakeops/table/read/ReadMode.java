package dev.lakeops.table.read;

/** How the files of a {@link DataSplit} become rows. */
public enum ReadMode {
  /**
   * Merge-on-read: the files' sorted runs are merged per key and retractions dropped (primary-key
   * tables).
   */
  MERGE,
  /**
   * The files' rows in file order, each with its row kind, no merge (append tables, incremental
   * reads).
   */
  CONCAT
}
