package dev.lakeops.table.bucket;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakeops.table.data.Row;
import dev.lakeops.table.data.RowKind;
import dev.lakeops.table.meta.BinaryRowCodec;
import dev.lakeops.table.schema.TableSchema;
import dev.lakeops.table.types.AtomicType;
import dev.lakeops.table.types.DataField;
import dev.lakeops.table.types.RowType;
import dev.lakeops.table.types.TypeRoot;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class BucketFunctionTest {

  private static final RowType KEY =
      RowType.of(List.of(new DataField(1, "id", AtomicType.of(TypeRoot.INT))));
  private static final TableSchema TABLE =
      TableSchema.newTable(
          List.of(
              new DataField(0, "dt", AtomicType.string()),
                  new DataField(1, "id", AtomicType.of(TypeRoot.INT)),
              new DataField(2, "name", AtomicType.string()),
                  new DataField(3, "price", AtomicType.of(TypeRoot.DOUBLE))),
          List.of("dt"),
          List.of("dt", "id"),
          Map.of("bucket", "2"),
          null,
          0);

  @ParameterizedTest
  @CsvSource({"1, 1465514398, 0", "2, 1340390384, 0", "3, -771300025, 1", "4, 1447522506, 0"})
  void hashesKeysAndPicksBucketsAsInTheSpecsTable(int id, int hash, int bucket) {
    assertThat(BucketFunction.hash(BinaryRowCodec.encode(KEY, Row.of(id)))).isEqualTo(hash);
    assertThat(BucketFunction.bucket(BinaryRowCodec.encode(KEY, Row.of(id)), 2)).isEqualTo(bucket);
  }

  @ParameterizedTest
  @CsvSource({"1, 0", "2, 0", "3, 1", "4, 0"})
  void placesTableRowsByTheTrimmedPrimaryKeyWhateverTheirKind(int id, int bucket) {
    BucketFunction function = BucketFunction.of(TABLE);

    assertThat(function.bucket(Row.of("2024-01-01", id, "x", 1.0))).isEqualTo(bucket);
    assertThat(function.bucket(Row.ofKind(RowKind.DELETE, "2024-01-02", id, null, null)))
        .isEqualTo(bucket);
  }

  // a one-field key of an integral type or DATE is hashed without a BinaryRow: for every such type,
  // with extremes, random values and null, the bucket is the one of the encoded key (Paimon's)
  @Test
  void aOneFieldIntegralKeyLandsInTheBucketOfItsEncodedBinaryRow() {
    java.util.Random random = new java.util.Random(7);
    for (TypeRoot root :
        new TypeRoot[] {
          TypeRoot.BIGINT, TypeRoot.INT, TypeRoot.SMALLINT, TypeRoot.TINYINT, TypeRoot.DATE
        }) {
      RowType type =
          RowType.of(
              List.of(
                  new DataField(0, "k", AtomicType.of(root)),
                  new DataField(1, "v", AtomicType.string())));
      BucketFunction function = BucketFunction.of(type, List.of("k"), 7);
      RowType keyType = type.project(List.of("k"));
      List<Object> values = new java.util.ArrayList<>();
      values.add(null);
      for (int i = 0; i < 2_000; i++) {
        long n = i < 2 ? (i == 0 ? Long.MIN_VALUE : Long.MAX_VALUE) : random.nextLong();
        values.add(
            switch (root) {
              case BIGINT -> n;
              case INT -> (int) n;
              case SMALLINT -> (short) n;
              case TINYINT -> (byte) n;
              default -> java.time.LocalDate.ofEpochDay(Math.floorMod(n, 3_000_000L) - 1_000_000L);
            });
      }
      for (Object value : values) {
        int expected = BucketFunction.bucket(BinaryRowCodec.encode(keyType, Row.of(value)), 7);
        assertThat(function.bucket(Row.of(value, "x")))
            .as("%s key %s", root, value)
            .isEqualTo(expected);
      }
    }
  }

  // a key value of another class than its type's is refused as before, naming the field
  @Test
  void aOneFieldKeyOfTheWrongClassIsStillRefusedNamingTheField() {
    RowType type = RowType.of(List.of(new DataField(0, "id", AtomicType.of(TypeRoot.BIGINT))));
    assertThatThrownBy(() -> BucketFunction.of(type, List.of("id"), 2).bucket(Row.of(5)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("id");
  }

  @Test
  void takesTheAbsoluteValueOfTheJavaRemainder() {
    // hash -771300025 % 3 = -1 -> bucket 1
    assertThat(BucketFunction.bucket(BinaryRowCodec.encode(KEY, Row.of(3)), 3)).isEqualTo(1);
  }

  @Test
  void rejectsNonFixedBucketsEmptyKeysAndNonInsertKeys() {
    TableSchema dynamic =
        TableSchema.newTable(TABLE.fields(), List.of("dt"), List.of("dt", "id"), Map.of(), null, 0);
    TableSchema append =
        TableSchema.newTable(TABLE.fields(), List.of(), List.of(), Map.of("bucket", "2"), null, 0);

    assertThatThrownBy(() -> BucketFunction.of(dynamic)).hasMessageContaining("-1");
    assertThatThrownBy(() -> BucketFunction.of(append)).hasMessageContaining("bucket-key");
    assertThatThrownBy(
            () -> BucketFunction.hash(BinaryRowCodec.encode(KEY, Row.ofKind(RowKind.DELETE, 1))))
        .hasMessageContaining("-D");
    assertThatThrownBy(() -> BucketFunction.bucket(BinaryRowCodec.encode(KEY, Row.of(1)), 0))
        .hasMessageContaining("0");
    assertThatThrownBy(() -> BucketFunction.of(TABLE).bucket(Row.of(1)))
        .hasMessageContaining("1 values");
  }
}
