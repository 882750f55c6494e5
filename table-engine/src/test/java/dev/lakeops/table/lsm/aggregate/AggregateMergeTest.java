package dev.lakeops.table.lsm.aggregate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakeops.table.data.Row;
import dev.lakeops.table.data.RowKind;
import dev.lakeops.table.format.KeyValue;
import dev.lakeops.table.lsm.MergeFunction;
import dev.lakeops.table.lsm.MergeFunctions;
import dev.lakeops.table.schema.TableSchema;
import dev.lakeops.table.types.AtomicType;
import dev.lakeops.table.types.DataField;
import dev.lakeops.table.types.TypeRoot;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The aggregation merge over one key's records: Paimon's reducer, retractions, deletes. */
class AggregateMergeTest {

  // id INT primary key, total BIGINT, top INT, label STRING
  private static TableSchema schema(String... options) {
    Map<String, String> map = new HashMap<>();
    map.put("merge-engine", "aggregation");
    map.put("fields.total.aggregate-function", "sum");
    for (int i = 0; i < options.length; i += 2) {
      map.put(options[i], options[i + 1]);
    }
    return TableSchema.newTable(
        List.of(
            new DataField(0, "id", AtomicType.of(TypeRoot.INT)),
            new DataField(1, "total", AtomicType.of(TypeRoot.BIGINT)),
            new DataField(2, "top", AtomicType.of(TypeRoot.INT)),
            new DataField(3, "label", AtomicType.string())),
        List.of(),
        List.of("id"),
        map,
        null,
        0);
  }

  private static long seq;

  private static KeyValue kv(RowKind kind, Object... values) {
    return new KeyValue(Row.of(values[0]), seq++, kind, Row.ofKind(kind, values));
  }

  private static KeyValue merge(AggregateMerge merge, KeyValue... records) {
    merge.reset();
    for (KeyValue r : records) {
      merge.add(r);
    }
    return merge.result();
  }

  private static AggregateMerge all(TableSchema schema) {
    return AggregateMerge.spec("db.t", schema).forAllFields().get();
  }

  @Test
  void foldsEachColumnWithItsFunctionAndTheDefaultLastNonNullValue() {
    AggregateMerge merge = all(schema());
    KeyValue result =
        merge(
            merge,
            kv(RowKind.INSERT, 1, 5L, 3, "a"),
            kv(RowKind.INSERT, 1, 7L, null, null),
            kv(RowKind.UPDATE_AFTER, 1, null, 4, "b"));
    assertThat(result.valueKind()).isEqualTo(RowKind.INSERT);
    assertThat(result.value().values()).containsExactly(1, 12L, 4, "b");
    assertThat(result.sequenceNumber()).isEqualTo(seq - 1);
  }

  @Test
  void passesASingleRecordThroughUnchangedSoALoneRetractionStaysOne() {
    AggregateMerge merge =
        all(
            schema(
                "fields.default-aggregate-function",
                "sum",
                "fields.label.aggregate-function",
                "last_value"));
    KeyValue delete = kv(RowKind.DELETE, 1, 5L, 3, null);
    assertThat(merge(merge, delete)).isSameAs(delete);
    KeyValue result = merge(merge, delete, kv(RowKind.INSERT, 1, 2L, 1, null));
    assertThat(result.valueKind()).isEqualTo(RowKind.INSERT);
    assertThat(result.value().values()).containsExactly(1, -3L, -2, null);
  }

  @Test
  void retractsAnUpdateBeforeAndAddsTheUpdateAfter() {
    AggregateMerge merge = all(schema());
    KeyValue result =
        merge(
            merge,
            kv(RowKind.INSERT, 1, 5L, 3, "a"),
            kv(RowKind.UPDATE_BEFORE, 1, 5L, 3, "a"),
            kv(RowKind.UPDATE_AFTER, 1, 6L, 3, "c"));
    assertThat(result.value().values()).containsExactly(1, 6L, 3, "c");
  }

  @Test
  void refusesToFoldARetractionIntoAFunctionWithoutOne() {
    AggregateMerge merge = all(schema("fields.top.aggregate-function", "max"));
    assertThatThrownBy(
            () ->
                merge(merge, kv(RowKind.INSERT, 1, 5L, 3, "a"), kv(RowKind.DELETE, 1, 5L, 3, "a")))
        .isInstanceOf(UnsupportedOperationException.class)
        .hasMessageContaining("db.t")
        .hasMessageContaining("'top'")
        .hasMessageContaining("'max'")
        .hasMessageContaining("fields.top.ignore-retract");
  }

  @Test
  void ignoreRetractLetsSuchAFunctionKeepItsValue() {
    AggregateMerge merge =
        all(schema("fields.top.aggregate-function", "max", "fields.top.ignore-retract", "true"));
    KeyValue result =
        merge(merge, kv(RowKind.INSERT, 1, 5L, 3, "a"), kv(RowKind.DELETE, 1, 5L, 3, "a"));
    assertThat(result.value().values()).containsExactly(1, 0L, 3, null);
  }

