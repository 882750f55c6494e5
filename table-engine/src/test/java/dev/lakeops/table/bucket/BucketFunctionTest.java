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
