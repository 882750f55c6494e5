package dev.lakeops.table.lsm.aggregate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakeops.table.data.Row;
import dev.lakeops.table.schema.TableOptions;
import dev.lakeops.table.types.ArrayType;
import dev.lakeops.table.types.AtomicType;
import dev.lakeops.table.types.DataField;
import dev.lakeops.table.types.DataType;
import dev.lakeops.table.types.MapType;
import dev.lakeops.table.types.RowType;
import dev.lakeops.table.types.TypeRoot;
import java.math.BigDecimal;
import java.time.LocalDateTime;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Each field aggregator on its own: additions, retractions and nulls, with Paimon's results. */
class FieldAggregatorTest {

  private static FieldAggregator agg(String function, DataType type, String... options) {
    Map<String, String> map = new HashMap<>();
    for (int i = 0; i < options.length; i += 2) {
      map.put(options[i], options[i + 1]);
    }
    return AggregateFunctions.create(
        "db.t", new DataField(1, "v", type), function, TableOptions.of(map));
  }

  private static Object fold(FieldAggregator a, Object... inputs) {
    Object acc = null;
    for (Object in : inputs) {
      acc = a.agg(acc, in);
    }
    return acc;
  }

  @Test
  void sumSkipsNullsAndWrapsOnOverflowAsJavaDoes() {
    FieldAggregator sum = agg("sum", AtomicType.of(TypeRoot.INT));
    assertThat(fold(sum, 1, null, 2)).isEqualTo(3);
    assertThat(fold(sum, Integer.MAX_VALUE, 1)).isEqualTo(Integer.MIN_VALUE);
    assertThat(fold(agg("sum", AtomicType.of(TypeRoot.TINYINT)), (byte) 127, (byte) 1))
        .isEqualTo((byte) -128);
    assertThat(fold(agg("sum", AtomicType.of(TypeRoot.DOUBLE)), 0.5, 0.25)).isEqualTo(0.75);
    assertThat(fold(sum, null, null)).isNull();
  }

  @Test
  void sumRetractsBySubtractingAndNegatesIntoANullAccumulator() {
    FieldAggregator sum = agg("sum", AtomicType.of(TypeRoot.BIGINT));
    assertThat(sum.supportsRetraction()).isTrue();
    assertThat(sum.retract(10L, 3L)).isEqualTo(7L);
    assertThat(sum.retract(null, 3L)).isEqualTo(-3L);
    assertThat(sum.retract(10L, null)).isEqualTo(10L);
    assertThat(agg("sum", AtomicType.decimal(5, 2)).retract(null, new BigDecimal("1.50")))
        .isEqualTo(new BigDecimal("-1.50"));
  }

  @Test
  void compactDecimalSumKeepsAValueBeyondThePrecisionAsPaimonDoes() {
    FieldAggregator sum = agg("sum", AtomicType.decimal(5, 2));
    assertThat(fold(sum, new BigDecimal("999.99"), new BigDecimal("0.01")))
        .isEqualTo(new BigDecimal("1000.00"));
  }

  @Test
  void wideDecimalSumBecomesNullWhenItNoLongerFits() {
    FieldAggregator sum = agg("sum", AtomicType.decimal(20, 0));
    BigDecimal nines = new BigDecimal("99999999999999999999");
    assertThat(fold(sum, nines, BigDecimal.ONE)).isNull();
    assertThat(fold(sum, nines, BigDecimal.ONE.negate()))
        .isEqualTo(new BigDecimal("99999999999999999998"));
  }

