package dev.lakeops.table.format;

import dev.lakeops.table.data.Row;
import dev.lakeops.table.types.ArrayType;
import dev.lakeops.table.types.AtomicType;
import dev.lakeops.table.types.DataField;
import dev.lakeops.table.types.MapType;
import dev.lakeops.table.types.RowType;
import dev.lakeops.table.types.TypeRoot;
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

/** Row types and rows covering every column type, shared by the format tests. */
public final class SampleTables {

  private SampleTables() {}

  public static AtomicType type(TypeRoot root) {
    return AtomicType.of(root);
  }

  public static AtomicType notNull(TypeRoot root) {
    return AtomicType.of(root).withNullable(false);
  }

  /** One column of every atomic type (nullable), then nested ones. */
  public static RowType allTypes() {
    RowType point =
        RowType.of(
            List.of(
                new DataField(100, "x", type(TypeRoot.INT)),
                new DataField(101, "label", AtomicType.string())));
    RowType outer =
        RowType.of(
            List.of(
                new DataField(102, "inner", point),
                new DataField(103, "n", type(TypeRoot.BIGINT))));
    List<DataField> fields =
        new ArrayList<>(
            List.of(
                new DataField(0, "id", notNull(TypeRoot.INT)),
                new DataField(1, "bo", type(TypeRoot.BOOLEAN)),
                new DataField(2, "ti", type(TypeRoot.TINYINT)),
                new DataField(3, "si", type(TypeRoot.SMALLINT)),
                new DataField(4, "bi", type(TypeRoot.BIGINT)),
                new DataField(5, "fl", type(TypeRoot.FLOAT)),
                new DataField(6, "do", type(TypeRoot.DOUBLE)),
                new DataField(7, "d1", AtomicType.decimal(5, 2)),
                new DataField(8, "d2", AtomicType.decimal(15, 3)),
                new DataField(9, "d3", AtomicType.decimal(38, 5)),
                new DataField(10, "ch", new AtomicType(TypeRoot.CHAR, true, 5, 0)),
                new DataField(11, "vc", new AtomicType(TypeRoot.VARCHAR, true, 20, 0)),
                new DataField(12, "st", AtomicType.string()),
                new DataField(13, "bn", new AtomicType(TypeRoot.BINARY, true, 4, 0)),
                new DataField(14, "by", AtomicType.bytes()),
                new DataField(15, "da", type(TypeRoot.DATE)),
                new DataField(16, "tm", new AtomicType(TypeRoot.TIME, true, 0, 0)),
                new DataField(17, "t0", AtomicType.timestamp(0)),
                new DataField(18, "t3", AtomicType.timestamp(3)),
                new DataField(19, "t6", AtomicType.timestamp(6)),
                new DataField(20, "l3", new AtomicType(TypeRoot.TIMESTAMP_LTZ, true, 3, 0)),
                new DataField(21, "l6", new AtomicType(TypeRoot.TIMESTAMP_LTZ, true, 6, 0)),
                new DataField(22, "ai", new ArrayType(true, type(TypeRoot.INT))),
                new DataField(
                    23, "as", new ArrayType(true, AtomicType.string().withNullable(false))),
                new DataField(
                    24,
                    "ms",
                    new MapType(true, AtomicType.string().withNullable(false), type(TypeRoot.INT))),
                new DataField(
                    25, "mi", new MapType(true, notNull(TypeRoot.INT), AtomicType.string())),
                new DataField(26, "ro", outer),
                new DataField(27, "ar", new ArrayType(true, point)),
                new DataField(
                    28, "aa", new ArrayType(true, new ArrayType(true, type(TypeRoot.BIGINT)))),
                new DataField(29, "mr", new MapType(true, notNull(TypeRoot.BIGINT), point))));
    return RowType.of(fields);
  }

  /** A row of {@link #allTypes()} with ordinary values. */
  public static Row typicalRow(int id) {
    return Row.of(
        id,
        true,
        (byte) -1,
        (short) 300,
        123456789012L,
        1.5f,
        2.25,
        new BigDecimal("123.45"),
        new BigDecimal("123456789012.345"),
        new BigDecimal("123456789012345678901234567890123.12345"),
        "ab",
        "a-long-string-value-xyz",
        "héllo wörld",
        new byte[] {1, 2, 3, 4},
        new byte[] {5, 6},
        LocalDate.of(2024, 1, 1),
        LocalTime.of(1, 0, 0, 123_000_000),
        LocalDateTime.of(2023, 11, 14, 22, 13, 20),
        LocalDateTime.of(2023, 11, 14, 22, 13, 20, 123_000_000),
        LocalDateTime.of(2023, 11, 14, 22, 13, 20, 123_456_000),
        Instant.ofEpochMilli(1_700_000_000_123L),
        Instant.ofEpochSecond(1_700_000_000L, 123_456_000),
        Arrays.asList(1, null, 3),
        List.of("q", "r"),
        orderedMap("k", 7, "nul", null),
        orderedMap(5, "v", 6, null),
        Row.of(Row.of(9, "zz"), 10L),
        Arrays.asList(Row.of(4, "p"), null, Row.of(null, null)),
        Arrays.asList(List.of(8L), null, Arrays.asList(null, 9L)),
        orderedMap(1L, Row.of(1, "one"), 2L, null));
  }

  /** A row of {@link #allTypes()} with every nullable column null. */
  public static Row nullRow(int id) {
    Object[] values = new Object[allTypes().arity()];
    values[0] = id;
    return Row.of(values);
  }

  /**
   * A row of {@link #allTypes()} with extreme values: limits, empty strings and collections,
   * unicode.
   */
  public static Row extremeRow(int id) {
    return Row.of(
        id,
        false,
        Byte.MIN_VALUE,
        Short.MAX_VALUE,
        Long.MIN_VALUE,
        Float.NaN,
        -0.0,
        new BigDecimal("-999.99"),
        new BigDecimal("999999999999.999"),
        new BigDecimal("-999999999999999999999999999999999.99999"),
        "",
        "\u0000\uffff",
        "😀 emoji, 中文, \ud7ff\ue000 and a NUL \u0000",
        new byte[0],
        new byte[] {(byte) 0xff, 0, (byte) 0x80},
        LocalDate.of(1, 1, 1),
        LocalTime.of(23, 59, 59, 999_000_000),
        LocalDateTime.of(1, 1, 1, 0, 0),
        LocalDateTime.of(9999, 12, 31, 23, 59, 59, 999_000_000),
        LocalDateTime.of(1969, 12, 31, 23, 59, 59, 999_999_000),
        Instant.ofEpochMilli(-1),
        Instant.parse("9999-12-31T23:59:59.999999Z"),
        List.of(),
        List.of(""),
        Map.of(),
        Map.of(Integer.MIN_VALUE, ""),
        Row.of(null, Long.MAX_VALUE),
        List.of(),
        List.of(List.of()),
        Map.of());
  }

  public static List<Row> sampleRows() {
    return List.of(typicalRow(1), nullRow(2), extremeRow(3), typicalRow(4));
  }

  static <K, V> Map<K, V> orderedMap(K k1, V v1, K k2, V v2) {
    Map<K, V> map = new LinkedHashMap<>();
    map.put(k1, v1);
    map.put(k2, v2);
    return map;
  }
}
