package dev.lakeops.table.flink.source;

import dev.lakeops.table.Table;
import dev.lakeops.table.data.CloseableIterator;
import dev.lakeops.table.data.Row;
import dev.lakeops.table.flink.TableLocation;
import dev.lakeops.table.read.TableRead;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.apache.flink.api.connector.source.ReaderOutput;
import org.apache.flink.api.connector.source.SourceReader;
import org.apache.flink.api.connector.source.SourceReaderContext;
import org.apache.flink.core.io.InputStatus;
import org.jspecify.annotations.Nullable;

/**
 * Reads its splits one at a time, in the order they were assigned, and asks for the next when one
 * ends. Its checkpoint holds the split being read with the number of rows already emitted (a
 * restored reader skips them) and the splits still queued.
 */
final class TableSourceReader implements SourceReader<Row, TableSplit> {

  private final SourceReaderContext context;
  private final TableLocation location;
  private final Deque<TableSplit> queued = new ArrayDeque<>();
  private @Nullable TableRead read;
  private @Nullable TableSplit current;
  private @Nullable CloseableIterator<Row> rows;
  private long emitted;
  private boolean noMoreSplits;
  private boolean requested;
  private CompletableFuture<Void> available = new CompletableFuture<>();

  TableSourceReader(SourceReaderContext context, TableLocation location) {
    this.context = context;
    this.location = location;
  }

  @Override
  public void start() {
    Table table = location.open();
    read = table.newRead();
  }

  @Override
  public InputStatus pollNext(ReaderOutput<Row> output) {
    if (current == null && !openNext()) {
      if (noMoreSplits) {
        return InputStatus.END_OF_INPUT;
      }
      request();
      return InputStatus.NOTHING_AVAILABLE;
    }
    if (rows.hasNext()) {
      output.collect(rows.next());
      emitted++;
      return InputStatus.MORE_AVAILABLE;
    }
    finishCurrent();
    return queued.isEmpty() && !noMoreSplits ? pollAgainLater() : InputStatus.MORE_AVAILABLE;
  }

  private InputStatus pollAgainLater() {
    request();
    return InputStatus.NOTHING_AVAILABLE;
  }

  private boolean openNext() {
    TableSplit next = queued.poll();
    if (next == null) {
      return false;
    }
    current = next;
    rows = read.open(next.dataSplit());
    emitted = 0;
    while (emitted < next.skip() && rows.hasNext()) {
      rows.next();
      emitted++;
    }
    return true;
  }

  private void finishCurrent() {
    rows.close();
    context.sendSourceEventToCoordinator(new SplitFinishedEvent(List.of(current.splitId())));
    current = null;
    rows = null;
  }

  private void request() {
    if (!requested) {
      requested = true;
      context.sendSplitRequest();
    }
  }

  @Override
  public List<TableSplit> snapshotState(long checkpointId) {
    List<TableSplit> state = new ArrayList<>();
    if (current != null) {
      state.add(current.skipping(emitted));
    }
    state.addAll(queued);
    return state;
  }

  @Override
  public CompletableFuture<Void> isAvailable() {
    if (current != null || !queued.isEmpty() || noMoreSplits) {
      return CompletableFuture.completedFuture(null);
    }
    if (available.isDone()) {
      available = new CompletableFuture<>();
    }
    return available;
  }

  @Override
  public void addSplits(List<TableSplit> splits) {
    queued.addAll(splits);
    requested = false;
    available.complete(null);
  }

  @Override
  public void notifyNoMoreSplits() {
    noMoreSplits = true;
    available.complete(null);
  }

  @Override
  public void close() {
    if (rows != null) {
      rows.close();
    }
  }
}
