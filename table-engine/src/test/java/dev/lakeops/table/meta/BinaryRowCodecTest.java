package dev.lakeops.table.meta;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakeops.table.data.Row;
import dev.lakeops.table.data.RowKind;
import dev.lakeops.table.types.AtomicType;
import dev.lakeops.table.types.DataField;
import dev.lakeops.table.types.RowType;
import dev.lakeops.table.types.TypeRoot;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;

class BinaryRowCodecTest {

  private static final HexFormat HEX = HexFormat.of();

  private static RowType type(AtomicType... types) {
    List<DataField> fields = new ArrayList<>();
    for (int i = 0; i < types.length; i++) {
      fields.add(new DataField(i, "f" + i, types[i]));
    }
    return RowType.of(fields);
  }

  private static String serializedHex(RowType type, Row row) {
    return HEX.formatHex(BinaryRowCodec.encode(type, row).toSerialized());
  }

  @Test
  void encodesAPartitionAsInTheSpecsWorkedExample() {
    assertThat(serializedHex(type(AtomicType.string()), Row.of("2024-01-01")))
        .isEqualTo(
            "00000001"
                + "0000000000000000"
                + "0a00000010000000"
                + "323032342d30312d3031000000000000");
  }

  @Test
  void encodesAKeyAsInTheSpecsWorkedExample() {
    assertThat(serializedHex(type(AtomicType.of(TypeRoot.INT)), Row.of(1)))
        .isEqualTo("00000001" + "0000000000000000" + "0100000000000000");
  }

  @Test
  void encodesValueStatsAsInTheSpecsWorkedExample() {
    RowType type =
        type(
            AtomicType.string(),
            AtomicType.of(TypeRoot.INT),
            AtomicType.string(),
            AtomicType.of(TypeRoot.DOUBLE));

    assertThat(serializedHex(type, Row.of("2024-01-01", 1, "apple2", 1.75)))
        .isEqualTo(
            "00000004"
                + "0000000000000000"
                + "0a00000028000000"
                + "0100000000000000"
                + "6170706c65320086"
                + "000000000000fc3f"
                + "323032342d30312d3031000000000000");
  }

  @Test
  void encodesAMicrosecondTimestampAsInTheSpecsWorkedExample() {
    LocalDateTime t =
        LocalDateTime.ofEpochSecond(1_700_000_000L, 123_456_000, java.time.ZoneOffset.UTC);
    RowType type =
        new RowType(
            true,
            List.of(
                new DataField(0, "a", AtomicType.string()),
                new DataField(1, "b", AtomicType.string()),
                new DataField(2, "c", AtomicType.string()),
                new DataField(3, "d", AtomicType.string()),
                new DataField(4, "e", AtomicType.string()),
                new DataField(5, "f", AtomicType.string()),
                new DataField(6, "g", AtomicType.string()),
                new DataField(7, "h", AtomicType.string()),
                new DataField(8, "i", AtomicType.string()),
                new DataField(9, "j", AtomicType.string()),
                new DataField(10, "k", AtomicType.string()),
                new DataField(11, "l", AtomicType.string()),
                new DataField(12, "m", AtomicType.string()),
                new DataField(13, "n", AtomicType.string()),
                new DataField(14, "o", AtomicType.string()),
                new DataField(15, "ts", AtomicType.timestamp(6))));
    Object[] values = new Object[16];
    values[15] = t;

    BinaryRow row = BinaryRowCodec.encode(type, Row.of(values));
    byte[] bytes = row.bytes();

    // 8-byte header, 16 slots (128 bytes): the variable part starts at 0x88; slot 15 at 8 + 15 * 8
    // = 128
    assertThat(HEX.formatHex(bytes, 128, 136)).isEqualTo("40f5060088000000");
    assertThat(HEX.formatHex(bytes, 136, 144))
        .isEqualTo(
            HEX.formatHex(
                java.nio.ByteBuffer.allocate(8)
                    .order(java.nio.ByteOrder.LITTLE_ENDIAN)
                    .putLong(1_700_000_000_123L)
                    .array()));
    assertThat(BinaryRowCodec.decode(type, row).get(15)).isEqualTo(t);
  }

