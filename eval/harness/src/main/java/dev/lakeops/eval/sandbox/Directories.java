package dev.lakeops.eval.sandbox;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/** Directories the sandbox, the demo and the end-to-end tests start afresh. */
public final class Directories {

  private Directories() {}

  /**
   * Deletes {@code dir} and everything under it, if it exists.
   *
   * @throws UncheckedIOException naming the directory when something cannot be deleted
   */
  public static void deleteRecursively(Path dir) {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> paths = Files.walk(dir)) {
      for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(path);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot clear " + dir, e);
    }
  }
}