  @Test
  void productMultipliesAndRetractsByDividing() {
    FieldAggregator product = agg("product", AtomicType.of(TypeRoot.INT));
    assertThat(fold(product, 2, null, 5)).isEqualTo(10);
    assertThat(product.retract(10, 5)).isEqualTo(2);
    assertThat(product.retract(null, 5)).isNull();
    assertThat(product.retract(7, 2)).isEqualTo(3);
    assertThatThrownBy(() -> product.retract(7, 0)).isInstanceOf(ArithmeticException.class);
    FieldAggregator decimal = agg("product", AtomicType.decimal(4, 2));
    assertThat(fold(decimal, new BigDecimal("1.25"), new BigDecimal("1.25")))
        .isEqualTo(new BigDecimal("1.56"));
    assertThat(fold(decimal, new BigDecimal("50.00"), new BigDecimal("2.00"))).isNull();
  }

  @Test
  void maxAndMinSkipNullsAndRefuseRetraction() {
    FieldAggregator max = agg("max", AtomicType.string());
    FieldAggregator min = agg("min", AtomicType.timestamp(3));
    assertThat(fold(max, "b", null, "a", "\uD83D\uDE00", "\uFFFF")).isEqualTo("\uD83D\uDE00");
    LocalDateTime t = LocalDateTime.of(2024, 1, 1, 0, 0);
    assertThat(fold(min, t, null, t.minusDays(1))).isEqualTo(t.minusDays(1));
    assertThat(max.supportsRetraction()).isFalse();
    assertThat(min.supportsRetraction()).isFalse();
    assertThat(fold(agg("max", AtomicType.bytes()), new byte[] {1}, new byte[] {(byte) 0xff}))
        .isEqualTo(new byte[] {(byte) 0xff});
  }

  @Test
  void lastValueTakesNullsAndLastNonNullValueSkipsThem() {
    FieldAggregator last = agg("last_value", AtomicType.string());
    FieldAggregator lastNonNull = agg("last_non_null_value", AtomicType.string());
    assertThat(fold(last, "a", null)).isNull();
    assertThat(fold(lastNonNull, "a", null)).isEqualTo("a");
    assertThat(last.retract("a", null)).isNull();
    assertThat(lastNonNull.retract("a", null)).isEqualTo("a");
    assertThat(lastNonNull.retract("a", "b")).isNull();
  }

  @Test
  void firstValueKeepsTheFirstInputUntilReset() {
    FieldAggregator first = agg("first_value", AtomicType.string());
    FieldAggregator firstNonNull = agg("first_non_null_value", AtomicType.string());
    assertThat(fold(first, null, "a", "b")).isNull();
    assertThat(fold(firstNonNull, null, "a", "b")).isEqualTo("a");
    first.reset();
    assertThat(fold(first, "c", "d")).isEqualTo("c");
    assertThat(first.supportsRetraction()).isFalse();
    assertThat(fold(agg("first_not_null_value", AtomicType.string()), null, "x")).isEqualTo("x");
  }

  @Test
  void boolAndOrSkipNulls() {
    AtomicType bool = AtomicType.of(TypeRoot.BOOLEAN);
    assertThat(fold(agg("bool_and", bool), true, null, false)).isEqualTo(false);
    assertThat(fold(agg("bool_or", bool), false, null, true)).isEqualTo(true);
    assertThat(fold(agg("bool_or", bool), null, null)).isNull();
    assertThat(agg("bool_and", bool).supportsRetraction()).isFalse();
  }

  @Test
  void listaggConcatenatesWithTheDelimiterEmptyStringsIncluded() {
    FieldAggregator plain = agg("listagg", AtomicType.string());
    assertThat(fold(plain, "a", null, "", "b")).isEqualTo("a,,b");
    FieldAggregator semicolon =
        agg("listagg", AtomicType.string(), "fields.v.list-agg-delimiter", ";");
    assertThat(fold(semicolon, "a", "a")).isEqualTo("a;a");
  }

  @Test
  void distinctListaggAppendsOnlyNewNonEmptyTokens() {
    FieldAggregator distinct = agg("listagg", AtomicType.string(), "fields.v.distinct", "true");
    assertThat(fold(distinct, "a,b", "b,c,,a", "", "d")).isEqualTo("a,b,c,d");
    assertThat(fold(distinct, "", "x")).isEqualTo("x");
  }

