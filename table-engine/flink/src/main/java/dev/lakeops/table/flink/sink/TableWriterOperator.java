package dev.lakeops.table.flink.sink;

import dev.lakeops.table.Table;
import dev.lakeops.table.commit.ChangeSet;
import dev.lakeops.table.commit.ChangeSetCodec;
import dev.lakeops.table.data.Row;
import dev.lakeops.table.flink.TableLocation;
import dev.lakeops.table.meta.Snapshot;
import dev.lakeops.table.write.TableWrite;
import java.time.Duration;
import java.util.List;
import java.util.OptionalLong;
import org.apache.flink.api.common.state.ListState;
import org.apache.flink.api.common.state.ListStateDescriptor;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.runtime.state.StateInitializationContext;
import org.apache.flink.runtime.state.StateSnapshotContext;
import org.apache.flink.streaming.api.operators.AbstractStreamOperator;
import org.apache.flink.streaming.api.operators.BoundedOneInput;
import org.apache.flink.streaming.api.operators.OneInputStreamOperator;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.jspecify.annotations.Nullable;

/**
 * Writes the rows of its buckets into data files and, just before each checkpoint barrier, hands
 * what it wrote since the last one to the committer as a {@link ChangeSet} whose identifier is the
 * checkpoint id (Paimon's {@code prepareCommit(false, checkpointId)}: compaction goes on in the
 * background). At the end of a bounded input it flushes everything, waiting for compaction, as
 * identifier {@link Snapshot#BATCH_COMMIT_IDENTIFIER}.
 *
 * <p>On restore it first waits until the table holds the last change set it handed over before the
 * checkpoint (the committer re-commits it on its own restore): a primary-key writer continues the
 * sequence numbers of its buckets' files, and must see them all.
 */
final class TableWriterOperator extends AbstractStreamOperator<byte[]>
    implements OneInputStreamOperator<Row, byte[]>, BoundedOneInput {

  private static final long serialVersionUID = 1L;

  private final TableLocation location;
  private final String initialCommitUser;
  private final Duration restoreTimeout;

  private transient @Nullable String commitUser;
  private transient @Nullable ListState<Long> handedOverState;
  private transient long handedOver = Long.MIN_VALUE;
  private transient @Nullable Table table;
  private transient @Nullable TableWrite write;
  private transient boolean ended;

  TableWriterOperator(TableLocation location, String initialCommitUser, Duration restoreTimeout) {
    this.location = location;
    this.initialCommitUser = initialCommitUser;
    this.restoreTimeout = restoreTimeout;
  }

  @Override
  public void initializeState(StateInitializationContext context) throws Exception {
    super.initializeState(context);
    commitUser =
        CommitUserState.restoreOrInit(
            context.getOperatorStateStore(), initialCommitUser, "the lake writer of " + location);
    handedOverState =
        context
            .getOperatorStateStore()
            .getUnionListState(new ListStateDescriptor<>("lakeops-handed-over", Types.LONG));
    long awaited = Long.MIN_VALUE;
    for (Long id : handedOverState.get()) {
      awaited = Math.max(awaited, id);
    }
    handedOver = awaited;
    table = location.open();
    if (context.isRestored() && awaited != Long.MIN_VALUE) {
      awaitCommitted(awaited, context.getRestoredCheckpointId());
    }
    write = table.newWrite(commitUser);
  }

  private void awaitCommitted(long identifier, OptionalLong checkpoint)
      throws InterruptedException {
    long deadline = System.nanoTime() + restoreTimeout.toNanos();
    while (true) {
      OptionalLong committed = table.refresh().newCommit().latestCommittedIdentifier(commitUser);
      if (committed.isPresent() && committed.getAsLong() >= identifier) {
        return;
      }
      if (System.nanoTime() > deadline) {
        throw new IllegalStateException(
            "Cannot restore the lake writer of "
                + location
                + (checkpoint.isPresent() ? " from checkpoint " + checkpoint.getAsLong() : "")
                + ": the change set of checkpoint "
                + identifier
                + " of commit user "
                + commitUser
                + " is not in the table after "
                + restoreTimeout.toSeconds()
                + " s (latest committed by that user: "
                + (committed.isPresent() ? committed.getAsLong() : "none")
                + "); its snapshots may have expired, or the committer cannot commit");
      }
      Thread.sleep(50);
    }
  }

  @Override
  public void processElement(StreamRecord<Row> element) {
    try {
      write.write(element.getValue());
    } catch (IllegalArgumentException | UnsupportedOperationException e) {
      throw new IllegalArgumentException(
          "The lake writer of " + location + " refused a row: " + e.getMessage(), e);
    }
  }

  @Override
  public void prepareSnapshotPreBarrier(long checkpointId) throws Exception {
    super.prepareSnapshotPreBarrier(checkpointId);
    if (!ended) {
      handOver(write.prepareCommit(checkpointId, false));
    }
  }

  @Override
  public void endInput() {
    handOver(write.prepareCommit(Snapshot.BATCH_COMMIT_IDENTIFIER, true));
    ended = true;
  }

  private void handOver(ChangeSet changes) {
    if (changes.isEmpty()) {
      return;
    }
    output.collect(new StreamRecord<>(ChangeSetCodec.encode(changes)));
    handedOver = changes.commitIdentifier();
  }

  @Override
  public void snapshotState(StateSnapshotContext context) throws Exception {
    super.snapshotState(context);
    handedOverState.update(handedOver == Long.MIN_VALUE ? List.of() : List.of(handedOver));
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
