package dev.lakeops.table.format;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakeops.table.data.Row;
import dev.lakeops.table.data.RowKind;
import dev.lakeops.table.format.avro.AvroFileFormat;
import dev.lakeops.table.types.AtomicType;
import dev.lakeops.table.types.DataField;
import dev.lakeops.table.types.RowType;
import dev.lakeops.table.types.TypeRoot;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AppendFileWriterTest {

  private static final RowType EVENTS =
      RowType.of(
          List.of(
              new DataField(0, "id", AtomicType.of(TypeRoot.BIGINT)),
              new DataField(1, "note", AtomicType.string())));

  @TempDir Path dir;

  @Test
  void numbersRowsFromTheFirstSequenceNumberAndHasNoKeys() {
    Path file = dir.resolve("data-0.avro");
    WrittenFile written;
    try (AppendFileWriter writer =
        AppendFileWriter.create(
            AvroFileFormat.INSTANCE, file, EVENTS, Compression.DEFAULT, StatsMode.DEFAULT, 10)) {
      writer.write(Row.of(3L, "c"));
      writer.write(Row.of(1L, null));
      assertThat(writer.nextSequenceNumber()).isEqualTo(12);
      written = writer.complete();
    }

    assertThat(written.minSequenceNumber()).isEqualTo(10);
    assertThat(written.maxSequenceNumber()).isEqualTo(11);
    assertThat(written.minKey().arity()).isZero();
    assertThat(written.keyStats()).isEqualTo(ColumnStats.empty());
    assertThat(written.valueStats().min()).isEqualTo(Row.of(1L, "c"));
    assertThat(written.deleteRowCount()).isZero();
    List<Row> rows = new ArrayList<>();
    try (DataFileReader reader = AvroFileFormat.INSTANCE.createReader(file, EVENTS, null)) {
      reader.forEachRemaining(rows::add);
    }
    assertThat(rows).containsExactly(Row.of(3L, "c"), Row.of(1L, null));
  }

  @Test
  void refusesRowsThatAreNotInserts() {
    try (AppendFileWriter writer =
        AppendFileWriter.create(
            AvroFileFormat.INSTANCE,
            dir.resolve("data-1.avro"),
            EVENTS,
            Compression.DEFAULT,
            StatsMode.DEFAULT,
            0)) {
      assertThatThrownBy(() -> writer.write(Row.ofKind(RowKind.DELETE, 1L, "x")))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("-D");
    }
  }
}
