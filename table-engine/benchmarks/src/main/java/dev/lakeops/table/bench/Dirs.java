package dev.lakeops.table.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Scratch directories of a benchmark, under {@code java.io.tmpdir} (or {@code
 * -Dlakeops.bench.dir}).
 */
final class Dirs {

  private static final Logger LOG = LoggerFactory.getLogger(Dirs.class);

  private Dirs() {}

  static Path create(String prefix) {
    try {
      String parent = System.getProperty("lakeops.bench.dir");
      return parent == null
          ? Files.createTempDirectory(prefix)
          : Files.createTempDirectory(Files.createDirectories(Path.of(parent)), prefix);
    } catch (IOException e) {
      throw new UncheckedIOException("Failed to create a scratch directory", e);
    }
  }

  /**
   * Deletes a scratch directory, best effort: Paimon's writer may still finish a background
   * compaction file after it was closed, so a failed attempt is retried, and a directory that
   * cannot be deleted is logged and left in the temp directory rather than failing the benchmark.
   */
  static void delete(Path dir) {
    for (int attempt = 1; dir != null && Files.exists(dir); attempt++) {
      try (Stream<Path> paths = Files.walk(dir)) {
        for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
          Files.deleteIfExists(p);
        }
      } catch (IOException | UncheckedIOException e) {
        if (attempt == 5) {
          LOG.warn("Left scratch directory {} behind: {}", dir, e.toString());
          return;
        }
        try {
          Thread.sleep(200);
        } catch (InterruptedException interrupted) {
          Thread.currentThread().interrupt();
          return;
        }
      }
    }
  }
}
