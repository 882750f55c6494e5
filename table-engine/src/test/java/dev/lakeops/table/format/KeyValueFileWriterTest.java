package dev.lakeops.table.format;

import static dev.lakeops.table.format.SampleTables.notNull;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakeops.table.data.Row;
import dev.lakeops.table.data.RowKind;
import dev.lakeops.table.format.avro.AvroFileFormat;
import dev.lakeops.table.format.parquet.ParquetFileFormat;
import dev.lakeops.table.formats.DataFileFormats;
import dev.lakeops.table.types.AtomicType;
import dev.lakeops.table.types.DataField;
import dev.lakeops.table.types.RowType;
import dev.lakeops.table.types.TypeRoot;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class KeyValueFileWriterTest {

  private static final RowType ORDERS =
      RowType.of(
          List.of(
              new DataField(0, "dt", AtomicType.string().withNullable(false)),
              new DataField(1, "id", notNull(TypeRoot.INT)),
              new DataField(2, "name", AtomicType.string())));
  private static final KeyValueLayout LAYOUT = KeyValueLayout.standard(ORDERS, List.of("id"));

  @TempDir Path dir;

  @ParameterizedTest
  @ValueSource(strings = {"avro", "parquet"})
  void describesTheFileItWrote(String format) throws Exception {
    DataFileFormat fileFormat = DataFileFormats.find(format).orElseThrow();
    Path file = dir.resolve("data-0." + format);
    List<KeyValue> kvs =
        List.of(
            kv(1, 5, RowKind.INSERT, "apple2"),
            kv(2, 3, RowKind.DELETE, "banana"),
            kv(4, 4, RowKind.UPDATE_AFTER, null));

    WrittenFile written;
    try (KeyValueFileWriter writer =
        KeyValueFileWriter.create(
            fileFormat, file, LAYOUT, Compression.DEFAULT, StatsMode.DEFAULT)) {
      kvs.forEach(writer::write);
      written = writer.complete();
    }

    assertThat(written.path()).isEqualTo(file);
    assertThat(written.fileName()).isEqualTo("data-0." + format);
    assertThat(written.fileSize()).isEqualTo(Files.size(file));
    assertThat(written.rowCount()).isEqualTo(3);
    assertThat(written.deleteRowCount()).isEqualTo(1);
    assertThat(written.minKey()).isEqualTo(Row.of(1));
    assertThat(written.maxKey()).isEqualTo(Row.of(4));
    assertThat(written.minSequenceNumber()).isEqualTo(3);
    assertThat(written.maxSequenceNumber()).isEqualTo(5);
    assertThat(written.keyStats().min()).isEqualTo(Row.of(1));
    assertThat(written.valueStats().min()).isEqualTo(Row.of("2024-01-01", 1, "apple2"));
    assertThat(written.valueStats().max()).isEqualTo(Row.of("2024-01-01", 4, "banana"));
    assertThat(written.valueStats().nullCounts()).containsExactly(0L, 0L, 1L);
    assertThat(read(fileFormat, file)).containsExactlyElementsOf(kvs);
  }

  @Test
  void refusesKeysOutOfOrderAndKeepsTheRowsBefore() {
    Path file = dir.resolve("data-1.avro");
    try (KeyValueFileWriter writer =
        KeyValueFileWriter.create(
            AvroFileFormat.INSTANCE, file, LAYOUT, Compression.DEFAULT, StatsMode.DEFAULT)) {
      writer.write(kv(2, 0, RowKind.INSERT, "b"));
      writer.write(kv(2, 1, RowKind.INSERT, "b2"));
      assertThatThrownBy(() -> writer.write(kv(1, 2, RowKind.INSERT, "a")))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("keys must ascend");
      assertThat(writer.complete().rowCount()).isEqualTo(2);
    }
  }

  @Test
  void deletesTheFileWhenClosedWithoutCompleting() {
    Path file = dir.resolve("data-2.parquet");
    try (KeyValueFileWriter writer =
        KeyValueFileWriter.create(
            ParquetFileFormat.INSTANCE, file, LAYOUT, Compression.DEFAULT, StatsMode.DEFAULT)) {
      writer.write(kv(1, 0, RowKind.INSERT, "a"));
    }

    assertThat(file).doesNotExist();
  }

  @Test
  void refusesToCompleteAnEmptyFileAndDeletesIt() {
    Path file = dir.resolve("data-3.avro");
    KeyValueFileWriter writer =
        KeyValueFileWriter.create(
            AvroFileFormat.INSTANCE, file, LAYOUT, Compression.DEFAULT, StatsMode.DEFAULT);

    assertThatThrownBy(writer::complete)
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("No rows");
    assertThat(file).doesNotExist();
  }

  private static KeyValue kv(int id, long sequence, RowKind kind, String name) {
    return new KeyValue(Row.of(id), sequence, kind, Row.ofKind(kind, "2024-01-01", id, name));
  }

  private static List<KeyValue> read(DataFileFormat format, Path file) {
    List<KeyValue> kvs = new ArrayList<>();
    try (DataFileReader reader = format.createReader(file, LAYOUT.fileType(), null)) {
      reader.forEachRemaining(row -> kvs.add(LAYOUT.fromFileRow(row)));
    }
    return kvs;
  }
}
