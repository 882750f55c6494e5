package dev.lakeops.table.flink.sink;

import dev.lakeops.table.Table;
import dev.lakeops.table.commit.BucketChange;
import dev.lakeops.table.commit.ChangeSet;
import dev.lakeops.table.commit.ChangeSetCodec;
import dev.lakeops.table.commit.ChangeSetCodec.CorruptChangeSetException;
import dev.lakeops.table.commit.CommitResult;
import dev.lakeops.table.flink.TableLocation;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;
import org.apache.flink.api.common.state.ListState;
import org.apache.flink.api.common.state.ListStateDescriptor;
import org.apache.flink.api.common.typeinfo.PrimitiveArrayTypeInfo;
import org.apache.flink.runtime.state.StateInitializationContext;
import org.apache.flink.runtime.state.StateSnapshotContext;
import org.apache.flink.streaming.api.operators.AbstractStreamOperator;
import org.apache.flink.streaming.api.operators.BoundedOneInput;
import org.apache.flink.streaming.api.operators.OneInputStreamOperator;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.jspecify.annotations.Nullable;

/**
 * The second phase: keeps the change sets the writers hand over, in its state, until their
 * checkpoint completes, then commits each checkpoint's change sets as one commit of the sink's
 * commit user with the checkpoint id as identifier. Runs with parallelism 1.
 *
 * <p>Restored from a checkpoint, it first commits the change sets that checkpoint held through
 * {@link dev.lakeops.table.commit.TableCommitter#filterAndCommit}: those already committed before
 * the failure (the commit happened, the notification or the next checkpoint did not) are skipped,
 * the others are committed now. So a failover neither writes a checkpoint twice nor loses one.
 */
public final class TableCommitterOperator extends AbstractStreamOperator<Void>
    implements OneInputStreamOperator<byte[], Void>, BoundedOneInput {

  private static final long serialVersionUID = 1L;

  private final TableLocation location;
  private final String initialCommitUser;

  private transient @Nullable String commitUser;
  private transient @Nullable ListState<byte[]> pendingState;
  private transient @Nullable Table table;
  // by checkpoint id: the change sets handed over for it, decoded and as received
  private transient NavigableMap<Long, List<Pending>> pending;

  private record Pending(ChangeSet changes, byte[] bytes) {}

  public TableCommitterOperator(TableLocation location, String initialCommitUser) {
    this.location = location;
    this.initialCommitUser = initialCommitUser;
  }

  @Override
  public void initializeState(StateInitializationContext context) throws Exception {
    super.initializeState(context);
    commitUser =
        CommitUserState.restoreOrInit(
            context.getOperatorStateStore(),
            initialCommitUser,
            "the lake committer of " + location);
    pendingState =
        context
            .getOperatorStateStore()
            .getListState(
                new ListStateDescriptor<>(
                    "lakeops-pending-change-sets",
                    PrimitiveArrayTypeInfo.BYTE_PRIMITIVE_ARRAY_TYPE_INFO));
    pending = new TreeMap<>();
    table = location.open();
    List<byte[]> restored = new ArrayList<>();
    pendingState.get().forEach(restored::add);
    for (int i = 0; i < restored.size(); i++) {
      ChangeSet changes;
      try {
        changes = ChangeSetCodec.decode(restored.get(i));
      } catch (CorruptChangeSetException e) {
        throw new IllegalStateException(
            "Cannot restore the lake committer of "
                + location
                + checkpointText(context)
                + ": pending change set "
                + (i + 1)
                + " of "
                + restored.size()
                + " is corrupt: "
                + e.getMessage(),
            e);
      }
      add(changes, restored.get(i));
    }
    if (!pending.isEmpty()) {
      LOG.info(
          "Lake committer of {} restored{} with change sets of checkpoints {}: committing those"
              + " not yet in the table",
          location,
          checkpointText(context),
          pending.keySet());
      commitUpTo(Long.MAX_VALUE);
    }
  }

  private static String checkpointText(StateInitializationContext context) {
    return context.getRestoredCheckpointId().isPresent()
        ? " from checkpoint " + context.getRestoredCheckpointId().getAsLong()
        : "";
  }

  @Override
  public void processElement(StreamRecord<byte[]> element) {
    byte[] bytes = element.getValue();
    add(ChangeSetCodec.decode(bytes), bytes);
  }

  private void add(ChangeSet changes, byte[] bytes) {
    if (!changes.commitUser().equals(commitUser)) {
      throw new IllegalStateException(
          "The lake committer of "
              + location
              + " commits as "
              + commitUser
              + " but got a change set of commit user "
              + changes.commitUser()
              + " (checkpoint "
              + changes.commitIdentifier()
              + ")");
    }
    pending
        .computeIfAbsent(changes.commitIdentifier(), id -> new ArrayList<>())
        .add(new Pending(changes, bytes));
  }

  @Override
  public void snapshotState(StateSnapshotContext context) throws Exception {
    super.snapshotState(context);
    List<byte[]> all = new ArrayList<>();
    pending.values().forEach(list -> list.forEach(p -> all.add(p.bytes())));
    pendingState.update(all);
  }

  @Override
  public void notifyCheckpointComplete(long checkpointId) throws Exception {
    super.notifyCheckpointComplete(checkpointId);
    commitUpTo(checkpointId);
  }

  @Override
  public void endInput() {
    commitUpTo(Long.MAX_VALUE);
  }

  private void commitUpTo(long checkpointId) {
    NavigableMap<Long, List<Pending>> due = pending.headMap(checkpointId, true);
    if (due.isEmpty()) {
      return;
    }
    List<ChangeSet> changeSets = new ArrayList<>(due.size());
    for (Map.Entry<Long, List<Pending>> e : due.entrySet()) {
      List<BucketChange> changes = new ArrayList<>();
      e.getValue().forEach(p -> changes.addAll(p.changes().changes()));
      changeSets.add(new ChangeSet(commitUser, e.getKey(), changes));
    }
    List<CommitResult> results = table.refresh().newCommit().filterAndCommit(changeSets);
    for (CommitResult r : results) {
      LOG.info(
          "Lake committer of {} committed checkpoint {} of {} as snapshot(s) {}",
          location,
          r.commitIdentifier(),
          commitUser,
          r.snapshots().stream().map(s -> s.id()).toList());
    }
    due.clear();
  }
}