  @Test
  void encodesTheEmptyRowAsEightZeroBytes() {
    assertThat(BinaryRowCodec.encode(RowType.of(List.of()), Row.of())).isEqualTo(BinaryRow.EMPTY);
    assertThat(HEX.formatHex(BinaryRow.EMPTY.toSerialized())).isEqualTo("000000000000000000000000");
  }

  @Test
  void setsNullBitsAndZeroesSlots() {
    RowType type =
        type(AtomicType.of(TypeRoot.INT), AtomicType.string(), AtomicType.of(TypeRoot.BIGINT));

    assertThat(serializedHex(type, Row.of(null, "x", null)))
        .isEqualTo(
            "00000003"
                + "0005000000000000"
                + "0000000000000000"
                + "7800000000000081"
                + "0000000000000000");
  }

  @Test
  void reservesVariableBytesForNullHighPrecisionDecimalsAndTimestampsAsPaimonDoes() {
    RowType type = type(AtomicType.decimal(20, 2), AtomicType.timestamp(9));

    assertThat(serializedHex(type, Row.of(null, null)))
        .isEqualTo(
            "00000002"
                + "0003000000000000"
                + "0000000018000000"
                + "0000000028000000"
                + "00000000000000000000000000000000"
                + "0000000000000000");
  }

  @Test
  void writesTheRowKindIntoTheHeader() {
    BinaryRow row =
        BinaryRowCodec.encode(type(AtomicType.of(TypeRoot.INT)), Row.ofKind(RowKind.DELETE, 7));

    assertThat(row.kind()).isEqualTo(RowKind.DELETE);
    assertThat(BinaryRowCodec.decode(type(AtomicType.of(TypeRoot.INT)), row))
        .isEqualTo(Row.ofKind(RowKind.DELETE, 7));
  }

  @Test
  void roundTripsEveryAtomicType() {
    RowType type =
        type(
            AtomicType.of(TypeRoot.BOOLEAN),
            AtomicType.of(TypeRoot.TINYINT),
            AtomicType.of(TypeRoot.SMALLINT),
            AtomicType.of(TypeRoot.INT),
            AtomicType.of(TypeRoot.BIGINT),
            AtomicType.of(TypeRoot.FLOAT),
            AtomicType.of(TypeRoot.DOUBLE),
            AtomicType.decimal(10, 2),
            AtomicType.decimal(38, 10),
            new AtomicType(TypeRoot.CHAR, true, 3, 0),
            AtomicType.string(),
            new AtomicType(TypeRoot.BINARY, true, 2, 0),
            AtomicType.bytes(),
            AtomicType.of(TypeRoot.DATE),
            new AtomicType(TypeRoot.TIME, true, 3, 0),
            AtomicType.timestamp(3),
            AtomicType.timestamp(9),
            new AtomicType(TypeRoot.TIMESTAMP_LTZ, true, 3, 0),
            new AtomicType(TypeRoot.TIMESTAMP_LTZ, true, 6, 0));
    Row row =
        Row.of(
            true,
            (byte) -3,
            (short) 300,
            -70000,
            Long.MIN_VALUE,
            1.5f,
            -2.25,
            new BigDecimal("-12345678.90"),
            new BigDecimal("-1234567890123456789012345678.0123456789"),
            "abc",
            "a string longer than seven bytes — ü",
            new byte[] {1, 2},
            new byte[] {9, 8, 7, 6, 5, 4, 3, 2, 1},
            LocalDate.of(1969, 12, 31),
            LocalTime.of(23, 59, 59, 999_000_000),
            LocalDateTime.of(1960, 1, 1, 0, 0, 0, 5_000_000),
            LocalDateTime.of(2262, 4, 11, 23, 47, 16, 854_775_807),
            Instant.ofEpochMilli(-1),
            Instant.parse("2024-01-01T00:00:00.123456Z"));

    BinaryRow encoded = BinaryRowCodec.encode(type, row);

    assertThat(encoded.sizeInBytes() % 8).isZero();
    assertThat(BinaryRowCodec.decode(type, encoded)).isEqualTo(row);
    assertThat(BinaryRowCodec.decode(type, BinaryRow.fromSerialized(encoded.toSerialized())))
        .isEqualTo(row);
  }

