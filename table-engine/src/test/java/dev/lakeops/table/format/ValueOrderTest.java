package dev.lakeops.table.format;

import static dev.lakeops.table.format.SampleTables.notNull;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakeops.table.data.Row;
import dev.lakeops.table.types.ArrayType;
import dev.lakeops.table.types.AtomicType;
import dev.lakeops.table.types.DataField;
import dev.lakeops.table.types.RowType;
import dev.lakeops.table.types.TypeRoot;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class ValueOrderTest {

  @Test
  void ordersStringsByTheirUtf8Bytes() {
    // U+FF5E sorts before U+1F600 in UTF-8 and code points, after it in UTF-16 units.
    String fullwidth = "\uff5e";
    String emoji = "😀";

    assertThat(fullwidth.compareTo(emoji)).isPositive();
    assertThat(ValueOrder.compareCodePoints(fullwidth, emoji)).isNegative();
    assertThat(
            Arrays.compareUnsigned(
                fullwidth.getBytes(StandardCharsets.UTF_8), emoji.getBytes(StandardCharsets.UTF_8)))
        .isNegative();
    assertThat(ValueOrder.compareCodePoints("ab", "abc")).isNegative();
    assertThat(ValueOrder.compareCodePoints("b", "abc")).isPositive();
    assertThat(ValueOrder.compareCodePoints("same", "same")).isZero();
  }

  @Test
  void ordersBinariesAsUnsignedBytes() {
    var order = ValueOrder.of(AtomicType.bytes());

    assertThat(order.compare(new byte[] {(byte) 0x80}, new byte[] {0x7f})).isPositive();
    assertThat(order.compare(new byte[] {1}, new byte[] {1, 0})).isNegative();
  }

  @Test
  void ordersNumbersByValue() {
    assertThat(
            ValueOrder.of(AtomicType.decimal(5, 2))
                .compare(new BigDecimal("1.50"), new BigDecimal("1.5")))
        .isZero();
    assertThat(ValueOrder.of(AtomicType.of(TypeRoot.DOUBLE)).compare(-0.0, 0.0)).isNegative();
    assertThat(
            ValueOrder.of(AtomicType.of(TypeRoot.DOUBLE))
                .compare(Double.NaN, Double.POSITIVE_INFINITY))
        .isPositive();
  }

  @Test
  void ordersRowsFieldByFieldWithNullsFirst() {
    RowType type =
        RowType.of(
            List.of(
                new DataField(0, "a", notNull(TypeRoot.INT)),
                new DataField(1, "b", AtomicType.string())));
    var order = ValueOrder.rows(type);

    assertThat(order.compare(Row.of(1, "z"), Row.of(2, "a"))).isNegative();
    assertThat(order.compare(Row.of(1, "b"), Row.of(1, "a"))).isPositive();
    assertThat(order.compare(Row.of(1, null), Row.of(1, "a"))).isNegative();
    assertThat(order.compare(Row.of(1, "a"), Row.of(1, "a"))).isZero();
  }

  @Test
  void hasNoOrderForNestedTypes() {
    assertThatThrownBy(() -> ValueOrder.of(new ArrayType(true, AtomicType.of(TypeRoot.INT))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("ARRAY<INT>");
  }
}
