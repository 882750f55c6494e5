package dev.lakeops.table.flink.source;

import dev.lakeops.table.Table;
import dev.lakeops.table.bucket.BucketFunction;
import dev.lakeops.table.consumer.Consumers;
import dev.lakeops.table.flink.source.TableSplitSerializer.EnumeratorState;
import dev.lakeops.table.meta.Consumer;
import dev.lakeops.table.meta.Snapshot;
import dev.lakeops.table.read.DataSplit;
import dev.lakeops.table.read.ScanPlan;
import dev.lakeops.table.read.StreamPlan;
import dev.lakeops.table.read.StreamingScan;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeMap;
import org.apache.flink.api.connector.source.SourceEvent;
import org.apache.flink.api.connector.source.SplitEnumerator;
import org.apache.flink.api.connector.source.SplitEnumeratorContext;
import org.apache.flink.api.connector.source.SplitsAssignment;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Plans the read and hands the splits out. Every split of a (partition, bucket) goes to the same
 * reader, one at a time and in snapshot order, so a primary-key bucket's changes arrive in the
 * order they were committed. Bounded: the splits of one snapshot, then no more. Streaming: a {@link
 * StreamingScan} polled every discovery interval; with a consumer id, the first snapshot not fully
 * read at a completed checkpoint is saved as the consumer's progress.
 */
final class TableSplitEnumerator implements SplitEnumerator<TableSplit, EnumeratorState> {

  private static final Logger LOG = LoggerFactory.getLogger(TableSplitEnumerator.class);

  private final SplitEnumeratorContext<TableSplit> context;
  private final TableSource source;
  private final Table table;
  private final @Nullable StreamingScan scan;
  private final Deque<TableSplit> unassigned = new ArrayDeque<>();
  private final Map<Integer, Deque<TableSplit>> queued = new HashMap<>();
  private final Set<Integer> waiting = new LinkedHashSet<>();
  // splits handed out and not reported finished: id -> snapshot
  private final Map<String, Long> reading = new HashMap<>();
  private final TreeMap<Long, Long> consumerAtCheckpoint = new TreeMap<>();
  private long nextSnapshotId;
  private boolean planned;
  private boolean scanFinished;
  private int splitCounter;

  TableSplitEnumerator(
      SplitEnumeratorContext<TableSplit> context,
      TableSource source,
      @Nullable EnumeratorState restored) {
    this.context = context;
    this.source = source;
    this.table = source.location().open();
    if (restored != null) {
      unassigned.addAll(restored.pending());
      nextSnapshotId = restored.nextSnapshotId();
      // a bounded read restored after its planning is done: nothing more to plan
      planned = !source.streaming() && nextSnapshotId > 0;
      scanFinished = planned;
    }
    this.scan = source.streaming() ? source.streamingScan(table, restored) : null;
  }

  @Override
  public void start() {
    if (scan != null) {
      context.callAsync(
          this::discover, this::assignDiscovered, 0, scan.discoveryInterval().toMillis());
    } else if (!planned) {
      context.callAsync(
          () -> {
            ScanPlan plan = source.boundedPlan(table);
            long snapshot = plan.findSnapshot().map(Snapshot::id).orElse(Long.MAX_VALUE);
            return new Discovery(
                List.of(new StreamPlan(snapshot, true, plan)), OptionalLong.of(snapshot), true);
          },
          this::assignDiscovered);
    }
  }

  /** What a poll found, with the scan's position after it (read on the worker thread). */
  private record Discovery(List<StreamPlan> plans, OptionalLong next, boolean finished) {}

  // on the coordinator's worker thread: the plans committed since the last poll
  private Discovery discover() {
    List<StreamPlan> plans = new ArrayList<>();
    for (int i = 0; i < 100; i++) {
      Optional<StreamPlan> next = scan.poll();
      if (next.isEmpty()) {
        break;
      }
      plans.add(next.get());
    }
    return new Discovery(plans, scan.nextSnapshotId(), scan.isFinished());
  }

