package dev.lakeops.table.commit;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;

/** {@link TableCommitterProcessTest} on the local disk. */
class LocalCommitterProcessTest extends TableCommitterProcessTest {

  private Path shmDir;

  @Override
  protected TestTable newTable(String name, Map<String, String> options, boolean crash)
      throws Exception {
    Path base = dir;
    // SIGKILL never loses what the kernel accepted, so fsync matters only for power loss, which
    // the crash test does not simulate: on tmpfs the writer makes hundreds of commits in seconds.
    Path shm = Path.of("/dev/shm");
    if (crash && Files.isDirectory(shm) && Files.isWritable(shm)) {
      shmDir = Files.createTempDirectory(shm, "lakeops-crash-");
      base = shmDir;
    }
    return TestTable.create(base.resolve(name), options);
  }

  @Override
  protected String location(TestTable table) {
    return table.dir.toString();
  }

  @AfterEach
  void removeTmpfsDir() throws Exception {
    if (shmDir != null) {
      try (var files = Files.walk(shmDir)) {
        files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
      }
    }
  }
}
