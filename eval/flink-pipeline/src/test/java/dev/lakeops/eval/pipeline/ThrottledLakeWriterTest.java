package dev.lakeops.eval.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The writer's accounting of sleep time, on a simulated clock (no wall-clock timing). */
class ThrottledLakeWriterTest {

  @TempDir Path dir;

  /**
   * A clock that only moves when the writer sleeps, by exactly what it asked for plus an oversleep.
   */
  private static final class SimulatedTime {
    long nanos;
    long slept;
    int sleeps;
    long oversleepNanos;

    void sleep(long millis, int extraNanos) {
      long asked = millis * 1_000_000 + extraNanos;
      nanos += asked + oversleepNanos;
      slept += asked + oversleepNanos;
      sleeps++;
    }
  }

  @Test
  void spendsTheDelayOnAverageEvenBelowOneMillisecond() throws Exception {
    Path file = Files.writeString(dir.resolve("delay"), "250");
    SimulatedTime time = new SimulatedTime();
    ThrottledLakeWriter writer =
        new ThrottledLakeWriter(new SinkDelayControl(file), time::sleep, () -> time.nanos);

    for (int i = 0; i < 400; i++) {
      writer.write("{}", null);
    }

    assertThat(time.slept).isEqualTo(400 * 250_000L);
    assertThat(time.sleeps).isEqualTo(100); // one sleep per millisecond owed
  }

  @Test
  void subtractsOversleepFromWhatIsOwedNext() throws Exception {
    Path file = Files.writeString(dir.resolve("delay"), "1000");
    SimulatedTime time = new SimulatedTime();
    time.oversleepNanos = 500_000; // every sleep lasts half a millisecond longer than asked
    ThrottledLakeWriter writer =
        new ThrottledLakeWriter(new SinkDelayControl(file), time::sleep, () -> time.nanos);

    for (int i = 0; i < 1000; i++) {
      writer.write("{}", null);
    }

    // 1 s owed in all; oversleeps are paid back, so the total stays within one sleep of it.
    assertThat(time.slept).isBetween(1_000_000_000L - 1_500_000L, 1_000_000_000L + 1_500_000L);
  }

  @Test
  void doesNotSleepWithoutADelay() throws Exception {
    SimulatedTime time = new SimulatedTime();
    ThrottledLakeWriter writer =
        new ThrottledLakeWriter(
            new SinkDelayControl(dir.resolve("none")), time::sleep, () -> time.nanos);

    for (int i = 0; i < 100_000; i++) {
      writer.write("{}", null);
    }

    assertThat(time.sleeps).isZero();
  }
}
