package dev.lakeops.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Binlog files for CLI tests: the recorded MariaDB fixture of the tools module, intact and damaged.
 */
public final class BinlogFiles {

  /**
   * A clean MariaDB 10.11 binlog with CRC32 checksums (Maven runs tests from the module directory).
   */
  public static final Path CLEAN =
      Path.of("../tools/src/test/resources/binlog/mariadb-10.11-crc32.000002");

  private BinlogFiles() {}

  /**
   * A copy of {@link #CLEAN} in {@code dir} with one byte flipped inside the UPDATE_ROWS event at
   * offset 1961: its CRC32 no longer matches, and transaction 0-1-6 is cut.
   */
  public static Path damaged(Path dir) throws IOException {
    byte[] content = Files.readAllBytes(CLEAN);
    content[1990] ^= (byte) 0xff;
    return Files.write(dir.resolve("mysql-bin.000002"), content);
  }
}
