package dev.lakeops.table.io.hdfs;

import dev.lakeops.table.io.FileIO;
import dev.lakeops.table.io.FileIOContractTest;
import java.net.URI;
import java.nio.file.Path;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(MiniDfs.class)
class HdfsFileIOContractTest extends FileIOContractTest {

  private static HdfsFileIO io;

  @BeforeAll
  static void open() {
    io =
        HdfsFileIO.open(
            URI.create(MiniDfs.nameNode() + "/"), HdfsSettings.from(MiniDfs.options(), Map.of()));
  }

  @AfterAll
  static void close() {
    io.close();
  }

  @Override
  protected FileIO io() {
    return io;
  }

  @Override
  protected Path freshDir() {
    return Path.of("/contract-" + UUID.randomUUID());
  }
}
