package dev.lakeops.table.flink.maintenance;

import dev.lakeops.table.commit.ChangeSet;
import dev.lakeops.table.commit.ChangeSetCodec;
import dev.lakeops.table.flink.TableLocation;
import dev.lakeops.table.meta.BinaryRow;
import dev.lakeops.table.meta.Snapshot;
import dev.lakeops.table.write.TableWrite;
import java.nio.ByteBuffer;
import org.apache.flink.streaming.api.operators.AbstractStreamOperator;
import org.apache.flink.streaming.api.operators.BoundedOneInput;
import org.apache.flink.streaming.api.operators.OneInputStreamOperator;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.jspecify.annotations.Nullable;

/**
 * Compacts the buckets it is given (each a serialized partition and a bucket number) with one
 * writer, and hands the compaction's change set to the committer when its input ends.
 */
final class BucketCompactOperator extends AbstractStreamOperator<byte[]>
    implements OneInputStreamOperator<byte[], byte[]>, BoundedOneInput {

  private static final long serialVersionUID = 1L;

  private final TableLocation location;
  private final String commitUser;
  private final boolean full;
  private transient @Nullable TableWrite write;

  BucketCompactOperator(TableLocation location, String commitUser, boolean full) {
    this.location = location;
    this.commitUser = commitUser;
    this.full = full;
  }

  static byte[] task(BinaryRow partition, int bucket) {
    byte[] p = partition.toSerialized();
    return ByteBuffer.allocate(4 + p.length).putInt(bucket).put(p).array();
  }

  @Override
  public void open() throws Exception {
    super.open();
    write = location.open().newWrite(commitUser);
  }

  @Override
  public void processElement(StreamRecord<byte[]> element) {
    ByteBuffer task = ByteBuffer.wrap(element.getValue());
    int bucket = task.getInt();
    byte[] p = new byte[task.remaining()];
    task.get(p);
    BinaryRow partition = BinaryRow.fromSerialized(p);
    if (full) {
      write.fullCompact(partition, bucket);
    } else {
      write.compact(partition, bucket);
    }
  }

  @Override
  public void endInput() {
    ChangeSet changes = write.prepareCommit(Snapshot.BATCH_COMMIT_IDENTIFIER, true);
    if (!changes.isEmpty()) {
      output.collect(new StreamRecord<>(ChangeSetCodec.encode(changes)));
    }
  }

  @Override
  public void close() throws Exception {
    try {
      if (write != null) {
        write.close();
      }
    } finally {
      super.close();
    }
  }
}
