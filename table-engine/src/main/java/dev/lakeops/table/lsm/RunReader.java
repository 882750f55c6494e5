package dev.lakeops.table.lsm;

import dev.lakeops.table.data.CloseableIterator;
import dev.lakeops.table.format.KeyValue;

/** Opens the key-values of a sorted run, its files concatenated in key order. */
@FunctionalInterface
public interface RunReader {

  /** Every record of {@code run}, sorted by (key, sequence number); retractions included. */
  CloseableIterator<KeyValue> open(SortedRun run);
}