  @Test
  void roundsDecimalsToTheTypesScaleAndRejectsOverflow() {
    RowType type = type(AtomicType.decimal(5, 2));

    assertThat(
            BinaryRowCodec.decode(
                    type, BinaryRowCodec.encode(type, Row.of(new BigDecimal("1.005"))))
                .get(0))
        .isEqualTo(new BigDecimal("1.01"));
    assertThatThrownBy(() -> BinaryRowCodec.encode(type, Row.of(new BigDecimal("12345.6"))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("f0")
        .hasMessageContaining("precision 5");
  }

  @Test
  void rejectsValuesOfTheWrongClassNamingTheField() {
    assertThatThrownBy(() -> BinaryRowCodec.encode(type(AtomicType.of(TypeRoot.INT)), Row.of("1")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("f0")
        .hasMessageContaining("String");
    assertThatThrownBy(() -> BinaryRowCodec.encode(type(AtomicType.of(TypeRoot.INT)), Row.of(1, 2)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("2 values");
  }

  @Test
  void rejectsNestedTypes() {
    RowType nested =
        RowType.of(
            List.of(
                new DataField(
                    0,
                    "a",
                    new dev.lakeops.table.types.ArrayType(true, AtomicType.of(TypeRoot.INT)))));

    assertThatThrownBy(() -> BinaryRowCodec.encode(nested, Row.of(List.of(1))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("nested");
  }

  @Test
  void rejectsBytesThatDoNotHoldARowOfTheType() {
    RowType string = type(AtomicType.string());
    byte[] bytes = BinaryRowCodec.encode(string, Row.of("a long string value")).bytes();
    bytes[12] = 0x7F; // the offset, now beyond the end of the row

    assertThatThrownBy(() -> BinaryRowCodec.decode(string, BinaryRow.of(1, bytes)))
        .isInstanceOf(MalformedBinaryRowException.class)
        .hasMessageContaining("f0")
        .hasMessageContaining("outside");
    assertThatThrownBy(
            () ->
                BinaryRowCodec.decode(
                    type(AtomicType.of(TypeRoot.INT), AtomicType.of(TypeRoot.INT)),
                    BinaryRowCodec.encode(type(AtomicType.of(TypeRoot.INT)), Row.of(1))))
        .isInstanceOf(MalformedBinaryRowException.class)
        .hasMessageContaining("arity 1");
    assertThatThrownBy(() -> BinaryRow.of(2, new byte[16]))
        .isInstanceOf(MalformedBinaryRowException.class)
        .hasMessageContaining("fixed part of 24");
    assertThatThrownBy(() -> BinaryRow.fromSerialized(new byte[] {0, 0}))
        .isInstanceOf(MalformedBinaryRowException.class);
    assertThatThrownBy(() -> BinaryRow.fromSerialized(HEX.parseHex("7fffffff0000000000000000")))
        .isInstanceOf(MalformedBinaryRowException.class)
        .hasMessageContaining("arity 2147483647");
  }

  @Test
  void rejectsInvalidUtf8AndRowKinds() {
    RowType string = type(AtomicType.string());
    byte[] bytes = BinaryRowCodec.encode(string, Row.of("ab")).bytes();
    bytes[8] = (byte) 0xC3; // a lead byte without continuation

    assertThatThrownBy(() -> BinaryRowCodec.decode(string, BinaryRow.of(1, bytes)))
        .isInstanceOf(MalformedBinaryRowException.class)
        .hasMessageContaining("UTF-8");
    bytes[0] = 9;
    assertThatThrownBy(() -> BinaryRowCodec.decode(string, BinaryRow.of(1, bytes)))
        .isInstanceOf(MalformedBinaryRowException.class)
        .hasMessageContaining("row kind byte 9");
  }

  @Test
  void comparesRowsByContent() {
    RowType type = type(AtomicType.string());

    assertThat(BinaryRowCodec.encode(type, Row.of("x")))
        .isEqualTo(BinaryRowCodec.encode(type, Row.of("x")))
        .hasSameHashCodeAs(BinaryRowCodec.encode(type, Row.of("x")))
        .isNotEqualTo(BinaryRowCodec.encode(type, Row.of("y")));
  }
}
