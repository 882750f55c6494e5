package dev.lakeops.table.flink.data;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakeops.table.data.Row;
import dev.lakeops.table.data.RowKind;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.flink.api.common.serialization.SerializerConfigImpl;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.api.common.typeutils.TypeSerializerSnapshot;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.junit.jupiter.api.Test;

class TableRowSerializerTest {

  private final TableRowSerializer serializer = TableRowSerializer.INSTANCE;

  @Test
  void everyJavaClassOfATableTypeComesBackEqualWithItsRowKind() throws IOException {
    Map<String, Object> map = new LinkedHashMap<>();
    map.put("a", 1L);
    map.put("b", null);
    Row nested = Row.ofKind(RowKind.INSERT, "inner", 7);
    Row row =
        Row.ofKind(
            RowKind.UPDATE_BEFORE,
            true,
            (byte) -3,
            (short) 300,
            42,
            Long.MIN_VALUE,
            1.5f,
            -2.25d,
            new BigDecimal("-12345678901234567890.123"),
            new BigDecimal("0.00"),
            "añb ✓ 𝄞 and a longer string than seven bytes",
            "",
            new byte[] {0, 1, -1},
            LocalDate.of(1969, 12, 31),
            LocalTime.of(23, 59, 59, 999_999_999),
            LocalDateTime.of(2026, 12, 7, 18, 0, 0, 123_456_789),
            Instant.ofEpochSecond(-1, 5),
            Arrays.asList(1, null, 3),
            map,
            nested,
            null);

    Row back = roundTrip(row);

    assertThat(back).isEqualTo(row);
    assertThat(back.kind()).isEqualTo(RowKind.UPDATE_BEFORE);
    assertThat(((BigDecimal) back.get(7)).scale()).isEqualTo(3);
    assertThat(((BigDecimal) back.get(8)).scale()).isEqualTo(2);
    assertThat(back.get(18)).isInstanceOf(Row.class);
  }

  @Test
  void anEmptyRowAndEachKindRoundTrip() throws IOException {
    for (RowKind kind : RowKind.values()) {
      assertThat(roundTrip(Row.ofKind(kind))).isEqualTo(Row.ofKind(kind));
    }
  }

  // rows are immutable: chained operators pass the same row on, as Flink does for strings
  @Test
  void copyHandsTheSameRowOnAndTheBytesCopyIsExact() throws IOException {
    Row row = Row.of(1L, "x");
    assertThat(serializer.copy(row)).isSameAs(row);
    assertThat(serializer.isImmutableType()).isTrue();

    DataOutputSerializer out = new DataOutputSerializer(64);
    serializer.serialize(row, out);
    DataOutputSerializer copied = new DataOutputSerializer(64);
    serializer.copy(new DataInputDeserializer(out.getCopyOfBuffer()), copied);
    assertThat(copied.getCopyOfBuffer()).isEqualTo(out.getCopyOfBuffer());
  }

