package dev.lakeops.table.deletion;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakeops.table.io.LocalFileIO;
import dev.lakeops.table.meta.DeletionVectorRange;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class DeletionVectorFileTest {

  @TempDir Path dir;

  private final LocalFileIO io = new LocalFileIO();

  private Path file(byte[] bytes) throws IOException {
    return Files.write(dir.resolve("index-0b1c-0"), bytes);
  }

  @ParameterizedTest
  @ValueSource(booleans = {false, true})
  void readsBackEveryVectorOfAnIndexFileInBothLayouts(boolean bitmap64) throws IOException {
    Map<String, DeletionVector> vectors = new LinkedHashMap<>();
    vectors.put("data-a-0.parquet", DeletionVector.ofPositions(0, 3, 4, 1_000_000));
    // a run of 5000 positions becomes a run container in the portable format
    vectors.put("data-b-0.avro", DeletionVector.ofPositions(LongStream.range(100, 5100).toArray()));
    vectors.put("data-c-0.parquet", DeletionVector.ofPositions(7));
    DeletionVectorFiles.Written written = DeletionVectorFiles.write(vectors, bitmap64);
    Path path = file(written.bytes());

    int i = 0;
    for (Map.Entry<String, DeletionVector> e : vectors.entrySet()) {
      DeletionVector read =
          DeletionVectorFile.read(io, new DeletionFile(path, written.ranges().get(i++)));
      assertThat(read).as(e.getKey()).isEqualTo(e.getValue());
      assertThat(read.cardinality()).isEqualTo(e.getValue().cardinality());
    }
    DeletionVector first =
        DeletionVectorFile.read(io, new DeletionFile(path, written.ranges().get(0)));
    assertThat(LongStream.range(0, 6).filter(first::isDeleted).toArray()).containsExactly(0, 3, 4);
    assertThat(first.isDeleted(1_000_000)).isTrue();
    assertThat(first.isDeleted(1_000_001)).isFalse();
  }

  @Test
  void readsPositionsBeyondTwoToTheThirtyTwoInThe64BitLayout() throws IOException {
    long far = (3L << 32) + 17;
    DeletionVector vector = DeletionVector.ofPositions(5, far, (1L << 32) + 2);
    DeletionVectorFiles.Written written =
        DeletionVectorFiles.write(Map.of("data-x-0.parquet", vector), true);

    DeletionVector read =
        DeletionVectorFile.read(
            io, new DeletionFile(file(written.bytes()), written.ranges().get(0)));

    assertThat(read.isDeleted(far)).isTrue();
    assertThat(read.isDeleted(17)).isFalse();
    assertThat(read.isDeleted((1L << 32) + 2)).isTrue();
    assertThat(read.isDeleted(5)).isTrue();
    assertThat(read.cardinality()).isEqualTo(3);
  }

  @Test
  void readsAnEmptyVector() throws IOException {
    DeletionVectorFiles.Written written =
        DeletionVectorFiles.write("data-e-0.avro", DeletionVector.empty());

    DeletionVector read =
        DeletionVectorFile.read(
            io, new DeletionFile(file(written.bytes()), written.ranges().get(0)));

    assertThat(read.isEmpty()).isTrue();
    assertThat(read.isDeleted(0)).isFalse();
  }

  @Test
  void failsNamingTheIndexFileWhenItIsTruncated() throws IOException {
    DeletionVectorFiles.Written written =
        DeletionVectorFiles.write("data-t-0.parquet", DeletionVector.ofPositions(1, 2, 3));
    Path path = file(Arrays.copyOf(written.bytes(), written.bytes().length - 3));

    assertThatThrownBy(
            () -> DeletionVectorFile.read(io, new DeletionFile(path, written.ranges().get(0))))
        .isInstanceOf(CorruptDeletionVectorException.class)
        .hasMessageContaining(path.toString())
        .hasMessageContaining("data-t-0.parquet")
        .hasMessageContaining("at offset 1")
        .hasMessageContaining("truncated");
  }

  @Test
  void failsWhenTheRangePointsPastTheEndOfTheFile() throws IOException {
    Path path = file(new byte[] {DeletionVectorFile.VERSION});

    assertThatThrownBy(
            () ->
                DeletionVectorFile.read(
                    io,
                    new DeletionFile(path, new DeletionVectorRange("data-p-0.avro", 1, 40, 2L))))
        .isInstanceOf(CorruptDeletionVectorException.class)
        .hasMessageContaining(path.toString())
        .hasMessageContaining("truncated");
    assertThatThrownBy(
            () ->
                DeletionVectorFile.read(
                    io,
                    new DeletionFile(path, new DeletionVectorRange("data-p-0.avro", 90, 40, 2L))))
        .isInstanceOf(CorruptDeletionVectorException.class)
        .hasMessageContaining("at offset 90")
        .hasMessageContaining("truncated");
  }

  @Test
  void failsOnAFlippedBitmapByteByItsChecksum() throws IOException {
    DeletionVectorFiles.Written written =
        DeletionVectorFiles.write("data-f-0.parquet", DeletionVector.ofPositions(1, 9));
    byte[] bytes = written.bytes().clone();
    bytes[bytes.length - 6] ^= 0x10;
    Path path = file(bytes);

    assertThatThrownBy(
            () -> DeletionVectorFile.read(io, new DeletionFile(path, written.ranges().get(0))))
        .isInstanceOf(CorruptDeletionVectorException.class)
        .hasMessageContaining(path.toString())
        .hasMessageContaining("checksum mismatch");
  }

  @Test
  void failsOnAnUnknownVersionOrMagic() throws IOException {
    DeletionVectorFiles.Written written =
        DeletionVectorFiles.write("data-v-0.parquet", DeletionVector.ofPositions(1));
    byte[] version = written.bytes().clone();
    version[0] = 2;
    Path badVersion = file(version);
    assertThatThrownBy(
            () ->
                DeletionVectorFile.read(io, new DeletionFile(badVersion, written.ranges().get(0))))
        .isInstanceOf(CorruptDeletionVectorException.class)
        .hasMessageContaining("unsupported version 2");

    // a frame with a valid checksum around an unknown magic number
    Map<String, DeletionVector> one = Map.of("data-v-0.parquet", DeletionVector.ofPositions(1));
    byte[] payload = DeletionVectorFiles.payload32(one.get("data-v-0.parquet"));
    payload[0] = 0x7f;
    byte[] framed = frame(payload);
    Path badMagic = file(framed);
    assertThatThrownBy(
            () ->
                DeletionVectorFile.read(
                    io,
                    new DeletionFile(
                        badMagic,
                        new DeletionVectorRange("data-v-0.parquet", 1, payload.length, 1L))))
        .isInstanceOf(CorruptDeletionVectorException.class)
        .hasMessageContaining("invalid magic number");
  }

  @Test
  void failsOnABitmapThatDoesNotParseOrDisagreesWithTheManifest() throws IOException {
    byte[] garbage =
        java.nio.ByteBuffer.allocate(11)
            .putInt(DeletionVectorFile.MAGIC_32)
            .put(new byte[] {1, 2, 3, 4, 5, 6, 7})
            .array();
    Path path = file(frame(garbage));
    assertThatThrownBy(
            () ->
                DeletionVectorFile.read(
                    io,
                    new DeletionFile(
                        path,
                        new DeletionVectorRange("data-g-0.parquet", 1, garbage.length, null))))
        .isInstanceOf(CorruptDeletionVectorException.class)
        .hasMessageContaining("data-g-0.parquet")
        .hasMessageContaining("bitmap");

    DeletionVectorFiles.Written written =
        DeletionVectorFiles.write("data-c-0.parquet", DeletionVector.ofPositions(1, 2));
    DeletionVectorRange range = written.ranges().get(0);
    Path counted = file(written.bytes());
    assertThatThrownBy(
            () ->
                DeletionVectorFile.read(
                    io,
                    new DeletionFile(
                        counted,
                        new DeletionVectorRange(
                            range.dataFileName(), range.offset(), range.length(), 5L))))
        .isInstanceOf(CorruptDeletionVectorException.class)
        .hasMessageContaining("records 5 deleted rows, the bitmap holds 2");
  }

  @Test
  void failsWithAnIoErrorNamingAMissingIndexFile() {
    Path missing = dir.resolve("index-missing-0");

    assertThatThrownBy(
            () ->
                DeletionVectorFile.read(
                    io,
                    new DeletionFile(missing, new DeletionVectorRange("data-m-0.avro", 1, 10, 1L))))
        .isInstanceOf(UncheckedIOException.class)
        .hasMessageContaining("index-missing-0");
  }

  /** Version byte + one frame around {@code payload}, with a correct checksum. */
  private static byte[] frame(byte[] payload) {
    java.nio.ByteBuffer b = java.nio.ByteBuffer.allocate(1 + 4 + payload.length + 4);
    b.put(DeletionVectorFile.VERSION).putInt(payload.length).put(payload);
    java.util.zip.CRC32 crc = new java.util.zip.CRC32();
    crc.update(payload);
    b.putInt((int) crc.getValue());
    return b.array();
  }
}
