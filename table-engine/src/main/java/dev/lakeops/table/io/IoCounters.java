package dev.lakeops.table.io;

import java.util.concurrent.atomic.LongAdder;

/** Thread-safe counters behind {@link FileIO#stats()}. */
public final class IoCounters {

  private final LongAdder lists = new LongAdder();
  private final LongAdder gets = new LongAdder();
  private final LongAdder heads = new LongAdder();
  private final LongAdder puts = new LongAdder();
  private final LongAdder deletes = new LongAdder();
  private final LongAdder bytesRead = new LongAdder();
  private final LongAdder bytesWritten = new LongAdder();

  public void list() {
    lists.increment();
  }

  public void get(long bytes) {
    gets.increment();
    bytesRead.add(bytes);
  }

  /** Bytes read by a GET already counted (a streamed body). */
  public void read(long bytes) {
    bytesRead.add(bytes);
  }

  public void head() {
    heads.increment();
  }

  public void put(long bytes) {
    puts.increment();
    bytesWritten.add(bytes);
  }

  public void delete() {
    deletes.increment();
  }

  public IoStats snapshot() {
    return new IoStats(
        lists.sum(),
        gets.sum(),
        heads.sum(),
        puts.sum(),
        deletes.sum(),
        bytesRead.sum(),
        bytesWritten.sum());
  }
}
