package dev.lakeops.eval.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ThrottledLakeWriterTest {

  @TempDir Path dir;

  @Test
  void spendsTheDelayOnAverageEvenBelowOneMillisecond() throws Exception {
    Path file = Files.writeString(dir.resolve("delay"), "250");
    ThrottledLakeWriter writer = new ThrottledLakeWriter(new SinkDelayControl(file));

    long start = System.nanoTime();
    for (int i = 0; i < 400; i++) {
      writer.write("{}", null);
    }
    long elapsedMillis = (System.nanoTime() - start) / 1_000_000;

    assertThat(elapsedMillis).isBetween(90L, 160L);
  }

  @Test
  void doesNotSleepWithoutADelay() throws Exception {
    ThrottledLakeWriter writer = new ThrottledLakeWriter(new SinkDelayControl(dir.resolve("none")));

    long start = System.nanoTime();
    for (int i = 0; i < 100_000; i++) {
      writer.write("{}", null);
    }

    assertThat((System.nanoTime() - start) / 1_000_000).isLessThan(500L);
  }
}
