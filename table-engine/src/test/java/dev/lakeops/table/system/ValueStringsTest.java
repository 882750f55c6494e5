package dev.lakeops.table.system;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakeops.table.data.Row;
import dev.lakeops.table.types.AtomicType;
import dev.lakeops.table.types.DataField;
import dev.lakeops.table.types.RowType;
import dev.lakeops.table.types.TypeRoot;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * Expected strings are what Paimon 1.3.1's system tables printed for the same values (measured).
 */
class ValueStringsTest {

  private static final ZoneId SHANGHAI = ZoneId.of("Asia/Shanghai");
  private static final LocalDateTime TIME = LocalDateTime.of(2023, 11, 14, 22, 13, 20, 123_456_000);

  @Test
  void castsTimestampsWithExactlyTheirPrecisionInFractionDigits() {
    assertThat(ValueStrings.cast(AtomicType.timestamp(3), TIME.withNano(0), SHANGHAI))
        .isEqualTo("2023-11-14 22:13:20.000");
    assertThat(ValueStrings.cast(AtomicType.timestamp(6), TIME, SHANGHAI))
        .isEqualTo("2023-11-14 22:13:20.123456");
    assertThat(ValueStrings.cast(AtomicType.timestamp(0), TIME, SHANGHAI))
        .isEqualTo("2023-11-14 22:13:20");
  }

  @Test
  void castsLocalZonedTimestampsInTheSessionZoneNotInUtc() {
    AtomicType ltz = new AtomicType(TypeRoot.TIMESTAMP_LTZ, true, 3, 0);
    Instant instant = TIME.withNano(0).toInstant(ZoneOffset.UTC);

    assertThat(ValueStrings.cast(ltz, instant, SHANGHAI)).isEqualTo("2023-11-15 06:13:20.000");
    assertThat(ValueStrings.cast(ltz, instant, ZoneOffset.UTC))
        .isEqualTo("2023-11-14 22:13:20.000");
  }

  @Test
  void castsDatesAsIsoButPrintsThemInternallyAsEpochDays() {
    LocalDate date = LocalDate.of(2024, 1, 1);

    assertThat(ValueStrings.cast(AtomicType.of(TypeRoot.DATE), date, SHANGHAI))
        .isEqualTo("2024-01-01");
    assertThat(ValueStrings.internal(AtomicType.of(TypeRoot.DATE), date)).isEqualTo("19723");
  }

  @Test
  void castsTimesAsClockTimeButPrintsThemInternallyAsMillisOfDay() {
    LocalTime time = LocalTime.of(1, 2, 3);

    assertThat(ValueStrings.cast(AtomicType.of(TypeRoot.TIME), time, SHANGHAI))
        .isEqualTo("01:02:03");
    assertThat(ValueStrings.internal(AtomicType.of(TypeRoot.TIME), time)).isEqualTo("3723000");
  }

  @Test
  void printsInternalTimestampsAsIsoWallTimeAndLocalZonedOnesInUtc() {
    AtomicType ltz = new AtomicType(TypeRoot.TIMESTAMP_LTZ, true, 3, 0);

    assertThat(ValueStrings.internal(AtomicType.timestamp(6), TIME))
        .isEqualTo("2023-11-14T22:13:20.123456");
    assertThat(ValueStrings.internal(ltz, TIME.withNano(0).toInstant(ZoneOffset.UTC)))
        .isEqualTo("2023-11-14T22:13:20");
  }

  @Test
  void printsDecimalsWithTheirScaleAndNullAsNull() {
    assertThat(ValueStrings.internal(AtomicType.decimal(10, 2), new BigDecimal("12.50")))
        .isEqualTo("12.50");
    assertThat(ValueStrings.cast(AtomicType.decimal(10, 2), new BigDecimal("1.50"), SHANGHAI))
        .isEqualTo("1.50");
    assertThat(ValueStrings.internal(AtomicType.string(), null)).isEqualTo("null");
    assertThat(ValueStrings.cast(AtomicType.string(), null, SHANGHAI)).isEqualTo("null");
  }

  @Test
  void castsBinariesAsUtf8ButPrintsThemInternallyAsHex() {
    byte[] bytes = "ab".getBytes(StandardCharsets.UTF_8);

    assertThat(ValueStrings.cast(AtomicType.bytes(), bytes, SHANGHAI)).isEqualTo("ab");
    assertThat(ValueStrings.internal(AtomicType.bytes(), bytes)).isEqualTo("6162");
  }

  @Test
  void printsPartitionsInBracesAndKeysInBrackets() {
    RowType type =
        RowType.of(
            List.of(
                new DataField(0, "dt", AtomicType.of(TypeRoot.DATE)),
                new DataField(1, "h", AtomicType.of(TypeRoot.INT))));
    Row row = Row.of(LocalDate.of(2024, 1, 1), 5);

    assertThat(ValueStrings.partition(type, row, SHANGHAI)).isEqualTo("{2024-01-01, 5}");
    assertThat(ValueStrings.key(type, row)).isEqualTo("[19723, 5]");
    assertThat(ValueStrings.partition(RowType.of(List.of()), Row.of(), SHANGHAI)).isEqualTo("{}");
  }

  @Test
  void printsMapsAsJavaMapsDo() {
    TreeMap<String, String> map = new TreeMap<>();
    map.put("name", "1");
    map.put("dt", "0");

    assertThat(ValueStrings.map(map)).isEqualTo("{dt=0, name=1}");
    assertThat(ValueStrings.map(new TreeMap<>())).isEqualTo("{}");
  }

  @Test
  void rejectsNestedKeyTypes() {
    RowType nested = RowType.of(List.of(new DataField(0, "r", RowType.of(List.of()))));

    assertThatThrownBy(() -> ValueStrings.key(nested, Row.of(Row.of())))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("ROW<>");
  }
}
