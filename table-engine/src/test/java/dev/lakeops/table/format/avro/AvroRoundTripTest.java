package dev.lakeops.table.format.avro;

import static dev.lakeops.table.format.SampleTables.allTypes;
import static dev.lakeops.table.format.SampleTables.notNull;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakeops.table.data.Row;
import dev.lakeops.table.format.Compression;
import dev.lakeops.table.format.CorruptDataFileException;
import dev.lakeops.table.format.DataFileReader;
import dev.lakeops.table.format.DataFileWriter;
import dev.lakeops.table.format.SampleTables;
import dev.lakeops.table.types.AtomicType;
import dev.lakeops.table.types.DataField;
import dev.lakeops.table.types.RowType;
import dev.lakeops.table.types.TypeRoot;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.avro.file.DataFileStream;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.GenericRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class AvroRoundTripTest {

  @TempDir Path dir;

  private final AvroFileFormat format = AvroFileFormat.INSTANCE;

  @ParameterizedTest
  @ValueSource(strings = {"zstd", "none", "snappy", "deflate"})
  void readsBackEveryTypeWithEachCodec(String codec) {
    Path file = dir.resolve("data-0.avro");
    write(file, allTypes(), Compression.parse(codec), SampleTables.sampleRows());

    assertThat(readAll(file, allTypes(), null))
        .containsExactlyElementsOf(SampleTables.sampleRows());
  }

  @Test
  void readsManyRowsAcrossBlocks() {
    RowType type =
        RowType.of(
            List.of(
                new DataField(0, "k", notNull(TypeRoot.BIGINT)),
                new DataField(1, "v", AtomicType.string())));
    List<Row> rows = new ArrayList<>();
    for (long i = 0; i < 20_000; i++) {
      rows.add(Row.of(i, i % 7 == 0 ? null : "value-" + i));
    }
    Path file = dir.resolve("many.avro");
    write(file, type, Compression.DEFAULT, rows);

    assertThat(readAll(file, type, null)).containsExactlyElementsOf(rows);
  }

  @Test
  void projectsColumnsInTheRequestedOrder() {
    Path file = dir.resolve("p.avro");
    write(file, allTypes(), Compression.DEFAULT, SampleTables.sampleRows());

    List<Row> rows = readAll(file, allTypes(), new int[] {12, 0, 26});

    assertThat(rows).first().isEqualTo(Row.of("héllo wörld", 1, Row.of(Row.of(9, "zz"), 10L)));
    assertThat(rows).extracting(r -> r.get(1)).containsExactly(1, 2, 3, 4);
  }

  @Test
  void plainAvroReaderDecodesTheSameValues() throws Exception {
    Path file = dir.resolve("plain.avro");
    write(file, allTypes(), Compression.DEFAULT, List.of(SampleTables.typicalRow(1)));

    try (DataFileStream<GenericRecord> in =
        new DataFileStream<>(Files.newInputStream(file), new GenericDatumReader<>())) {
      assertThat(in.getMetaString("avro.codec")).isEqualTo("zstandard");
      assertThat(in.getSchema()).isEqualTo(AvroSchemas.toAvro(allTypes()));
      GenericRecord record = in.next();
      assertThat(record.get("st")).hasToString("héllo wörld");
      assertThat(record.get("t6")).isEqualTo(1_700_000_000_123_456L);
      assertThat(record.get("da")).isEqualTo(19723);
      assertThat(((GenericRecord) ((GenericRecord) record.get("ro")).get("inner")).get("label"))
          .hasToString("zz");
      assertThat(in.hasNext()).isFalse();
    }
  }

  @Test
  void readsTheFieldNamesOfTheFile() {
    Path file = dir.resolve("names.avro");
    write(file, allTypes(), Compression.DEFAULT, List.of(SampleTables.nullRow(1)));

    assertThat(format.readFieldNames(file)).isEqualTo(allTypes().fieldNames());
  }

  @Test
  void refusesANullInANotNullColumnAndKeepsTheFileValid() {
    Path file = dir.resolve("nn.avro");
    try (DataFileWriter writer = format.createWriter(file, allTypes(), Compression.DEFAULT)) {
      writer.write(SampleTables.typicalRow(1));
      Object[] values = SampleTables.nullRow(2).values();
      values[0] = null;
      assertThatThrownBy(() -> writer.write(Row.of(values)))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("NOT NULL column id");
      writer.write(SampleTables.typicalRow(3));
    }

    assertThat(readAll(file, allTypes(), null)).extracting(r -> r.get(0)).containsExactly(1, 3);
  }

  @Test
  void refusesAValueOfTheWrongClassNamingTheColumn() {
    Path file = dir.resolve("wrong.avro");
    RowType type = RowType.of(List.of(new DataField(0, "n", AtomicType.of(TypeRoot.INT))));
    try (DataFileWriter writer = format.createWriter(file, type, Compression.DEFAULT)) {
      assertThatThrownBy(() -> writer.write(Row.of("7")))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("column n (INT)")
          .hasMessageContaining("java.lang.String");
    }
  }

  @Test
  void refusesADecimalThatNeedsRounding() {
    Path file = dir.resolve("dec.avro");
    RowType type = RowType.of(List.of(new DataField(0, "d", AtomicType.decimal(5, 2))));
    try (DataFileWriter writer = format.createWriter(file, type, Compression.DEFAULT)) {
      writer.write(Row.of(new BigDecimal("1.5")));
      assertThatThrownBy(() -> writer.write(Row.of(new BigDecimal("1.555"))))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("scale 3");
      assertThatThrownBy(() -> writer.write(Row.of(new BigDecimal("1234.5"))))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("precision 6");
    }

    assertThat(readAll(file, type, null)).containsExactly(Row.of(new BigDecimal("1.50")));
  }

  @Test
  void refusesTypesAvroCannotStoreAsPaimonDoes() {
    RowType type = RowType.of(List.of(new DataField(0, "t", AtomicType.timestamp(9))));

    assertThatThrownBy(() -> format.createWriter(dir.resolve("t9.avro"), type, Compression.DEFAULT))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("TIMESTAMP(9)");
    assertThat(dir.resolve("t9.avro")).doesNotExist();
  }

  @Test
  void refusesToOverwriteAnExistingFile() throws Exception {
    Path file = Files.writeString(dir.resolve("exists.avro"), "x");

    assertThatThrownBy(() -> format.createWriter(file, allTypes(), Compression.DEFAULT))
        .isInstanceOf(java.io.UncheckedIOException.class)
        .hasMessageContaining(file.toString());
    assertThat(file).hasContent("x");
  }

  @Test
  void abortDeletesThePartialFile() {
    Path file = dir.resolve("aborted.avro");
    DataFileWriter writer = format.createWriter(file, allTypes(), Compression.DEFAULT);
    writer.write(SampleTables.typicalRow(1));
    writer.abort();

    assertThat(file).doesNotExist();
  }

  @Test
  void reportsAColumnMissingFromTheFile() {
    Path file = dir.resolve("narrow.avro");
    RowType narrow = RowType.of(List.of(new DataField(0, "a", AtomicType.of(TypeRoot.INT))));
    write(file, narrow, Compression.DEFAULT, List.of(Row.of(1)));
    RowType wide =
        RowType.of(
            List.of(
                new DataField(0, "a", AtomicType.of(TypeRoot.INT)),
                new DataField(1, "b", AtomicType.of(TypeRoot.INT))));

    assertThatThrownBy(() -> format.createReader(file, wide, null))
        .isInstanceOf(CorruptDataFileException.class)
        .hasMessageContaining(file.toString())
        .hasMessageContaining("column b is not in the file");
  }

  @Test
  void reportsAColumnStoredWithAnotherType() {
    Path file = dir.resolve("typed.avro");
    RowType written = RowType.of(List.of(new DataField(0, "a", AtomicType.string())));
    write(file, written, Compression.DEFAULT, List.of(Row.of("x")));
    RowType expected = RowType.of(List.of(new DataField(0, "a", AtomicType.of(TypeRoot.INT))));

    assertThatThrownBy(() -> format.createReader(file, expected, null))
        .isInstanceOf(CorruptDataFileException.class)
        .hasMessageContaining("column a is stored as")
        .hasMessageContaining("INT");
  }

  private void write(Path file, RowType type, Compression compression, List<Row> rows) {
    try (DataFileWriter writer = format.createWriter(file, type, compression)) {
      rows.forEach(writer::write);
    }
  }

  private List<Row> readAll(Path file, RowType type, int[] projection) {
    List<Row> rows = new ArrayList<>();
    try (DataFileReader reader = format.createReader(file, type, projection)) {
      reader.forEachRemaining(rows::add);
    }
    return rows;
  }
}
