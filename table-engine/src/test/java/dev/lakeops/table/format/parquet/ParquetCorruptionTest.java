package dev.lakeops.table.format.parquet;

import static dev.lakeops.table.format.SampleTables.allTypes;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakeops.table.data.Row;
import dev.lakeops.table.format.Compression;
import dev.lakeops.table.format.CorruptDataFileException;
import dev.lakeops.table.format.DataFileReader;
import dev.lakeops.table.format.DataFileWriter;
import dev.lakeops.table.format.SampleTables;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ParquetCorruptionTest {

  @TempDir Path dir;

  private final ParquetFileFormat format = ParquetFileFormat.INSTANCE;

  @Test
  void reportsAFileThatIsNotParquetWithItsPath() throws IOException {
    Path file =
        Files.write(dir.resolve("data.parquet"), "Obj\u0001 this is not parquet".getBytes());

    assertThatThrownBy(() -> format.readFieldNames(file))
        .isInstanceOf(CorruptDataFileException.class)
        .hasMessageContaining(file.toString());
  }

  @Test
  void reportsAFooterThatPointsOutsideTheFile() throws IOException {
    Path file = writeSample("none");
    byte[] bytes = Files.readAllBytes(file);
    // The footer length sits just before the trailing magic "PAR1".
    int at = bytes.length - 8;
    bytes[at + 3] = 0x7f;
    Files.write(file, bytes);

    assertThatThrownBy(() -> readAll(file))
        .isInstanceOf(CorruptDataFileException.class)
        .hasMessageContaining(file.toString());
  }

  @Test
  void readsAnIntactFile() {
    assertThat(readAll(writeSample("zstd"))).containsExactlyElementsOf(SampleTables.sampleRows());
  }

  @Test
  void everyTruncationFailsWithATypedException() throws IOException {
    byte[] bytes = Files.readAllBytes(writeSample("zstd"));
    Path file = dir.resolve("cut.parquet");
    // Every length in the footer region, a sample of the rest.
    for (int length = 0; length < bytes.length; length += length < bytes.length - 256 ? 11 : 1) {
      Files.write(file, Arrays.copyOf(bytes, length));
      int cut = length;
      assertThatThrownBy(() -> readAll(file))
          .as("file cut to %s of %s bytes", cut, bytes.length)
          .isInstanceOf(CorruptDataFileException.class)
          .hasMessageContaining(file.toString());
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"none", "zstd"})
  void seededCorruptionsFailOnlyWithTypedExceptions(String codec) throws IOException {
    byte[] bytes = Files.readAllBytes(writeSample(codec));
    Path file = dir.resolve("fuzzed.parquet");
    Random random = new Random(7);
    int decodedAnyway = 0;
    for (int round = 0; round < 200; round++) {
      byte[] mutated = bytes.clone();
      for (int i = 1 + random.nextInt(3); i > 0; i--) {
        mutated[random.nextInt(mutated.length)] ^= (byte) (1 << random.nextInt(8));
      }
      Files.write(file, mutated);
      try {
        readAll(file);
        decodedAnyway++;
      } catch (CorruptDataFileException e) {
        assertThat(e).hasMessageContaining(file.toString());
      }
    }
    assertThat(decodedAnyway).as("harmless corruptions").isLessThan(200);
  }

  private Path writeSample(String codec) {
    Path file = dir.resolve("sample-" + codec + ".parquet");
    try (DataFileWriter writer = format.createWriter(file, allTypes(), Compression.parse(codec))) {
      SampleTables.sampleRows().forEach(writer::write);
    }
    return file;
  }

  private List<Row> readAll(Path file) {
    List<Row> rows = new ArrayList<>();
    try (DataFileReader reader = format.createReader(file, allTypes(), null)) {
      reader.forEachRemaining(rows::add);
    }
    return rows;
  }
}
