package dev.lakeops.eval.sandbox;

import java.nio.file.Path;
import java.time.Duration;

/**
 * Writes the demo pipeline's sink control file: microseconds spent per record. The pipeline's
 * writers re-read it at most every 300 ms.
 */
record SinkThrottle(Path file) {

  static final Duration MAX_DELAY = Duration.ofSeconds(1);

  /**
   * Replaces the file atomically, so a writer never reads half a number.
   *
   * @throws IllegalArgumentException {@code perRecord} is negative or above one second
   */
  void set(Duration perRecord) {
    if (perRecord.isNegative() || perRecord.compareTo(MAX_DELAY) > 0) {
      throw new IllegalArgumentException(
          "Invalid sink delay per record: " + perRecord + " (must be 0 to " + MAX_DELAY + ")");
    }
    long micros = perRecord.toNanos() / 1_000;
    ControlFiles.replace(file, Long.toString(micros), "sink control file");
  }
}
