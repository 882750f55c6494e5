package dev.lakeops.eval.pipeline;

import org.apache.flink.api.connector.sink2.SinkWriter;

/**
 * Spends the configured delay on every record, sleeping in steps of at least one millisecond.
 *
 * <p>Delays below a millisecond are owed and paid once they add up to one, and the time actually
 * slept is subtracted, so the average cost per record matches the delay even though sleeps are
 * coarse. The time counts as busy time in Flink's metrics, like a slow external write.
 */
final class ThrottledLakeWriter implements SinkWriter<String> {

  private static final long MIN_SLEEP_NANOS = 1_000_000L;
  // Bounds the credit left by an oversleep, so a long pause does not buy a burst of free records.
  private static final long MAX_CREDIT_NANOS = 10_000_000L;

  /** Sleeps for a time; the clock it is measured with comes separately. */
  interface Sleeper {
    void sleep(long millis, int nanos) throws InterruptedException;
  }

  private final SinkDelayControl control;
  private final Sleeper sleeper;
  private final java.util.function.LongSupplier nanoClock;
  private long owedNanos;

  ThrottledLakeWriter(SinkDelayControl control) {
    this(control, Thread::sleep, System::nanoTime);
  }

  ThrottledLakeWriter(
      SinkDelayControl control, Sleeper sleeper, java.util.function.LongSupplier nanoClock) {
    this.control = control;
    this.sleeper = sleeper;
    this.nanoClock = nanoClock;
  }

  @Override
  public void write(String element, Context context) throws InterruptedException {
    long delayMicros = control.delayMicros();
    if (delayMicros == 0) {
      owedNanos = 0;
      return;
    }
    owedNanos += delayMicros * 1_000;
    if (owedNanos >= MIN_SLEEP_NANOS) {
      long start = nanoClock.getAsLong();
      sleeper.sleep(owedNanos / 1_000_000, (int) (owedNanos % 1_000_000));
      owedNanos = Math.max(owedNanos - (nanoClock.getAsLong() - start), -MAX_CREDIT_NANOS);
    }
  }

  @Override
  public void flush(boolean endOfInput) {
    // Nothing is buffered.
  }

  @Override
  public void close() {
    // Nothing to release.
  }
}
