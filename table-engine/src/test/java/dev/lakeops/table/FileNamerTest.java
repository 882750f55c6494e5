package dev.lakeops.table;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.table.paths.FileNamer;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class FileNamerTest {

  private static final UUID UUID_1 = UUID.fromString("00000000-0000-0000-0000-000000000001");

  @Test
  void countsEachKindOfMetadataFileFromZeroUnderOneUuid() {
    FileNamer namer = new FileNamer(UUID_1);

    assertThat(namer.nextManifest()).isEqualTo("manifest-" + UUID_1 + "-0");
    assertThat(namer.nextManifest()).isEqualTo("manifest-" + UUID_1 + "-1");
    assertThat(namer.nextManifestList()).isEqualTo("manifest-list-" + UUID_1 + "-0");
    assertThat(namer.nextIndexManifest()).isEqualTo("index-manifest-" + UUID_1 + "-0");
    assertThat(namer.nextIndexFile()).isEqualTo("index-" + UUID_1 + "-0");
    assertThat(namer.nextStatisticsFile()).isEqualTo("stat-" + UUID_1 + "-0");
  }

  @Test
  void sharesOneCounterBetweenDataAndChangelogFiles() {
    FileNamer namer = new FileNamer(UUID_1);

    assertThat(namer.nextDataFile("parquet")).isEqualTo("data-" + UUID_1 + "-0.parquet");
    assertThat(namer.nextChangelogFile("parquet")).isEqualTo("changelog-" + UUID_1 + "-1.parquet");
  }

  @Test
  void randomNamersDoNotCollide() {
    assertThat(FileNamer.random().uuid()).isNotEqualTo(FileNamer.random().uuid());
  }
}
