package dev.lakeops.eval.pipeline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SinkDelayControlTest {

  @TempDir Path dir;

  @Test
  void treatsAMissingFileAsNoDelay() {
    assertThat(new SinkDelayControl(dir.resolve("absent")).delayMicros()).isZero();
  }

  @Test
  void treatsAnEmptyFileAsNoDelay() throws Exception {
    Path file = Files.writeString(dir.resolve("delay"), "\n");

    assertThat(new SinkDelayControl(file).delayMicros()).isZero();
  }

  @Test
  void readsMicrosecondsPerRecord() throws Exception {
    Path file = Files.writeString(dir.resolve("delay"), " 2000\n");

    assertThat(new SinkDelayControl(file).delayMicros()).isEqualTo(2000);
  }

  @Test
  void picksUpAChangeAfterTheRereadInterval() throws Exception {
    Path file = Files.writeString(dir.resolve("delay"), "2000");
    SinkDelayControl control = new SinkDelayControl(file);
    assertThat(control.delayMicros()).isEqualTo(2000);

    Files.writeString(file, "0");
    Thread.sleep(SinkDelayControl.REREAD_NANOS / 1_000_000 + 50);

    assertThat(control.delayMicros()).isZero();
  }

  @Test
  void keepsTheLastDelayWhenTheFileIsUnreadable() throws Exception {
    Path file = Files.writeString(dir.resolve("delay"), "2000");
    SinkDelayControl control = new SinkDelayControl(file);
    control.delayMicros();

    Files.writeString(file, "fast please");
    Thread.sleep(SinkDelayControl.REREAD_NANOS / 1_000_000 + 50);

    assertThat(control.delayMicros()).isEqualTo(2000);
  }

  @Test
  void rejectsANegativeDelay() {
    assertThatThrownBy(() -> SinkDelayControl.parse("-5"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("-5");
  }
}
