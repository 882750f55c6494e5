package dev.lakeops.table.format.avro;

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

class AvroCorruptionTest {

  @TempDir Path dir;

  private final AvroFileFormat format = AvroFileFormat.INSTANCE;

  @Test
  void reportsAFileCutInsideTheHeaderWithItsPath() throws IOException {
    Path file = writeSample("zstd");
    truncate(file, 20);

    assertThatThrownBy(() -> format.createReader(file, allTypes(), null))
        .isInstanceOf(CorruptDataFileException.class)
        .hasMessageContaining(file.toString())
        .hasMessageContaining("truncated");
  }

  @Test
  void reportsAFileCutInsideABlockWithItsPathAndOffset() throws IOException {
    Path file = writeSample("zstd");
    truncate(file, Files.size(file) - 20);

    assertThatThrownBy(() -> readAll(file))
        .isInstanceOf(CorruptDataFileException.class)
        .hasMessageContaining(file.toString())
        .satisfies(e -> assertThat(((CorruptDataFileException) e).offset()).isPositive());
  }

  @Test
  void reportsAFileThatIsNotAvro() throws IOException {
    Path file = Files.write(dir.resolve("data.avro"), "PAR1 this is not avro".getBytes());

    assertThatThrownBy(() -> format.readFieldNames(file))
        .isInstanceOf(CorruptDataFileException.class)
        .hasMessageContaining("not an Avro container file");
  }

  @Test
  void reportsAChangedSyncMarker() throws IOException {
    Path file = writeSample("zstd");
    byte[] bytes = Files.readAllBytes(file);
    bytes[bytes.length - 1] ^= 0x01;
    Files.write(file, bytes);

    assertThatThrownBy(() -> readAll(file))
        .isInstanceOf(CorruptDataFileException.class)
        .hasMessageContaining("sync marker");
  }

  @Test
  void readsAnIntactFile() throws IOException {
    Path file = writeSample("none");

    assertThat(readAll(file)).containsExactlyElementsOf(SampleTables.sampleRows());
  }

  @ParameterizedTest
  @ValueSource(strings = {"none", "zstd"})
  void everyTruncationFailsWithATypedExceptionExceptAtTheBlockBoundary(String codec)
      throws IOException {
    Path original = writeSample(codec);
    byte[] bytes = Files.readAllBytes(original);
    Path file = dir.resolve("cut.avro");
    List<Integer> readableCuts = new ArrayList<>();
    // Every length near the start and the end, a sample in between (each read parses the header).
    for (int length = 0;
        length < bytes.length;
        length += length < 64 || length > bytes.length - 64 ? 1 : 7) {
      Files.write(file, Arrays.copyOf(bytes, length));
      try {
        assertThat(readAll(file)).as("rows of a file cut at a block boundary").isEmpty();
        readableCuts.add(length);
      } catch (CorruptDataFileException e) {
        assertThat(e).hasMessageContaining(file.toString());
      }
    }
    // An Avro container has no footer: cut right after the header, the one-block file is a valid
    // empty file. The manifest's row count is what catches that case.
    assertThat(readableCuts).hasSizeLessThanOrEqualTo(1);
  }

  @ParameterizedTest
  @ValueSource(strings = {"none", "zstd", "deflate"})
  void seededCorruptionsFailOnlyWithTypedExceptions(String codec) throws IOException {
    byte[] bytes = Files.readAllBytes(writeSample(codec));
    Path file = dir.resolve("fuzzed.avro");
    Random random = new Random(42);
    int decodedAnyway = 0;
    for (int round = 0; round < 300; round++) {
      byte[] mutated = mutate(bytes, random);
      Files.write(file, mutated);
      try {
        readAll(file);
        decodedAnyway++;
      } catch (CorruptDataFileException e) {
        assertThat(e).hasMessageContaining(file.toString());
      }
      // Anything else (NPE, IndexOutOfBounds, OutOfMemoryError, ...) escapes and fails the test.
    }
    assertThat(decodedAnyway).as("harmless corruptions").isLessThan(300);
  }

  /** Flips bits, overwrites bytes with extreme values, or drops a range. */
  private static byte[] mutate(byte[] bytes, Random random) {
    byte[] copy = bytes.clone();
    switch (random.nextInt(3)) {
      case 0 -> {
        for (int i = 1 + random.nextInt(3); i > 0; i--) {
          copy[random.nextInt(copy.length)] ^= (byte) (1 << random.nextInt(8));
        }
      }
      case 1 -> {
        byte[] extremes = {(byte) 0xff, 0x7f, (byte) 0x80, 0x00, 0x01};
        for (int i = 1 + random.nextInt(4); i > 0; i--) {
          copy[random.nextInt(copy.length)] = extremes[random.nextInt(extremes.length)];
        }
      }
      default -> {
        int from = random.nextInt(copy.length);
        int to = Math.min(copy.length, from + 1 + random.nextInt(16));
        byte[] shorter = new byte[copy.length - (to - from)];
        System.arraycopy(copy, 0, shorter, 0, from);
        System.arraycopy(copy, to, shorter, from, copy.length - to);
        return shorter;
      }
    }
    return copy;
  }

  private Path writeSample(String codec) {
    Path file = dir.resolve("sample-" + codec + ".avro");
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

  private static void truncate(Path file, long length) throws IOException {
    Files.write(file, Arrays.copyOf(Files.readAllBytes(file), (int) length));
  }
}
