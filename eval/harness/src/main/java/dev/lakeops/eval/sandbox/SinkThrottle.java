package dev.lakeops.eval.sandbox;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
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
    Path temporary = file.resolveSibling(file.getFileName() + ".tmp");
    try {
      Files.createDirectories(file.toAbsolutePath().getParent());
      Files.writeString(temporary, micros + "\n", StandardCharsets.UTF_8);
      Files.move(
          temporary, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    } catch (IOException e) {
      throw new UncheckedIOException("Failed to write sink control file " + file, e);
    }
  }
}
