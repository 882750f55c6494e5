package dev.lakeops.table.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

class FileIOsTest {

  @Test
  void opensALocalPathOrFileUriAsTheLocalFileSystem() {
    assertThat(FileIOs.open("/tmp/warehouse", Map.of())).isInstanceOf(LocalFileIO.class);
    assertThat(FileIOs.open("file:///tmp/warehouse", Map.of())).isInstanceOf(LocalFileIO.class);
    assertThat(FileIOs.rootPath("file:///tmp/warehouse")).isEqualTo(Path.of("/tmp/warehouse"));
    assertThat(FileIOs.rootPath("relative/wh")).isEqualTo(Path.of("relative/wh"));
    assertThat(FileIOs.isLocal("/tmp/wh")).isTrue();
    assertThat(FileIOs.isLocal("s3://bucket/wh")).isFalse();
  }

  @Test
  void mapsAnObjectStoreUriToThePathUnderItsBucket() {
    assertThat(FileIOs.rootPath("s3://bucket/lake/wh")).isEqualTo(Path.of("/lake/wh"));
    assertThat(FileIOs.rootPath("s3://bucket")).isEqualTo(Path.of("/"));
  }

  @Test
  void refusesAnUnknownSchemeNamingTheUriAndTheKnownSchemes() {
    assertThatThrownBy(() -> FileIOs.open("gs://bucket/wh", Map.of()))
        .isInstanceOf(UnsupportedWarehouseException.class)
        .hasMessageContaining("gs://bucket/wh")
        .hasMessageContaining("'gs'")
        .hasMessageContaining("file");
  }

  @Test
  void refusesAnObjectStoreUriWithoutABucket() {
    assertThatThrownBy(() -> FileIOs.rootPath("s3:///wh"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("s3:///wh")
        .hasMessageContaining("bucket");
    assertThatThrownBy(() -> FileIOs.rootPath(""))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("empty");
  }
}
