package dev.lakeops.table.format;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakeops.table.formats.DataFileFormats;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class DataFileFormatsTest {

  @Test
  void choosesTheFormatByTheFileExtension() {
    assertThat(DataFileFormats.forFileName("data-9f1c-0.avro").identifier()).isEqualTo("avro");
    assertThat(DataFileFormats.forFileName("data-9f1c-0.parquet").identifier())
        .isEqualTo("parquet");
    assertThat(DataFileFormats.forFileName("changelog-9f1c-3.zstd.parquet").identifier())
        .isEqualTo("parquet");
    assertThat(
            DataFileFormats.forPath(Path.of("/w/db.db/t/dt=1/bucket-0/data-a-1.zstd.avro"))
                .identifier())
        .isEqualTo("avro");
  }

  @Test
  void findsFormatsByIdentifier() {
    assertThat(DataFileFormats.find("avro")).isPresent();
    assertThat(DataFileFormats.find("orc")).isEmpty();
  }

  @Test
  void rejectsAnUnsupportedOrMissingExtension() {
    assertThatThrownBy(() -> DataFileFormats.forFileName("data-9f1c-0.orc"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("orc")
        .hasMessageContaining("data-9f1c-0.orc");
    assertThatThrownBy(() -> DataFileFormats.forFileName("data-9f1c-0"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("no format extension");
  }
}
