package dev.lakeops.table.lsm;

import dev.lakeops.table.format.KeyValue;
import dev.lakeops.table.meta.DataFileMeta;
import java.util.Iterator;
import java.util.List;

/** Writes sorted key-values into new data files of one bucket, rolling at the target file size. */
@FunctionalInterface
public interface RunWriter {

  /**
   * Writes {@code records} (sorted by key, one per key) as compaction output at {@code level}; on
   * failure deletes what it wrote and rethrows.
   *
   * @return the files written, in key order; empty when there were no records
   */
  List<DataFileMeta> writeCompacted(Iterator<KeyValue> records, int level);
}
