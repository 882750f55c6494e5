package dev.lakeops.eval.sandbox;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/** The files the pipeline's JVM re-reads to take orders (sink delay, CDC job generation). */
final class ControlFiles {

  private ControlFiles() {}

  /**
   * Replaces {@code file} with the one line {@code value} atomically, so a reader never reads half
   * of it.
   *
   * @throws UncheckedIOException naming {@code what} and the file
   */
  static void replace(Path file, String value, String what) {
    Path temporary = file.resolveSibling(file.getFileName() + ".tmp");
    try {
      Files.createDirectories(file.toAbsolutePath().getParent());
      Files.writeString(temporary, value + "\n", StandardCharsets.UTF_8);
      Files.move(
          temporary, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    } catch (IOException e) {
      throw new UncheckedIOException("Failed to write " + what + " " + file, e);
    }
  }
}
