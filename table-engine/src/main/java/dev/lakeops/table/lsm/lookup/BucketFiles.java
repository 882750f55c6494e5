package dev.lakeops.table.lsm.lookup;

import dev.lakeops.table.data.CloseableIterator;
import dev.lakeops.table.format.KeyValue;
import dev.lakeops.table.meta.DataFileMeta;
import java.util.Iterator;
import java.util.List;

/** The data and changelog files of one bucket, as a lookup compaction reads and writes them. */
public interface BucketFiles {

  /**
   * Every record of {@code file} in file order (the n-th record is the row at position n), deletion
   * vectors not applied.
   */
  CloseableIterator<KeyValue> open(DataFileMeta file);

  /**
   * Writes {@code records} (ascending keys, one per key) as compaction output at {@code level}; on
   * failure deletes what it wrote and rethrows.
   */
  List<DataFileMeta> writeCompacted(Iterator<KeyValue> records, int level);

  /**
   * Writes {@code records} (ascending keys; {@code -U} before {@code +U} of one key) into changelog
   * files ({@code changelog-file.prefix}) recorded at {@code level}; on failure deletes what it
   * wrote and rethrows.
   */
  List<DataFileMeta> writeChangelog(Iterator<KeyValue> records, int level);
}
