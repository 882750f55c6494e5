package dev.lakeops.eval.pipeline.scenario;

import java.time.Duration;
import org.apache.flink.api.common.functions.MapFunction;

/**
 * Passes records through, sleeping a fixed time on each: a stand-in for a slow call per record.
 * Flink counts the sleep as busy time.
 */
final class SleepPerRecord<T> implements MapFunction<T, T> {

  private static final long serialVersionUID = 1L;
  private final long millis;

  SleepPerRecord(Duration perRecord) {
    this.millis = perRecord.toMillis();
  }

  @Override
  public T map(T value) throws InterruptedException {
    Thread.sleep(millis);
    return value;
  }
}