  @Test
  void collectAppendsAndRetractsOneElementPerRetractedElement() {
    FieldAggregator collect = agg("collect", new ArrayType(true, AtomicType.of(TypeRoot.INT)));
    assertThat(fold(collect, List.of(1, 2), null, List.of(2, 3))).isEqualTo(List.of(1, 2, 2, 3));
    assertThat(collect.retract(List.of(1, 2, 2, 3), List.of(2, 4))).isEqualTo(List.of(1, 2, 3));
    assertThat(collect.retract(null, List.of(1))).isNull();
    assertThat(collect.retract(List.of(1), null)).isEqualTo(List.of(1));
  }

  @Test
  void distinctCollectKeepsEachElementOnceNullIncluded() {
    FieldAggregator collect =
        agg("collect", new ArrayType(true, AtomicType.string()), "fields.v.distinct", "true");
    assertThat(fold(collect, Arrays.asList("a", null, "a"), Arrays.asList(null, "b")))
        .isEqualTo(Arrays.asList("a", null, "b"));
    // a single input is deduplicated too once it meets a (null) accumulator
    assertThat(collect.agg(null, List.of("x", "x"))).isEqualTo(List.of("x"));
  }

  @Test
  void collectNeverRetractsBinaryElementsAsPaimonComparesThemByIdentity() {
    FieldAggregator collect = agg("collect", new ArrayType(true, AtomicType.bytes()));
    List<byte[]> acc = List.of(new byte[] {1});
    assertThat((List<?>) collect.retract(acc, List.of(new byte[] {1}))).hasSize(1);
  }

  @Test
  void mergeMapPutsTheInputsEntriesAndRetractsKeys() {
    FieldAggregator merge =
        agg("merge_map", new MapType(true, AtomicType.string(), AtomicType.of(TypeRoot.INT)));
    Map<String, Integer> a = new LinkedHashMap<>(Map.of("x", 1));
    Map<String, Integer> b = new LinkedHashMap<>();
    b.put("x", 2);
    b.put("y", null);
    Map<String, Integer> expected = new HashMap<>();
    expected.put("x", 2);
    expected.put("y", null);
    assertThat(fold(merge, a, null, b)).isEqualTo(expected);
    assertThat(merge.retract(expected, Map.of("y", 9))).isEqualTo(Map.of("x", 2));
    assertThat(merge.retract(null, Map.of("y", 9))).isNull();
  }

  private static final RowType ITEM =
      RowType.of(
          List.of(
              new DataField(10, "k", AtomicType.of(TypeRoot.INT)),
              new DataField(11, "name", AtomicType.string())));

  @Test
  void nestedUpdateAppendsRowsOrReplacesThemByNestedKey() {
    ArrayType type = new ArrayType(true, ITEM);
    FieldAggregator append = agg("nested_update", type);
    FieldAggregator keyed = agg("nested_update", type, "fields.v.nested-key", "k");
    List<Row> first = Arrays.asList(Row.of(1, "a"), null);
    List<Row> second = List.of(Row.of(1, "b"), Row.of(2, "c"));
    assertThat(fold(append, first, second))
        .isEqualTo(List.of(Row.of(1, "a"), Row.of(1, "b"), Row.of(2, "c")));
    assertThat(fold(keyed, first, second)).isEqualTo(List.of(Row.of(1, "b"), Row.of(2, "c")));
    assertThat(keyed.retract(List.of(Row.of(1, "b"), Row.of(2, "c")), List.of(Row.of(2, "zz"))))
        .isEqualTo(List.of(Row.of(1, "b")));
    assertThat(
            append.retract(
                List.of(Row.of(1, "a"), Row.of(1, "a"), Row.of(2, "c")), List.of(Row.of(1, "a"))))
        .isEqualTo(List.of(Row.of(2, "c")));
  }

