package dev.lakeops.table.format;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class StatsModeTest {

  @Test
  void parsesEveryMode() {
    assertThat(StatsMode.parse("none")).isEqualTo(StatsMode.NONE);
    assertThat(StatsMode.parse("Counts")).isEqualTo(StatsMode.COUNTS);
    assertThat(StatsMode.parse("full")).isEqualTo(StatsMode.FULL);
    assertThat(StatsMode.parse(" truncate(16) ")).isEqualTo(StatsMode.DEFAULT);
    assertThat(StatsMode.parse("truncate(3)")).hasToString("truncate(3)");
  }

  @Test
  void rejectsAnUnknownMode() {
    assertThatThrownBy(() -> StatsMode.parse("truncate(0)"))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> StatsMode.parse("truncate(x)"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("truncate(x)");
  }

  @Test
  void parsesCompressionOptions() {
    assertThat(Compression.parse("ZSTD")).isEqualTo(Compression.DEFAULT);
    assertThat(Compression.parse("uncompressed")).isEqualTo(Compression.NONE);
    assertThat(Compression.parse("zstd").withZstdLevel(9).zstdLevel()).isEqualTo(9);
    assertThatThrownBy(() -> Compression.parse("brotli2"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("brotli2");
  }
}
