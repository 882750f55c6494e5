package dev.lakeops.table.write;

import dev.lakeops.table.commit.BucketChange;
import dev.lakeops.table.data.Row;
import dev.lakeops.table.meta.DataFileMeta;
import java.util.function.Consumer;

/**
 * Writes the rows of one (partition, bucket) and hands over what it wrote at each commit. Not
 * thread-safe.
 */
interface BucketWriter {

  void write(Row row);

  /**
   * Flushes buffered rows, then compacts: {@link CompactionMode#FULL} as a full compaction, {@link
   * CompactionMode#UNIVERSAL} what the table's picker picks, if anything. {@code inputDone} is told
   * of each input file once its rows are rewritten, where the writer can tell.
   *
   * @throws UnsupportedOperationException the table kind cannot be compacted by lakeops
   */
  void compact(CompactionMode mode, Consumer<DataFileMeta> inputDone);

  /**
   * Flushes, compacts if the table's picker says so, and returns every change since the last call.
   */
  BucketChange prepareCommit();

  /**
   * As {@link #prepareCommit()}; with {@code waitCompaction} false a writer that can compact in the
   * background (Paimon's streaming write, {@code prepareCommit(false, id)}) starts the compaction
   * the picker chose and hands its result over with a later commit, once it is done. Writers that
   * cannot, or tables that must wait (lookup), compact here as {@link #prepareCommit()} does.
   */
  default BucketChange prepareCommit(boolean waitCompaction) {
    return prepareCommit();
  }

  /** Whether nothing is buffered and nothing is waiting to be handed over. */
  boolean isIdle();

  /** Drops buffered rows and deletes files not yet handed over. */
  void close();
}