  private void assignDiscovered(Discovery found, @Nullable Throwable error) {
    if (error != null) {
      throw new IllegalStateException(
          "Cannot plan the read of lake table " + source.location() + ": " + error.getMessage(),
          error);
    }
    for (StreamPlan plan : found.plans()) {
      for (DataSplit split : plan.plan().splits()) {
        String id = split.snapshotId() + "-" + split.bucket() + "-" + (splitCounter++);
        unassigned.add(TableSplit.of(id, split, bucketHash(split)));
      }
    }
    planned = true;
    scanFinished = found.finished();
    if (found.next().isPresent()) {
      nextSnapshotId = found.next().getAsLong();
    }
    route();
    assignToWaiting();
  }

  private static int bucketHash(DataSplit split) {
    return BucketFunction.hash(split.partition()) * 31 + split.bucket();
  }

  private void route() {
    int readers = context.currentParallelism();
    while (!unassigned.isEmpty()) {
      TableSplit s = unassigned.poll();
      queued
          .computeIfAbsent(Math.floorMod(s.bucketHash(), readers), r -> new ArrayDeque<>())
          .add(s);
    }
  }

  private void assignToWaiting() {
    for (Integer reader : new ArrayList<>(waiting)) {
      if (!context.registeredReaders().containsKey(reader)) {
        continue;
      }
      Deque<TableSplit> q = queued.get(reader);
      if (q != null && !q.isEmpty()) {
        TableSplit s = q.poll();
        reading.put(s.splitId(), s.snapshotId());
        context.assignSplits(new SplitsAssignment<>(Map.of(reader, List.of(s))));
        waiting.remove(reader);
      } else if (finished()) {
        context.signalNoMoreSplits(reader);
        waiting.remove(reader);
      }
    }
  }

  private boolean finished() {
    if (!planned) {
      return false;
    }
    return scanFinished;
  }

  @Override
  public void handleSplitRequest(int subtaskId, @Nullable String requesterHostname) {
    waiting.add(subtaskId);
    route();
    assignToWaiting();
  }

  @Override
  public void handleSourceEvent(int subtaskId, SourceEvent event) {
    if (event instanceof SplitFinishedEvent finished) {
      finished.splitIds().forEach(reading::remove);
    }
  }

  @Override
  public void addSplitsBack(List<TableSplit> splits, int subtaskId) {
    // a reader failed: its splits go back to the front of its queue, in order
    Deque<TableSplit> q = queued.computeIfAbsent(subtaskId, r -> new ArrayDeque<>());
    for (int i = splits.size() - 1; i >= 0; i--) {
      reading.remove(splits.get(i).splitId());
      q.addFirst(splits.get(i));
    }
  }

  @Override
  public void addReader(int subtaskId) {
    // splits go out on request
  }

  @Override
  public EnumeratorState snapshotState(long checkpointId) {
    List<TableSplit> pending = new ArrayList<>(unassigned);
    queued.values().forEach(pending::addAll);
    if (scan != null && scan.consumerId().isPresent()) {
      long consumer = nextSnapshotId;
      for (TableSplit s : pending) {
        consumer = Math.min(consumer, s.snapshotId());
      }
      for (long snapshot : reading.values()) {
        consumer = Math.min(consumer, snapshot);
      }
      consumerAtCheckpoint.put(checkpointId, consumer);
    }
    return new EnumeratorState(nextSnapshotId, pending);
  }

  @Override
  public void notifyCheckpointComplete(long checkpointId) {
    Map.Entry<Long, Long> done = consumerAtCheckpoint.floorEntry(checkpointId);
    if (done == null || scan == null || done.getValue() <= 0) {
      return;
    }
    String consumerId = scan.consumerId().orElseThrow();
    new Consumers(table.io(), table.paths()).save(consumerId, new Consumer(done.getValue()));
    LOG.debug("Consumer {} of {} at snapshot {}", consumerId, source.location(), done.getValue());
    consumerAtCheckpoint.headMap(checkpointId, true).clear();
  }

  /** The snapshot the scan goes on from; for tests. */
  OptionalLong nextSnapshot() {
    return nextSnapshotId > 0 ? OptionalLong.of(nextSnapshotId) : OptionalLong.empty();
  }

  @Override
  public void close() {
    // nothing held open
  }
}
