package dev.lakeops.eval.pipeline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakeops.table.io.FileIO;
import dev.lakeops.table.io.FileIOs;
import dev.lakeops.table.io.FileOutput;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SlowStoreFileIOFactoryTest {

  @TempDir Path dir;

  @Test
  void theWarehouseUriOpensTheLocalDirectoryThroughTheSlowStore() throws Exception {
    Path control = dir.resolve("delay");
    String uri = SlowStoreFileIOFactory.uri(dir.resolve("lake"));
    FileIO io = FileIOs.open(uri, Map.of(SlowStoreFileIOFactory.CONTROL_FILE, control.toString()));
    Path root = FileIOs.rootPath(uri);

    assertThat(uri).startsWith("slowstore://sandbox/");
    assertThat(root).isEqualTo(dir.resolve("lake").toAbsolutePath());
    io.writeAtomically(root.resolve("db.db/t/manifest/manifest-1"), new byte[] {1, 2});
    assertThat(Files.readAllBytes(root.resolve("db.db/t/manifest/manifest-1")))
        .containsExactly(1, 2);
  }

  // the delay holds back the completion of data files only; a data file appears complete after it
  @Test
  void aDataFileIsCompletedOnlyAfterTheDelayTheControlFileNames() throws Exception {
    Path control = dir.resolve("delay");
    Files.writeString(control, "200000", StandardCharsets.UTF_8);
    String uri = SlowStoreFileIOFactory.uri(dir);
    FileIO io = FileIOs.open(uri, Map.of(SlowStoreFileIOFactory.CONTROL_FILE, control.toString()));
    Path data = FileIOs.rootPath(uri).resolve("db.db/t/bucket-0/data-1.parquet");

    long start = System.nanoTime();
    try (FileOutput out = io.create(data)) {
      out.write(new byte[] {7, 8, 9});
    }
    long tookMillis = (System.nanoTime() - start) / 1_000_000;

    assertThat(tookMillis).isGreaterThanOrEqualTo(190);
    assertThat(Files.readAllBytes(data)).containsExactly(7, 8, 9);
  }

  @Test
  void aWarehouseWithoutTheControlFileOptionIsRefusedNamingIt() {
    String uri = SlowStoreFileIOFactory.uri(dir);
    assertThatThrownBy(() -> FileIOs.open(uri, Map.of()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining(uri)
        .hasMessageContaining(SlowStoreFileIOFactory.CONTROL_FILE);
  }
}
