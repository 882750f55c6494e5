package dev.lakeops.table.write;

import dev.lakeops.table.commit.BucketChange;
import dev.lakeops.table.data.Row;
import dev.lakeops.table.lsm.CompactionPicker;

/**
 * Writes the rows of one (partition, bucket) and hands over what it wrote at each commit. Not
 * thread-safe.
 */
interface BucketWriter {

  void write(Row row);

  /**
   * Flushes buffered rows, then compacts what {@code picker} picks, if anything.
   *
   * @throws UnsupportedOperationException the table kind cannot be compacted by lakeops
   */
  void compact(CompactionPicker picker);

  /**
   * Flushes, compacts if the table's picker says so, and returns every change since the last call.
   */
  BucketChange prepareCommit();

  /** Whether nothing is buffered and nothing is waiting to be handed over. */
  boolean isIdle();

  /** Drops buffered rows and deletes files not yet handed over. */
  void close();
}
