package dev.lakeops.table.flink.source;

import dev.lakeops.table.read.DataSplit;
import dev.lakeops.table.read.DataSplitCodec;
import org.apache.flink.api.connector.source.SourceSplit;

/**
 * The files of one (partition, bucket) of one snapshot, handed to one reader; {@code skip} rows of
 * it were already emitted before the checkpoint this split was restored from.
 *
 * @param split the {@link DataSplitCodec} bytes of the split
 */
record TableSplit(String id, long snapshotId, int bucketHash, byte[] split, long skip)
    implements SourceSplit {

  static TableSplit of(String id, DataSplit split, int bucketHash) {
    return new TableSplit(id, split.snapshotId(), bucketHash, DataSplitCodec.encode(split), 0);
  }

  DataSplit dataSplit() {
    return DataSplitCodec.decode(split);
  }

  TableSplit skipping(long rows) {
    return new TableSplit(id, snapshotId, bucketHash, split, rows);
  }

  @Override
  public String splitId() {
    return id;
  }
}
