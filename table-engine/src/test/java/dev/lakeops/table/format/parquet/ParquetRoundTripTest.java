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
import dev.lakeops.table.types.AtomicType;
import dev.lakeops.table.types.DataField;
import dev.lakeops.table.types.RowType;
import dev.lakeops.table.types.TypeRoot;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ParquetRoundTripTest {

  @TempDir Path dir;

  private final ParquetFileFormat format = ParquetFileFormat.INSTANCE;

  @ParameterizedTest
  @ValueSource(strings = {"zstd", "none", "snappy"})
  void readsBackEveryTypeWithEachCodec(String codec) {
    Path file = dir.resolve("data-0.parquet");
    write(file, allTypes(), Compression.parse(codec), SampleTables.sampleRows());

    assertThat(readAll(file, allTypes(), null))
        .containsExactlyElementsOf(SampleTables.sampleRows());
  }

  @Test
  void readsNanosecondTimestampsStoredAsInt96() {
    RowType type =
        RowType.of(
            List.of(
                new DataField(0, "t", AtomicType.timestamp(9)),
                new DataField(1, "l", new AtomicType(TypeRoot.TIMESTAMP_LTZ, true, 9, 0))));
    List<Row> rows =
        List.of(
            Row.of(
                LocalDateTime.of(2024, 2, 29, 23, 59, 59, 123_456_789),
                Instant.parse("1900-01-01T00:00:00.000000001Z")),
            Row.of(null, null));
    Path file = dir.resolve("int96.parquet");
    write(file, type, Compression.DEFAULT, rows);

    assertThat(readAll(file, type, null)).containsExactlyElementsOf(rows);
  }

  @Test
  void projectsTopLevelAndNestedColumns() {
    Path file = dir.resolve("p.parquet");
    write(file, allTypes(), Compression.DEFAULT, SampleTables.sampleRows());
    RowType innerOnly =
        RowType.of(
            List.of(
                new DataField(
                    102,
                    "inner",
                    RowType.of(List.of(new DataField(101, "label", AtomicType.string()))))));
    RowType pruned =
        RowType.of(List.of(allTypes().fields().get(0), new DataField(26, "ro", innerOnly)));

    List<Row> rows = readAll(file, pruned, null);

    assertThat(rows)
        .containsExactly(
            Row.of(1, Row.of(Row.of("zz"))),
            Row.of(2, null),
            Row.of(3, Row.of((Object) null)),
            Row.of(4, Row.of(Row.of("zz"))));
    assertThat(readAll(file, allTypes(), new int[] {12, 0}))
        .first()
        .isEqualTo(Row.of("héllo wörld", 1));
  }

  /**
   * Flat projections are read column by column in batches: more rows than one batch, dictionary
   * pages (a few repeated strings and numbers) beside plain ones (unique strings), nulls, and a
   * projection in another order than the file's.
   */
  @Test
  void readsFlatColumnsAcrossBatchesDictionaryAndPlainPagesAndNulls() {
    RowType type =
        RowType.of(
            List.of(
                new DataField(0, "id", new AtomicType(TypeRoot.INT, false, 0, 0)),
                new DataField(1, "dt", AtomicType.string()),
                new DataField(2, "name", AtomicType.string()),
                new DataField(3, "price", AtomicType.of(TypeRoot.DOUBLE)),
                new DataField(4, "qty", AtomicType.of(TypeRoot.BIGINT))));
    List<Row> rows = new ArrayList<>();
    for (int i = 0; i < 5_000; i++) {
      rows.add(
          Row.of(
              i,
              "2024-01-0" + (i % 3),
              i % 7 == 0 ? null : "name-" + i + "-ü",
              i % 5 == 0 ? null : i * 0.25,
              (long) (i % 11)));
    }
    Path file = dir.resolve("flat.parquet");
    write(file, type, Compression.DEFAULT, rows);

    assertThat(readAll(file, type, null)).containsExactlyElementsOf(rows);
    List<Row> projected = readAll(file, type, new int[] {4, 1, 2});
    assertThat(projected).hasSize(rows.size());
    for (int i = 0; i < rows.size(); i++) {
      Row r = rows.get(i);
      assertThat(projected.get(i)).isEqualTo(Row.of(r.get(4), r.get(1), r.get(2)));
    }
  }

  @Test
  void countsRowsOfAnEmptyProjection() {
    Path file = dir.resolve("count.parquet");
    write(file, allTypes(), Compression.DEFAULT, SampleTables.sampleRows());

    assertThat(readAll(file, allTypes(), new int[0])).hasSize(4).allMatch(r -> r.arity() == 0);
  }

  @Test
  void writesPaimonsSchemaWithFieldIds() {
    Path file = dir.resolve("schema.parquet");
    write(file, allTypes(), Compression.DEFAULT, List.of(SampleTables.typicalRow(1)));

    assertThat(format.readFieldNames(file)).isEqualTo(allTypes().fieldNames());
    assertThat(ParquetSchemas.toParquet(allTypes()).getType("ai").toString())
        .isEqualTo(
            "optional group ai (LIST) = 22 {\n"
                + "  repeated group list {\n"
                + "    optional int32 element = 536893440;\n"
                + "  }\n"
                + "}");
  }

  @Test
  void refusesAnInvalidRowAndKeepsTheFileValid() {
    Path file = dir.resolve("invalid.parquet");
    RowType type =
        RowType.of(
            List.of(
                new DataField(0, "a", AtomicType.of(TypeRoot.INT).withNullable(false)),
                new DataField(1, "b", AtomicType.string())));
    try (DataFileWriter writer = format.createWriter(file, type, Compression.DEFAULT)) {
      writer.write(Row.of(1, "x"));
      assertThatThrownBy(() -> writer.write(Row.of(null, "y")))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("NOT NULL column a");
      assertThatThrownBy(() -> writer.write(Row.of(2, 3)))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("column b");
      writer.write(Row.of(4, null));
    }

    assertThat(readAll(file, type, null)).containsExactly(Row.of(1, "x"), Row.of(4, null));
  }

  @Test
  void abortDeletesTheFile() {
    Path file = dir.resolve("aborted.parquet");
    DataFileWriter writer = format.createWriter(file, allTypes(), Compression.DEFAULT);
    writer.write(SampleTables.typicalRow(1));
    writer.abort();

    assertThat(file).doesNotExist();
  }

  @Test
  void refusesToOverwriteAnExistingFile() throws Exception {
    Path file = Files.writeString(dir.resolve("exists.parquet"), "x");

    assertThatThrownBy(() -> format.createWriter(file, allTypes(), Compression.DEFAULT))
        .isInstanceOf(java.io.UncheckedIOException.class)
        .hasMessageContaining(file.toString());
    assertThat(file).hasContent("x");
  }

  @Test
  void reportsAMissingColumnAndAMismatchedType() {
    Path file = dir.resolve("narrow.parquet");
    RowType narrow = RowType.of(List.of(new DataField(0, "a", AtomicType.string())));
    write(file, narrow, Compression.DEFAULT, List.of(Row.of("x")));

    assertThatThrownBy(
            () ->
                format.createReader(
                    file, RowType.of(List.of(new DataField(1, "b", AtomicType.string()))), null))
        .isInstanceOf(CorruptDataFileException.class)
        .hasMessageContaining(file.toString())
        .hasMessageContaining("column b is not in the file");
    assertThatThrownBy(
            () ->
                format.createReader(
                    file,
                    RowType.of(List.of(new DataField(0, "a", AtomicType.of(TypeRoot.INT)))),
                    null))
        .isInstanceOf(CorruptDataFileException.class)
        .hasMessageContaining("column a is stored as");
  }

  @Test
  void reportsAMissingFileAsAnIoFailure() {
    Path file = dir.resolve("missing.parquet");

    assertThatThrownBy(() -> format.createReader(file, allTypes(), null))
        .isInstanceOf(java.io.UncheckedIOException.class)
        .hasMessageContaining(file.toString());
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