  @Test
  void removeRecordOnDeleteRestartsTheRowAndEndsAsADelete() {
    AggregateMerge merge =
        all(
            schema(
                "aggregation.remove-record-on-delete",
                "true",
                "fields.label.aggregate-function",
                "first_value"));
    KeyValue deleted =
        merge(merge, kv(RowKind.INSERT, 1, 5L, 3, "a"), kv(RowKind.DELETE, 1, 5L, 3, "a"));
    assertThat(deleted.valueKind()).isEqualTo(RowKind.DELETE);
    assertThat(deleted.value().values()).containsExactly(1, null, null, null);
    KeyValue again =
        merge(
            merge,
            kv(RowKind.INSERT, 1, 5L, 3, "a"),
            kv(RowKind.DELETE, 1, 5L, 3, "a"),
            kv(RowKind.INSERT, 1, 2L, 9, "b"));
    assertThat(again.valueKind()).isEqualTo(RowKind.INSERT);
    // first_value already chose before the delete: Paimon keeps that choice across it
    assertThat(again.value().values()).containsExactly(1, 2L, 9, null);
  }

  @Test
  void ignoreDeleteSkipsRetractionsEntirely() {
    AggregateMerge merge = all(schema("ignore-delete", "true"));
    assertThat(merge(merge, kv(RowKind.DELETE, 1, 5L, 3, "a"))).isNull();
    KeyValue result =
        merge(merge, kv(RowKind.INSERT, 1, 5L, 3, "a"), kv(RowKind.DELETE, 1, 5L, 3, "a"));
    assertThat(result.value().values()).containsExactly(1, 5L, 3, "a");
  }

  @Test
  void mergesAProjectionToTheProjectionOfTheFullMerge() {
    AggregateMerge projected =
        AggregateMerge.spec("db.t", schema()).forFields(new int[] {3, 1}).get();
    projected.reset();
    projected.add(new KeyValue(Row.of(1), 0, RowKind.INSERT, Row.of("a", 5L)));
    projected.add(new KeyValue(Row.of(1), 1, RowKind.INSERT, Row.of(null, 7L)));
    assertThat(projected.result().value().values()).containsExactly("a", 12L);
  }

  @Test
  void checkWritableRefusesRetractionsOnlyWhereAFunctionCannotRetract() {
    AggregateMerge.Spec refusing =
        AggregateMerge.spec("db.t", schema("fields.label.aggregate-function", "listagg"));
    refusing.checkWritable(Row.of(1, 1L, 1, "x"));
    assertThatThrownBy(
            () -> refusing.checkWritable(Row.ofKind(RowKind.UPDATE_BEFORE, 1, 1L, 1, "x")))
        .isInstanceOf(UnsupportedOperationException.class)
        .hasMessageContaining("'label'")
        .hasMessageContaining("'listagg'");
    AggregateMerge.spec("db.t", schema()).checkWritable(Row.ofKind(RowKind.DELETE, 1, 1L, 1, "x"));
    AggregateMerge.spec(
            "db.t",
            schema(
                "fields.label.aggregate-function",
                "listagg",
                "aggregation.remove-record-on-delete",
                "true"))
        .checkWritable(Row.ofKind(RowKind.DELETE, 1, 1L, 1, "x"));
  }

  @Test
  void primaryKeyColumnsKeepTheirValueWhateverTheDefaultFunction() {
    AggregateMerge.Spec spec =
        AggregateMerge.spec(
            "db.t",
            schema(
                "fields.default-aggregate-function",
                "sum",
                "fields.label.aggregate-function",
                "listagg"));
    assertThat(spec.function(0)).isEqualTo("primary-key");
    assertThat(spec.function(1)).isEqualTo("sum");
    assertThat(spec.function(2)).isEqualTo("sum");
    assertThat(AggregateMerge.spec("db.t", schema()).function(2)).isEqualTo("last_non_null_value");
  }

  @Test
  void mergeFunctionsBuildsTheAggregationEngineAndRefusesABadSetupNamingTheField() {
    MergeFunction merge = MergeFunctions.of("db.t", schema(), new int[] {0, 1, 2, 3}).get();
    assertThat(merge.mergesRunsAlike()).as("the aggregation engine").isFalse();
    merge.reset();
    merge.add(kv(RowKind.INSERT, 1, 5L, 3, "a"));
    merge.add(kv(RowKind.INSERT, 1, 7L, null, null));
    assertThat(merge.result().value().values()).containsExactly(1, 12L, 3, "a");
    assertThatThrownBy(
            () ->
                MergeFunctions.of(
                    "db.t", schema("fields.label.aggregate-function", "sum"), new int[] {0}))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("'label'")
        .hasMessageContaining("'sum'");
    assertThatThrownBy(
            () ->
                MergeFunctions.of(
                    "db.t", schema("fields.default-aggregate-function", "nope"), new int[] {0}))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("'nope'");
  }
}
