package dev.lakeops.table.io;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;

class LocalFileIOContractTest extends FileIOContractTest {

  @TempDir Path dir;

  private final FileIO io = new LocalFileIO();

  @Override
  protected FileIO io() {
    return io;
  }

  @Override
  protected Path freshDir() {
    try {
      return Files.createTempDirectory(dir, "contract-");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
