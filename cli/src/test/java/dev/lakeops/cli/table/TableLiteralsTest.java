package dev.lakeops.cli.table;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakeops.table.types.AtomicType;
import dev.lakeops.table.types.TypeRoot;
import java.math.BigDecimal;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import org.junit.jupiter.api.Test;

class TableLiteralsTest {

  private static final ZoneId SHANGHAI = ZoneId.of("Asia/Shanghai");

  private static Object parse(TypeRoot root, String text) {
    return TableLiterals.parse(AtomicType.of(root), text, SHANGHAI);
  }

  @Test
  void keepsStringsAsWrittenAndStripsEverythingElse() {
    assertThat(TableLiterals.parse(AtomicType.string(), " apple ", SHANGHAI)).isEqualTo(" apple ");
    assertThat(parse(TypeRoot.INT, " 42 ")).isEqualTo(42);
    assertThat(parse(TypeRoot.BIGINT, "7")).isEqualTo(7L);
    assertThat(TableLiterals.parse(AtomicType.decimal(10, 2), "1.50", SHANGHAI))
        .isEqualTo(new BigDecimal("1.50"));
  }

  @Test
  void readsTrueAndFalseInAnyCaseAndNothingElse() {
    assertThat(parse(TypeRoot.BOOLEAN, "TRUE")).isEqualTo(true);
    assertThat(parse(TypeRoot.BOOLEAN, "false")).isEqualTo(false);
    assertThatThrownBy(() -> parse(TypeRoot.BOOLEAN, "yes"))
        .isInstanceOf(NumberFormatException.class)
        .hasMessageContaining("not true or false");
  }

  @Test
  void readsLocalTimestampsInTheZoneUnlessTheyHaveAnOffset() {
    assertThat(TableLiterals.parse(AtomicType.timestamp(3), "2024-01-01 12:00:00", SHANGHAI))
        .isEqualTo(LocalDateTime.parse("2024-01-01T12:00:00"));
    assertThat(parse(TypeRoot.TIMESTAMP_LTZ, "2024-01-01 12:00:00"))
        .isEqualTo(Instant.parse("2024-01-01T04:00:00Z"));
    assertThat(parse(TypeRoot.TIMESTAMP_LTZ, "2024-01-01T12:00:00Z"))
        .isEqualTo(Instant.parse("2024-01-01T12:00:00Z"));
    assertThat(parse(TypeRoot.TIMESTAMP_LTZ, "2024-01-01T12:00:00+02:00"))
        .isEqualTo(Instant.parse("2024-01-01T10:00:00Z"));
  }

  @Test
  void refusesTextThatIsNotAValueOfTheType() {
    assertThatThrownBy(() -> parse(TypeRoot.INT, "one")).isInstanceOf(NumberFormatException.class);
    assertThatThrownBy(() -> parse(TypeRoot.DATE, "2024-13-01"))
        .isInstanceOf(DateTimeException.class);
    assertThatThrownBy(() -> TableLiterals.parse(AtomicType.bytes(), "not base64!", SHANGHAI))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void readsBinariesAsBase64() {
    assertThat((byte[]) TableLiterals.parse(AtomicType.bytes(), "AQI=", SHANGHAI))
        .containsExactly(1, 2);
  }
}
