package dev.lakeops.table.io.s3;

import dev.lakeops.table.io.FileIO;
import dev.lakeops.table.io.FileIOContractTest;
import java.nio.file.Path;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(S3ProxyServer.class)
class S3FileIOContractTest extends FileIOContractTest {

  private static S3FileIO io;

  @BeforeAll
  static void openBucket() {
    S3ProxyServer server = S3ProxyServer.get();
    String bucket = server.newBucket();
    Map<String, String> options = server.options();
    options.put(S3Settings.PART_SIZE, Long.toString(S3Settings.MIN_PART_SIZE));
    io = S3FileIO.open("s3", bucket, S3Settings.from(options, Map.of()));
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
