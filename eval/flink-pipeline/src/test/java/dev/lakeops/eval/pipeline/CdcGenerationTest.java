package dev.lakeops.eval.pipeline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CdcGenerationTest {

  @TempDir Path dir;

  @Test
  void readsTheNumberAndKeepsTheCurrentOneWhenTheFileIsBad() throws Exception {
    Path file = dir.resolve("cdc-generation");
    assertThat(CdcGeneration.read(file, 3)).isZero();
    Files.writeString(file, " 2\n");
    assertThat(CdcGeneration.read(file, 0)).isEqualTo(2);
    Files.writeString(file, "two");
    assertThat(CdcGeneration.read(file, 2)).isEqualTo(2);
    Files.writeString(file, "");
    assertThat(CdcGeneration.read(file, 2)).isZero();
  }

  @Test
  void refusesWhatIsNotANonNegativeInteger() {
    assertThatThrownBy(() -> CdcGeneration.parse("x1"))
        .hasMessage("Invalid CDC generation: 'x1' (not an integer)");
    assertThatThrownBy(() -> CdcGeneration.parse("-1"))
        .hasMessage("Invalid CDC generation: -1 (must not be negative)");
  }
}
