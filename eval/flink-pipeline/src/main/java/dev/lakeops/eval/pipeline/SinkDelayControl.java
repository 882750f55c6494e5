package dev.lakeops.eval.pipeline;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The sink's delay per record, read from a control file that another process may rewrite.
 *
 * <p>The file holds a number of microseconds per record; a missing or empty file means 0. It is
 * re-read at most every 300 ms, so checking it for every record costs one clock read. Not thread
 * safe: each sink writer owns one.
 */
final class SinkDelayControl {

  private static final Logger LOG = LoggerFactory.getLogger(SinkDelayControl.class);
  static final long REREAD_NANOS = 300_000_000L;

  private final Path file;
  private final String what;
  private long delayMicros;
  private long lastReadNanos;
  private boolean read;

  SinkDelayControl(Path file) {
    this(file, "Sink delay is now {} µs per record (from {})");
  }

  /**
   * @param what the log line of a new delay, with {@code {}} for the delay and the file
   */
  SinkDelayControl(Path file, String what) {
    this.file = file;
    this.what = what;
  }

  /** Returns the delay per record in microseconds, re-reading the file if the last read is old. */
  long delayMicros() {
    long now = System.nanoTime();
    if (!read || now - lastReadNanos >= REREAD_NANOS) {
      long next = readFile();
      if (next != delayMicros) {
        LOG.info(what, next, file);
      }
      delayMicros = next;
      lastReadNanos = now;
      read = true;
    }
    return delayMicros;
  }

  private long readFile() {
    try {
      return parse(Files.readString(file, StandardCharsets.UTF_8));
    } catch (NoSuchFileException e) {
      return 0;
    } catch (IOException | IllegalArgumentException e) {
      LOG.warn("Ignoring sink control file {}: {}", file, e.getMessage());
      return delayMicros;
    }
  }

  /**
   * Parses the file's content: blank means 0.
   *
   * @throws IllegalArgumentException the content is not a non-negative integer
   */
  static long parse(String content) {
    return ControlNumbers.nonNegative(content, "sink delay");
  }
}
