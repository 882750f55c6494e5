package dev.lakeops.table.compat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.extension.AnnotatedElementContext;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.io.TempDirFactory;

/**
 * Temporary directories in memory ({@code /dev/shm}, a tmpfs) where the machine has one, else in
 * the default temporary directory. For tests whose warehouses take many small commits: lakeops
 * forces every metadata file to disk before it moves it into place, and on a disk those forces, not
 * the format work, dominate a test of a few hundred rows. The files and their bytes are the same.
 */
final class MemoryTempDirFactory implements TempDirFactory {

  private static final Path SHM = Path.of("/dev/shm");

  @Override
  public Path createTempDirectory(
      AnnotatedElementContext elementContext, ExtensionContext extensionContext)
      throws IOException {
    if (Files.isDirectory(SHM) && Files.isWritable(SHM)) {
      return Files.createTempDirectory(SHM, "lakeops-compat-");
    }
    return Files.createTempDirectory("lakeops-compat-");
  }
}
