package dev.lakeops.table.lsm.aggregate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.table.schema.TableOptions;
import dev.lakeops.table.types.AtomicType;
import dev.lakeops.table.types.DataField;
import dev.lakeops.table.types.TypeRoot;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.BinaryOperator;
import org.junit.jupiter.api.Test;

/**
 * {@code sum} and {@code product} over every integer and floating-point type give the result of
 * Java's arithmetic in that type (wrapping integers, float rounding), on edge values and on seeded
 * random ones.
 */
class FieldAggregatorNumericTest {

  private static FieldAggregator agg(String function, TypeRoot root) {
    return AggregateFunctions.create(
        "db.t", new DataField(1, "v", AtomicType.of(root)), function, TableOptions.of(Map.of()));
  }

  private record Case<T>(
      TypeRoot root,
      List<T> values,
      BinaryOperator<T> add,
      BinaryOperator<T> subtract,
      BinaryOperator<T> multiply,
      BinaryOperator<T> divide,
      java.util.function.Function<Random, T> random,
      java.util.function.Predicate<T> isZero) {}

  private static <T> void check(Case<T> c) {
    FieldAggregator sum = agg("sum", c.root());
    FieldAggregator product = agg("product", c.root());
    Random random = new Random(14);
    List<T> values = new java.util.ArrayList<>(c.values());
    for (int i = 0; i < 200; i++) {
      values.add(c.random().apply(random));
    }
    for (T a : values) {
      for (T b : values) {
        String at = c.root() + " " + a + ", " + b;
        assertThat(sum.agg(a, b)).as("sum " + at).isEqualTo(c.add().apply(a, b));
        assertThat(sum.retract(a, b)).as("sum retract " + at).isEqualTo(c.subtract().apply(a, b));
        assertThat(product.agg(a, b)).as("product " + at).isEqualTo(c.multiply().apply(a, b));
        if (!c.isZero().test(b) || c.root() == TypeRoot.FLOAT || c.root() == TypeRoot.DOUBLE) {
          assertThat(product.retract(a, b))
              .as("product retract " + at)
              .isEqualTo(c.divide().apply(a, b));
        }
      }
    }
  }

  @Test
  void integersWrapAsJavaArithmeticInTheirType() {
    check(
        new Case<Byte>(
            TypeRoot.TINYINT,
            List.of(Byte.MIN_VALUE, (byte) -1, (byte) 0, (byte) 1, (byte) 7, Byte.MAX_VALUE),
            (a, b) -> (byte) (a + b),
            (a, b) -> (byte) (a - b),
            (a, b) -> (byte) (a * b),
            (a, b) -> (byte) (a / b),
            r -> (byte) r.nextInt(),
            b -> b == 0));
    check(
        new Case<Short>(
            TypeRoot.SMALLINT,
            List.of(
                Short.MIN_VALUE, (short) -1, (short) 0, (short) 1, (short) 300, Short.MAX_VALUE),
            (a, b) -> (short) (a + b),
            (a, b) -> (short) (a - b),
            (a, b) -> (short) (a * b),
            (a, b) -> (short) (a / b),
            r -> (short) r.nextInt(),
            b -> b == 0));
    check(
        new Case<Integer>(
            TypeRoot.INT,
            List.of(Integer.MIN_VALUE, -1, 0, 1, 65_537, Integer.MAX_VALUE),
            (a, b) -> a + b,
            (a, b) -> a - b,
            (a, b) -> a * b,
            (a, b) -> a / b,
            Random::nextInt,
            b -> b == 0));
    check(
        new Case<Long>(
            TypeRoot.BIGINT,
            List.of(Long.MIN_VALUE, -1L, 0L, 1L, 4_294_967_297L, Long.MAX_VALUE),
            (a, b) -> a + b,
            (a, b) -> a - b,
            (a, b) -> a * b,
            (a, b) -> a / b,
            Random::nextLong,
            b -> b == 0));
  }

  @Test
  void floatsRoundAsJavaArithmeticInTheirType() {
    check(
        new Case<Float>(
            TypeRoot.FLOAT,
            List.of(
                -Float.MAX_VALUE,
                -1f,
                -0f,
                0f,
                Float.MIN_VALUE,
                Float.MIN_NORMAL,
                0.1f,
                1f / 3,
                16_777_217f,
                Float.MAX_VALUE,
                Float.POSITIVE_INFINITY,
                Float.NaN),
            (a, b) -> a + b,
            (a, b) -> a - b,
            (a, b) -> a * b,
            (a, b) -> a / b,
            r -> Float.intBitsToFloat(r.nextInt()),
            b -> b == 0));
    check(
        new Case<Double>(
            TypeRoot.DOUBLE,
            List.of(
                -Double.MAX_VALUE, -1d, -0d, 0d, Double.MIN_VALUE, 0.1, 1d / 3, Double.MAX_VALUE),
            (a, b) -> a + b,
            (a, b) -> a - b,
            (a, b) -> a * b,
            (a, b) -> a / b,
            r -> Double.longBitsToDouble(r.nextLong()),
            b -> b == 0));
  }
}
