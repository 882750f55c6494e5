package dev.lakeops.tools.binlog.file;

import static dev.lakeops.tools.binlog.file.BinlogFixtures.write;
import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * One value per column type, encoded from the documented layout (MySQL {@code Field::pack}, {@code
 * decimal2bin}, {@code my_time_packed_to_binary}; MariaDB protocol documentation), in a TABLE_MAP +
 * WRITE_ROWS_V2 pair that the reader decodes.
 */
class BinlogRowValuesTest {

  /** SIGNEDNESS optional metadata: one numeric column, UNSIGNED. */
  private static final byte[] UNSIGNED = {1, 1, (byte) 0x80};

  @TempDir Path dir;

  static Stream<Arguments> values() {
    return Stream.of(
        Arguments.of("TINY -1", ColumnTypes.TINY, new byte[0], b(0xff), -1),
        Arguments.of("SHORT -2", ColumnTypes.SHORT, new byte[0], b(0xfe, 0xff), -2),
        Arguments.of("INT24 -1", ColumnTypes.INT24, new byte[0], b(0xff, 0xff, 0xff), -1),
        Arguments.of("INT24 max", ColumnTypes.INT24, new byte[0], b(0xff, 0xff, 0x7f), 8_388_607),
        Arguments.of("LONG -1", ColumnTypes.LONG, new byte[0], b(0xff, 0xff, 0xff, 0xff), -1),
        Arguments.of(
            "LONGLONG min",
            ColumnTypes.LONGLONG,
            new byte[0],
            b(0, 0, 0, 0, 0, 0, 0, 0x80),
            Long.MIN_VALUE),
        Arguments.of(
            "FLOAT 1.5",
            ColumnTypes.FLOAT,
            b(4),
            RowBodies.create().le(Float.floatToIntBits(1.5f), 4).bytes(),
            1.5f),
        Arguments.of(
            "DOUBLE -2.25",
            ColumnTypes.DOUBLE,
            b(8),
            RowBodies.create().le(Double.doubleToLongBits(-2.25), 8).bytes(),
            -2.25),
        // MySQL decimal2bin documentation: DECIMAL(14,4) 1234567890.1234 and its negative
        Arguments.of(
            "NEWDECIMAL(14,4)",
            ColumnTypes.NEWDECIMAL,
            b(14, 4),
            b(0x81, 0x0d, 0xfb, 0x38, 0xd2, 0x04, 0xd2),
            new BigDecimal("1234567890.1234")),
        Arguments.of(
            "NEWDECIMAL(14,4) negative",
            ColumnTypes.NEWDECIMAL,
            b(14, 4),
            b(0x7e, 0xf2, 0x04, 0xc7, 0x2d, 0xfb, 0x2d),
            new BigDecimal("-1234567890.1234")),
        Arguments.of(
            "NEWDECIMAL(10,2) 10.50",
            ColumnTypes.NEWDECIMAL,
            b(10, 2),
            b(0x80, 0, 0, 0x0a, 0x32),
            new BigDecimal("10.50")),
        Arguments.of(
            "NEWDECIMAL(4,4) 0.0001",
            ColumnTypes.NEWDECIMAL,
            b(4, 4),
            b(0x80, 0x01),
            new BigDecimal("0.0001")),
        Arguments.of("YEAR 2026", ColumnTypes.YEAR, new byte[0], b(126), 2026),
        Arguments.of("YEAR 0000", ColumnTypes.YEAR, new byte[0], b(0), 0),
        Arguments.of(
            "DATE 2026-11-30",
            ColumnTypes.DATE,
            new byte[0],
            RowBodies.create().le(30 | 11 << 5 | 2026 << 9, 3).bytes(),
            new TemporalValue.Date(2026, 11, 30)),
        Arguments.of(
            "DATE 0000-00-00",
            ColumnTypes.DATE,
            new byte[0],
            b(0, 0, 0),
            new TemporalValue.Date(0, 0, 0)),
        Arguments.of(
            "TIME -12:34:56",
            ColumnTypes.TIME,
            new byte[0],
            RowBodies.create().le(-123456, 3).bytes(),
            new TemporalValue.Time(true, 12, 34, 56, 0)),
        Arguments.of(
            "TIME2(0) 838:59:59",
            ColumnTypes.TIME2,
            b(0),
            RowBodies.create().be(0x800000 + (838L << 12 | 59 << 6 | 59), 3).bytes(),
            new TemporalValue.Time(false, 838, 59, 59, 0)),
        // my_time_packed_to_binary of -00:00:01.5 at precision 1: int part -2, fraction byte (char)
        // -50
        Arguments.of(
            "TIME2(1) -00:00:01.5",
            ColumnTypes.TIME2,
            b(1),
            b(0x7f, 0xff, 0xfe, 0xce),
            new TemporalValue.Time(true, 0, 0, 1, 500_000)),
        Arguments.of(
            "TIME2(6) 01:02:03.000004",
            ColumnTypes.TIME2,
            b(6),
            RowBodies.create().be(0x800000000000L + ((1L << 12 | 2 << 6 | 3) << 24) + 4, 6).bytes(),
            new TemporalValue.Time(false, 1, 2, 3, 4)),
        Arguments.of(
            "DATETIME 2026-11-30 12:34:56",
            ColumnTypes.DATETIME,
            new byte[0],
            RowBodies.create().le(20261130123456L, 8).bytes(),
            new TemporalValue.DateTime(2026, 11, 30, 12, 34, 56, 0)),
        Arguments.of(
            "DATETIME2(3) 2026-11-30 12:34:56.789",
            ColumnTypes.DATETIME2,
            b(3),
            RowBodies.create()
                .be(
                    0x8000000000L + (((2026L * 13 + 11) << 5 | 30) << 17 | 12 << 12 | 34 << 6 | 56),
                    5)
                .be(7890, 2)
                .bytes(),
            new TemporalValue.DateTime(2026, 11, 30, 12, 34, 56, 789_000)),
        Arguments.of(
            "DATETIME2(0) zero",
            ColumnTypes.DATETIME2,
            b(0),
            b(0x80, 0, 0, 0, 0),
            new TemporalValue.DateTime(0, 0, 0, 0, 0, 0, 0)),
        Arguments.of(
            "TIMESTAMP",
            ColumnTypes.TIMESTAMP,
            new byte[0],
            RowBodies.create().le(1_795_993_307L, 4).bytes(),
            Instant.ofEpochSecond(1_795_993_307L)),
        Arguments.of(
            "TIMESTAMP2(6)",
            ColumnTypes.TIMESTAMP2,
            b(6),
            RowBodies.create().be(1_795_993_307L, 4).be(123_456, 3).bytes(),
            Instant.ofEpochSecond(1_795_993_307L, 123_456_000)),
        Arguments.of(
            "TIMESTAMP2(2)",
            ColumnTypes.TIMESTAMP2,
            b(2),
            RowBodies.create().be(1, 4).be(99, 1).bytes(),
            Instant.ofEpochSecond(1, 990_000_000)),
        Arguments.of(
            "VARCHAR(10) utf8mb4",
            ColumnTypes.VARCHAR,
            b(40, 0),
            RowBodies.create().u8(6).raw(utf8("héllo")).bytes(),
            utf8("héllo")),
        Arguments.of(
            "VARCHAR(300) latin1",
            ColumnTypes.VARCHAR,
            b(0x2c, 0x01),
            RowBodies.create().u16(3).raw(utf8("abc")).bytes(),
            utf8("abc")),
        Arguments.of(
            "CHAR(10) utf8mb4",
            ColumnTypes.STRING,
            b(0xfe, 40),
            RowBodies.create().u8(2).raw(utf8("ab")).bytes(),
            utf8("ab")),
        // Field_string: CHAR(100) utf8mb4 is 400 bytes: first metadata byte 0xfe ^ ((400 & 0x300)
        // >> 4)
        Arguments.of(
            "CHAR(100) utf8mb4",
            ColumnTypes.STRING,
            b(0xee, 0x90),
            RowBodies.create().u16(2).raw(utf8("xy")).bytes(),
            utf8("xy")),
        Arguments.of("ENUM index 2", ColumnTypes.STRING, b(ColumnTypes.ENUM, 1), b(2), 2),
        Arguments.of("SET bits 101", ColumnTypes.STRING, b(ColumnTypes.SET, 1), b(5), 5L),
        Arguments.of("BIT(10)", ColumnTypes.BIT, b(2, 1), b(0x02, 0x01), 513L),
        Arguments.of(
            "BIT(64)", ColumnTypes.BIT, b(0, 8), b(0xff, 0, 0, 0, 0, 0, 0, 1), 0xff00000000000001L),
        Arguments.of(
            "BLOB",
            ColumnTypes.BLOB,
            b(2),
            RowBodies.create().u16(3).raw(1, 2, 3).bytes(),
            b(1, 2, 3)),
        Arguments.of(
            "TINYTEXT",
            ColumnTypes.BLOB,
            b(1),
            RowBodies.create().u8(2).raw(utf8("hi")).bytes(),
            utf8("hi")),
        Arguments.of(
            "JSON",
            ColumnTypes.JSON,
            b(4),
            RowBodies.create().le(2, 4).raw(0x04, 0x01).bytes(),
            b(0x04, 0x01)),
        Arguments.of(
            "GEOMETRY",
            ColumnTypes.GEOMETRY,
            b(4),
            RowBodies.create().le(4, 4).raw(0, 0, 0, 0).bytes(),
            b(0, 0, 0, 0)));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("values")
  void decodesEachColumnTypeFromItsDocumentedLayout(
      String name, int type, byte[] meta, byte[] value, Object expected) {
    assertThat(decodeOne(type, meta, value, new byte[0])).isEqualTo(expected);
  }

  @Test
  void integersAreUnsignedOnlyWhenTheTableMapSaysSo() {
    assertThat(decodeOne(ColumnTypes.TINY, new byte[0], b(0xff), UNSIGNED)).isEqualTo(255);
    assertThat(decodeOne(ColumnTypes.SHORT, new byte[0], b(0xfe, 0xff), UNSIGNED)).isEqualTo(65534);
    assertThat(decodeOne(ColumnTypes.INT24, new byte[0], b(0xff, 0xff, 0xff), UNSIGNED))
        .isEqualTo(16_777_215);
    assertThat(decodeOne(ColumnTypes.LONG, new byte[0], b(0xff, 0xff, 0xff, 0xff), UNSIGNED))
        .isEqualTo(4_294_967_295L);
    assertThat(
            decodeOne(
                ColumnTypes.LONGLONG,
                new byte[0],
                b(0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff),
                UNSIGNED))
        .isEqualTo(new BigInteger("18446744073709551615"));
    assertThat(decodeOne(ColumnTypes.LONG, new byte[0], b(0xff, 0xff, 0xff, 0xff), new byte[0]))
        .isEqualTo(-1);
  }

  @Test
  void temporalValuesPrintInMysqlTextFormAndConvertWhenJavaTimeCanHoldThem() {
    TemporalValue.DateTime dt = new TemporalValue.DateTime(2026, 11, 30, 12, 34, 56, 789_000);
    assertThat(dt).hasToString("2026-11-30 12:34:56.789000");
    assertThat(dt.toLocalDateTime()).hasToString("2026-11-30T12:34:56.789");
    assertThat(new TemporalValue.Date(0, 0, 0).toLocalDate()).isNull();
    assertThat(new TemporalValue.Time(true, 838, 59, 59, 0)).hasToString("-838:59:59");
    assertThat(new TemporalValue.Time(true, 0, 0, 1, 500_000).toMicros()).isEqualTo(-1_500_000);
    assertThat(new TemporalValue.Time(true, 0, 0, 1, 0).toLocalTime()).isNull();
  }

  private Object decodeOne(int type, byte[] meta, byte[] value, byte[] optional) {
    byte[] row = RowBodies.create().u8(0).raw(value).bytes(); // null bitmap: not NULL
    byte[] file =
        new SyntheticBinlog()
            .raw(
                EventTypes.TABLE_MAP,
                RowBodies.tableMap(5, "t", new int[] {type}, meta, b(1), optional))
            .raw(EventTypes.WRITE_ROWS_V2, RowBodies.rowsV2(5, 1, 0x01, null, new byte[0], row))
            .bytes();
    RowsCollector c = RowsCollector.read(write(dir, "values.bin", file));
    assertThat(c.damages).isEmpty();
    assertThat(c.failures).isEmpty();
    assertThat(c.rows).hasSize(1);
    RowsEvent event = c.rows.get(0);
    assertThat(event.kind()).isEqualTo(RowsEvent.Kind.WRITE);
    assertThat(event.rows()).as("the value used exactly its bytes").hasSize(1);
    return event.rows().get(0).after()[0];
  }

  static byte[] b(int... values) {
    byte[] out = new byte[values.length];
    for (int i = 0; i < values.length; i++) {
      out[i] = (byte) values[i];
    }
    return out;
  }

  static byte[] utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }
}