  @Test
  void nestedUpdateStopsAtTheCountLimit() {
    FieldAggregator limited =
        agg("nested_update", new ArrayType(true, ITEM), "fields.v.count-limit", "2");
    assertThat(fold(limited, List.of(Row.of(1, "a")), List.of(Row.of(2, "b"), Row.of(3, "c"))))
        .isEqualTo(List.of(Row.of(1, "a"), Row.of(2, "b")));
  }

  @Test
  void ignoreRetractKeepsTheAccumulatorOfAnyFunction() {
    FieldAggregator max =
        agg("max", AtomicType.of(TypeRoot.INT), "fields.v.ignore-retract", "true");
    assertThat(max.supportsRetraction()).isTrue();
    assertThat(max.retract(5, 9)).isEqualTo(5);
    assertThat(fold(max, 1, 7)).isEqualTo(7);
  }

  @Test
  void refusesAFunctionOnATypeItDoesNotTakeNamingTableFieldAndFunction() {
    assertThatThrownBy(() -> agg("sum", AtomicType.string()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("db.t")
        .hasMessageContaining("'v'")
        .hasMessageContaining("'sum'")
        .hasMessageContaining("STRING");
    assertThatThrownBy(() -> agg("max", AtomicType.of(TypeRoot.BOOLEAN)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("'max'");
    assertThatThrownBy(() -> agg("listagg", new AtomicType(TypeRoot.CHAR, true, 3, 0)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("'listagg'");
    assertThatThrownBy(() -> agg("bool_or", AtomicType.of(TypeRoot.INT)))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> agg("collect", AtomicType.of(TypeRoot.INT)))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> agg("merge_map", new ArrayType(true, AtomicType.string())))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> agg("nested_update", new ArrayType(true, AtomicType.string())))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("ARRAY<ROW");
    assertThatThrownBy(
            () -> agg("nested_update", new ArrayType(true, ITEM), "fields.v.nested-key", "nope"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("fields.v.nested-key")
        .hasMessageContaining("nope");
  }

  @Test
  void takesEveryTypeThePaimonFactoryTakes() {
    for (TypeRoot root :
        List.of(
            TypeRoot.TINYINT,
            TypeRoot.SMALLINT,
            TypeRoot.INT,
            TypeRoot.BIGINT,
            TypeRoot.FLOAT,
            TypeRoot.DOUBLE)) {
      assertThat(agg("sum", AtomicType.of(root))).isNotNull();
      assertThat(agg("product", AtomicType.of(root))).isNotNull();
      assertThat(agg("max", AtomicType.of(root))).isNotNull();
    }
    assertThat(agg("listagg", new AtomicType(TypeRoot.VARCHAR, true, 10, 0))).isNotNull();
    assertThat(agg("last_value", new ArrayType(true, ITEM))).isNotNull();
    assertThat(agg("first_value", new MapType(true, AtomicType.string(), ITEM))).isNotNull();
  }

  @Test
  void refusesUnknownAndLeftOutFunctionsWithDifferentErrors() {
    assertThatThrownBy(() -> agg("summ", AtomicType.of(TypeRoot.INT)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("unknown aggregate function 'summ'")
        .hasMessageContaining("'v'")
        .hasMessageContaining("db.t");
    assertThatThrownBy(() -> agg("rbm32", AtomicType.bytes()))
        .isInstanceOf(UnsupportedOperationException.class)
        .hasMessageContaining("'rbm32'")
        .hasMessageContaining("'v'");
    assertThatThrownBy(() -> agg("theta_sketch", AtomicType.bytes()))
        .isInstanceOf(UnsupportedOperationException.class);
  }

  @Test
  void refusesIgnoreRetractTogetherWithRemoveRecordOnDelete() {
    assertThatThrownBy(
            () ->
                agg(
                    "sum",
                    AtomicType.of(TypeRoot.INT),
                    "fields.v.ignore-retract",
                    "true",
                    "aggregation.remove-record-on-delete",
                    "true"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("aggregation.remove-record-on-delete")
        .hasMessageContaining("fields.v.ignore-retract");
  }
}