  @Test
  void aValueOfAClassNoTableTypeUsesIsRefusedNamingTheClassAndTheField() {
    Row row = Row.of(1L, new StringBuilder("not a string"));
    assertThatThrownBy(() -> serializer.serialize(row, new DataOutputSerializer(64)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("field 1")
        .hasMessageContaining("java.lang.StringBuilder");
  }

  @Test
  void bytesThatAreNotARowAreAnIoErrorNamingWhatIsWrong() {
    assertThat(corrupt(new byte[] {9, 0, 0, 0, 0})).hasMessageContaining("kind byte 9");
    assertThat(corrupt(new byte[] {0, 0, 0, 0, 1, 99}))
        .hasMessageContaining("unknown value tag 99");
    assertThat(corrupt(new byte[] {0, -1, -1, -1, -1})).hasMessageContaining("arity length -1");
    assertThat(corrupt(new byte[] {0, 0x7f, 0, 0, 0})).hasMessageContaining("arity 2130706432");
    assertThat(corrupt(new byte[] {0, 0, 0, 0, 1, 9, 0x7f, 0, 0, 0}))
        .hasMessageContaining("string of 2130706432 bytes");
    assertThat(corrupt(new byte[] {0, 0, 0, 0, 1, 12, 0x7f, 0, 0, 0, 0, 0, 0, 0}))
        .hasMessageContaining("Invalid serialized row");
  }

  // every mutation of valid bytes reads as a row or fails as an IOException (EOF included):
  // never another exception, never a huge allocation
  @Test
  void mutatedBytesNeverFailOtherwiseThanAsAnIoError() throws IOException {
    Random random = new Random(20261207);
    DataOutputSerializer out = new DataOutputSerializer(256);
    serializer.serialize(
        Row.of(
            7L,
            "shop-1",
            new BigDecimal("19.99"),
            LocalDateTime.of(2026, 1, 1, 0, 0),
            List.of("a", "b"),
            Map.of("k", 1),
            Row.of(LocalDate.of(2026, 1, 2), new byte[] {1, 2})),
        out);
    byte[] valid = out.getCopyOfBuffer();
    int read = 0;
    int ended = 0;
    int refused = 0;
    for (int i = 0; i < 20_000; i++) {
      byte[] bytes = valid.clone();
      for (int flips = 1 + random.nextInt(3); flips > 0; flips--) {
        bytes[random.nextInt(bytes.length)] = (byte) random.nextInt(256);
      }
      try {
        serializer.deserialize(new DataInputDeserializer(bytes));
        read++;
      } catch (EOFException e) {
        ended++;
      } catch (IOException e) {
        assertThat(e).hasMessageStartingWith("Invalid serialized row: ");
        refused++;
      }
    }
    assertThat(read).as("mutations that still read as rows").isPositive();
    assertThat(ended).as("mutations that end early").isPositive();
    assertThat(refused).as("mutations refused by name").isPositive();
  }

  @Test
  void theTypeMakesTheSerializerAndSurvivesJavaSerializationAsTheSameInstance() throws Exception {
    TypeSerializer<Row> made =
        TableRowTypeInfo.INSTANCE.createSerializer(new SerializerConfigImpl());
    assertThat(made).isSameAs(serializer);
    assertThat(javaRoundTrip(TableRowTypeInfo.INSTANCE)).isSameAs(TableRowTypeInfo.INSTANCE);
    assertThat(javaRoundTrip(serializer)).isSameAs(serializer);
    assertThat(TableRowTypeInfo.INSTANCE.getTypeClass()).isEqualTo(Row.class);
  }

  @Test
  void aSavedSnapshotRestoresTheSerializer() throws IOException {
    TypeSerializerSnapshot<Row> snapshot = serializer.snapshotConfiguration();
    DataOutputSerializer out = new DataOutputSerializer(64);
    snapshot.writeSnapshot(out);
    TypeSerializerSnapshot<Row> read = new TableRowSerializer.Snapshot();
    read.readSnapshot(
        snapshot.getCurrentVersion(),
        new DataInputDeserializer(out.getCopyOfBuffer()),
        getClass().getClassLoader());
    assertThat(read.restoreSerializer()).isSameAs(serializer);
    assertThat(read.resolveSchemaCompatibility(snapshot).isCompatibleAsIs()).isTrue();
  }

  private Row roundTrip(Row row) throws IOException {
    DataOutputSerializer out = new DataOutputSerializer(64);
    serializer.serialize(row, out);
    DataInputDeserializer in = new DataInputDeserializer(out.getCopyOfBuffer());
    Row back = serializer.deserialize(in);
    assertThat(in.available()).as("bytes left after the row").isZero();
    return back;
  }

  private IOException corrupt(byte[] bytes) {
    List<IOException> thrown = new ArrayList<>();
    try {
      serializer.deserialize(new DataInputDeserializer(bytes));
    } catch (IOException e) {
      thrown.add(e);
    }
    assertThat(thrown).as("an IOException for %s", Arrays.toString(bytes)).hasSize(1);
    return thrown.get(0);
  }

  @SuppressWarnings("unchecked")
  private static <T> T javaRoundTrip(T value) throws Exception {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
      out.writeObject(value);
    }
    try (ObjectInputStream in =
        new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
      return (T) in.readObject();
    }
  }
}
