package dev.lakeops.eval.pipeline;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The CDC job's generation, from a file another process may rewrite: a non-negative integer, a
 * missing or blank file being 0. Each new number asks for a restart of the job without its state.
 */
final class CdcGeneration {

  private static final Logger LOG = LoggerFactory.getLogger(CdcGeneration.class);

  private CdcGeneration() {}

  /** The number in {@code file}; {@code current} if the file cannot be read or parsed. */
  static long read(Path file, long current) {
    try {
      return parse(Files.readString(file, StandardCharsets.UTF_8));
    } catch (NoSuchFileException e) {
      return 0;
    } catch (IOException | IllegalArgumentException e) {
      LOG.warn("Ignoring CDC generation file {}: {}", file, e.getMessage());
      return current;
    }
  }

  /**
   * Parses the file's content: blank means 0.
   *
   * @throws IllegalArgumentException the content is not a non-negative integer
   */
  static long parse(String content) {
    return ControlNumbers.nonNegative(content, "CDC generation");
  }
}
