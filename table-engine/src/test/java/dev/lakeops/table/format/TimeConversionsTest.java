package dev.lakeops.table.format;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.LocalTime;
import org.junit.jupiter.api.Test;

class TimeConversionsTest {

  @Test
  void storesTimestampsAsMillisOrMicrosByPrecision() {
    LocalDateTime value = LocalDateTime.of(2023, 11, 14, 22, 13, 20, 123_456_789);

    assertThat(TimeConversions.toEpoch(value, 3)).isEqualTo(1_700_000_000_123L);
    assertThat(TimeConversions.toEpoch(value, 6)).isEqualTo(1_700_000_000_123_456L);
    assertThat(TimeConversions.localDateTimeFromEpoch(1_700_000_000_123_456L, 6))
        .isEqualTo(LocalDateTime.of(2023, 11, 14, 22, 13, 20, 123_456_000));
  }

  @Test
  void roundsInstantsBeforeTheEpochDownward() {
    Instant justBefore = Instant.parse("1969-12-31T23:59:59.999999Z");

    assertThat(TimeConversions.toEpoch(justBefore, 6)).isEqualTo(-1L);
    assertThat(TimeConversions.toEpoch(justBefore, 3)).isEqualTo(-1L);
    assertThat(TimeConversions.instantFromEpoch(-1L, 6)).isEqualTo(justBefore);
  }

  @Test
  void storesTimeAsMillisecondOfDay() {
    assertThat(TimeConversions.toMillisOfDay(LocalTime.of(1, 0, 0, 123_999_999)))
        .isEqualTo(3_600_123);
    assertThatThrownBy(() -> TimeConversions.fromMillisOfDay(86_400_000))
        .isInstanceOf(java.time.DateTimeException.class);
  }

  @Test
  void rejectsPrecisionsThatNeedNanoseconds() {
    assertThatThrownBy(() -> TimeConversions.unitsPerSecond(9))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("9");
  }
}
