package dev.lakeops.table.lsm;

import dev.lakeops.table.format.KeyValue;
import dev.lakeops.table.meta.DataFileMeta;
import java.util.List;

/**
 * Where a compaction writes the changelog it produces ({@code +I}/{@code -U}/{@code +U}/{@code -D}
 * records): changelog files of one bucket, rolled at the target file size.
 */
public interface ChangelogSink {

  /** Starts new changelog files whose manifest records carry {@code level}. */
  Output open(int level);

  /** Changelog files being written. Not thread-safe. */
  interface Output {

    /** Appends one record; keys ascend, and one key may have several records in a row. */
    void write(KeyValue kv);

    /** Completes the files and returns them; empty when nothing was written. */
    List<DataFileMeta> complete();

    /** Deletes every file written so far; idempotent, a no-op after {@link #complete}. */
    void abort();
  }
}
