package dev.lakeops.table.format;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class StringBoundsTest {

  @Test
  void cutsTheLowerBoundAndIncrementsTheLastKeptCharacterOfTheUpper() {
    // Measured with Paimon 1.3.1 (paimon-format.md §11).
    assertThat(StringBounds.lowerBound("a-long-string-value", 16)).isEqualTo("a-long-string-va");
    assertThat(StringBounds.upperBound("a-long-string-value", 16)).isEqualTo("a-long-string-vb");
    assertThat(StringBounds.upperBound("zzzzzzzzzzzzzzzzzzz", 16)).isEqualTo("zzzzzzzzzzzzzzz{");
  }

  @Test
  void keepsStringsThatFit() {
    assertThat(StringBounds.lowerBound("exactly-16-chars", 16)).isEqualTo("exactly-16-chars");
    assertThat(StringBounds.upperBound("exactly-16-chars", 16)).isEqualTo("exactly-16-chars");
    assertThat(StringBounds.lowerBound("", 16)).isEmpty();
    assertThat(StringBounds.upperBound("", 16)).isEmpty();
  }

  @Test
  void countsCodePointsNotUtf16Units() {
    String emojis = "😀😀😀😀";

    assertThat(StringBounds.lowerBound(emojis, 4)).isEqualTo(emojis);
    assertThat(StringBounds.lowerBound(emojis, 2)).isEqualTo("😀😀");
    assertThat(StringBounds.upperBound(emojis, 2)).isEqualTo("😀😁");
  }

  @Test
  void skipsSurrogatesAndCarriesPastTheLastCodePoint() {
    assertThat(StringBounds.upperBound("a\ud7ffxyz", 2)).isEqualTo("a\ue000");
    String max = new String(Character.toChars(Character.MAX_CODE_POINT));
    assertThat(StringBounds.upperBound("a" + max + "tail", 2)).isEqualTo("b");
  }

  @Test
  void hasNoUpperBoundWhenNothingCanBeIncremented() {
    String max = new String(Character.toChars(Character.MAX_CODE_POINT));

    assertThat(StringBounds.upperBound(max + max + max, 2)).isNull();
  }

  @Test
  void boundsEncloseTheValue() {
    for (String value :
        new String[] {"héllo wörld, long enough", "中文字符串中文字符串中文字符串中文字符串", "zz\uffffzz+"}) {
      assertThat(ValueOrder.compareCodePoints(StringBounds.lowerBound(value, 5), value))
          .isNegative();
      assertThat(ValueOrder.compareCodePoints(StringBounds.upperBound(value, 5), value))
          .isPositive();
    }
  }
}
