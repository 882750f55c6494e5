package dev.lakeops.table.lsm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakeops.table.data.CloseableIterator;
import dev.lakeops.table.data.Row;
import dev.lakeops.table.data.RowKind;
import dev.lakeops.table.format.KeyValue;
import dev.lakeops.table.schema.TableSchema;
import dev.lakeops.table.types.AtomicType;
import dev.lakeops.table.types.DataField;
import dev.lakeops.table.types.TypeRoot;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * The merge engines and merge options built by {@link MergeFunctions} from a table's options,
 * merged through {@link MergeReader} as reads and compactions merge them; and the option values and
 * combinations refused with the table and the option named.
 */
class MergeFunctionsTest {

  private static final String TABLE = "db.t";

  /** {@code k INT NOT NULL} (key), {@code a STRING}, {@code b INT}, {@code s1 INT}, {@code ts}. */
  private static TableSchema schema(String... options) {
    Map<String, String> map = new LinkedHashMap<>();
    for (int i = 0; i < options.length; i += 2) {
      map.put(options[i], options[i + 1]);
    }
    return TableSchema.newTable(
        List.of(
            new DataField(0, "k", AtomicType.of(TypeRoot.INT)),
            new DataField(1, "a", AtomicType.string()),
            new DataField(2, "b", AtomicType.of(TypeRoot.INT)),
            new DataField(3, "s1", AtomicType.of(TypeRoot.INT)),
            new DataField(4, "ts", AtomicType.of(TypeRoot.BIGINT))),
        List.of(),
        List.of("k"),
        map,
        null,
        0L);
  }

  private static KeyValue kv(long seq, RowKind kind, String a, Integer b, Integer s1, Long ts) {
    return new KeyValue(Row.of(1), seq, kind, Row.of(1, a, b, s1, ts));
  }

  private static KeyValue add(long seq, String a, Integer b, Integer s1, Long ts) {
    return kv(seq, RowKind.INSERT, a, b, s1, ts);
  }

  /** Each record in a run of its own, as level-0 files are; the merged rows (deletes dropped). */
  private static List<String> merge(TableSchema schema, KeyValue... records) {
    Supplier<MergeFunction> merge = MergeFunctions.of(TABLE, schema);
    List<CloseableIterator<KeyValue>> runs = new ArrayList<>();
    for (KeyValue r : records) {
      runs.add(CloseableIterator.of(List.of(r)));
    }
    List<String> out = new ArrayList<>();
    try (MergeReader reader = new MergeReader(runs, LsmFixtures.ORDER, merge.get(), true)) {
      reader.forEachRemaining(
          r ->
              out.add(
                  r.valueKind().shortString()
                      + r.value().withKind(RowKind.INSERT).toString().substring(2)));
    }
    return out;
  }

  @Test
  void sequenceFieldDecidesTheWinnerBeforeTheSequenceNumberAndNullIsOldest() {
    TableSchema s = schema("sequence.field", "ts");
    assertThat(merge(s, add(1, "newest-ts", 1, null, 9L), add(2, "older-ts", 2, null, 3L)))
        .containsExactly("+I[1, newest-ts, 1, null, 9]");
    assertThat(merge(s, add(1, "has-ts", 1, null, 0L), add(2, "null-ts", 2, null, null)))
        .containsExactly("+I[1, has-ts, 1, null, 0]");
    assertThat(merge(s, add(1, "tie-first", 1, null, 5L), add(2, "tie-second", 2, null, 5L)))
        .as("equal sequence values: the sequence number decides")
        .containsExactly("+I[1, tie-second, 2, null, 5]");
    assertThat(
            merge(
                s,
                add(1, "kept", 1, null, 7L),
                kv(2, RowKind.DELETE, null, null, null, 4L),
                add(3, "older", 3, null, 2L)))
        .as("a delete with an older sequence value does not delete")
        .containsExactly("+I[1, kept, 1, null, 7]");
  }

  @Test
  void aggregationFoldsAKeysRecordsInSequenceFieldOrder() {
    TableSchema s =
        schema(
            "merge-engine",
            "aggregation",
            "sequence.field",
            "ts",
            "fields.a.aggregate-function",
            "last_value",
            "fields.b.aggregate-function",
            "sum");
    assertThat(merge(s, add(1, "newest-ts", 1, null, 9L), add(2, "older-ts", 2, null, 3L)))
        .as("the record with the higher ts is the last one folded; ts itself takes last_value")
        .containsExactly("+I[1, newest-ts, 3, null, 9]");
    assertThat(
            merge(
                schema("merge-engine", "aggregation", "fields.a.aggregate-function", "last_value"),
                add(1, "first", 1, null, 9L),
                add(2, "second", 2, null, 3L)))
        .as("without sequence.field the sequence number orders")
        .containsExactly("+I[1, second, 2, null, 3]");
  }

  @Test
  void severalSequenceFieldsCompareFieldByField() {
    TableSchema s = schema("sequence.field", "s1,ts");
    assertThat(merge(s, add(1, "x", 1, 2, 1L), add(2, "y", 2, 1, 99L), add(3, "z", 3, 2, 0L)))
        .containsExactly("+I[1, x, 1, 2, 1]");
  }

  @Test
  void partialUpdateOverwritesWithNonNullFields() {
    TableSchema s = schema("merge-engine", "partial-update");
    assertThat(merge(s, add(1, "a1", null, 1, 1L), add(2, null, 20, null, 2L)))
        .containsExactly("+I[1, a1, 20, 1, 2]");
  }

  @Test
  void partialUpdateRefusesRetractionsWithoutTheOptionsForThem() {
    TableSchema s = schema("merge-engine", "partial-update");
    assertThatThrownBy(
            () -> merge(s, add(1, "a1", 1, 1, 1L), kv(2, RowKind.DELETE, null, null, null, null)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining(TABLE)
        .hasMessageContaining("ignore-delete")
        .hasMessageContaining("partial-update.remove-record-on-delete");
  }

  @Test
  void partialUpdateIgnoreDeleteSkipsRetractions() {
    TableSchema s =
        schema("merge-engine", "partial-update", "partial-update.ignore-delete", "true");
    assertThat(
            merge(
                s,
                add(1, "a1", 1, 1, 1L),
                kv(2, RowKind.DELETE, null, null, null, null),
                add(3, null, 3, null, null)))
        .containsExactly("+I[1, a1, 3, 1, 1]");
  }

  @Test
  void removeRecordOnDeleteStartsTheRowAgain() {
    TableSchema s =
        schema("merge-engine", "partial-update", "partial-update.remove-record-on-delete", "true");
    assertThat(merge(s, add(1, "a1", 1, 1, 1L), kv(2, RowKind.DELETE, null, null, null, null)))
        .isEmpty();
    assertThat(
            merge(
                s,
                add(1, "a1", 1, 1, 1L),
                kv(2, RowKind.DELETE, null, null, null, null),
                add(3, null, 3, null, null)))
        .containsExactly("+I[1, null, 3, null, null]");
    assertThat(merge(s, add(1, "a1", 1, 1, 1L), kv(2, RowKind.UPDATE_BEFORE, "a1", 1, 1, 1L)))
        .as("-U is skipped")
        .containsExactly("+I[1, a1, 1, 1, 1]");
  }

  @Test
  void sequenceGroupsUpdateTheirFieldsOnlyFromRecordsNotOlder() {
    // group s1: a, b; group ts: nothing but itself
    TableSchema s = schema("merge-engine", "partial-update", "fields.s1.sequence-group", "a,b");
    assertThat(merge(s, add(1, "new", 10, 5, 1L), add(2, "old", 20, 3, 2L)))
        .as("an older group sequence leaves a and b")
        .containsExactly("+I[1, new, 10, 5, 2]");
    assertThat(merge(s, add(1, "x", 10, 5, 1L), add(2, null, 20, 5, null)))
        .as("an equal group sequence updates the group, nulls included")
        .containsExactly("+I[1, null, 20, 5, 1]");
    assertThat(merge(s, add(1, "x", 10, 5, 1L), add(2, "y", 20, null, 2L)))
        .as("a null group sequence leaves the group")
        .containsExactly("+I[1, x, 10, 5, 2]");
  }

  @Test
  void aRetractionInASequenceGroupNullsTheGroupOrRemovesTheRow() {
    TableSchema groups = schema("merge-engine", "partial-update", "fields.s1.sequence-group", "a");
    assertThat(merge(groups, add(1, "x", 10, 5, 1L), kv(2, RowKind.DELETE, "x", null, 6, null)))
        .containsExactly("+I[1, null, 10, 6, 1]");
    assertThat(merge(groups, add(1, "x", 10, 5, 1L), kv(2, RowKind.DELETE, "x", null, 4, null)))
        .as("an older retraction leaves the group")
        .containsExactly("+I[1, x, 10, 5, 1]");
    TableSchema remove =
        schema(
            "merge-engine",
            "partial-update",
            "fields.s1.sequence-group",
            "a",
            "partial-update.remove-record-on-sequence-group",
            "s1");
    assertThat(merge(remove, add(1, "x", 10, 5, 1L), kv(2, RowKind.DELETE, "x", null, 6, null)))
        .isEmpty();
  }

  @Test
  void firstRowKeepsTheOldestRecordAndRefusesRetractionsUnlessIgnored() {
    TableSchema s = schema("merge-engine", "first-row");
    assertThat(merge(s, add(1, "first", 1, 1, 1L), add(2, "second", 2, 2, 2L)))
        .containsExactly("+I[1, first, 1, 1, 1]");
    assertThatThrownBy(
            () ->
                merge(s, add(1, "first", 1, 1, 1L), kv(2, RowKind.DELETE, null, null, null, null)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining(TABLE)
        .hasMessageContaining("first-row.ignore-delete");
    TableSchema ignoring = schema("merge-engine", "first-row", "first-row.ignore-delete", "true");
    assertThat(
            merge(
                ignoring, add(1, "first", 1, 1, 1L), kv(2, RowKind.DELETE, null, null, null, null)))
        .containsExactly("+I[1, first, 1, 1, 1]");
  }

  @Test
  void aKeyWithOneRecordIsPassedOnUnmerged() {
    TableSchema s = schema("merge-engine", "partial-update");
    Supplier<MergeFunction> merge = MergeFunctions.of(TABLE, s);
    KeyValue retraction = kv(4, RowKind.UPDATE_BEFORE, "a", 1, 1, 1L);
    try (MergeReader reader =
        new MergeReader(
            List.of(CloseableIterator.of(List.of(retraction))),
            LsmFixtures.ORDER,
            merge.get(),
            false)) {
      assertThat(reader.next()).isEqualTo(retraction);
    }
  }

  @Test
  void ignoreDeleteReadsItsOlderKeysInPaimonsOrder() {
    assertThat(MergeOptions.of(TABLE, schema("deduplicate.ignore-delete", "true")).ignoreDelete())
        .isTrue();
    assertThat(
            MergeOptions.of(
                    TABLE, schema("ignore-delete", "false", "partial-update.ignore-delete", "true"))
                .ignoreDelete())
        .as("the main key wins")
        .isFalse();
  }

  @Test
  void refusedOptionsNameTheTableAndTheOption() {
    assertRefused(schema("sequence.field", "nope"), "sequence.field", "nope");
    assertRefused(schema("sequence.field", "ts,ts"), "sequence.field", "twice");
    assertRefused(
        schema("merge-engine", "first-row", "sequence.field", "ts"), "sequence.field", "first-row");
    assertRefused(
        schema("merge-engine", "first-row", "changelog-producer", "input"),
        "changelog-producer",
        "first-row");
    assertRefused(
        schema("sequence.field", "ts", "sequence.field.sort-order", "upwards"),
        "sequence.field.sort-order",
        "upwards");
    assertRefused(schema("rowkind.field", "b"), "rowkind.field", "string");
    assertRefused(schema("rowkind.field", "missing"), "rowkind.field", "missing");
    assertRefused(
        schema("fields.s1.sequence-group", "a", "fields.ts.sequence-group", "a"),
        "sequence-group",
        "two sequence groups");
    assertRefused(schema("fields.nope.sequence-group", "a"), "fields.nope.sequence-group", "nope");
    assertRefused(
        schema(
            "merge-engine",
            "partial-update",
            "ignore-delete",
            "true",
            "partial-update.remove-record-on-delete",
            "true"),
        "partial-update.remove-record-on-delete",
        "ignore-delete");
    assertRefused(
        schema(
            "merge-engine",
            "partial-update",
            "fields.s1.sequence-group",
            "a",
            "partial-update.remove-record-on-delete",
            "true"),
        "partial-update.remove-record-on-delete",
        "sequence-group");
    assertRefused(
        schema(
            "merge-engine",
            "partial-update",
            "fields.s1.sequence-group",
            "a",
            "partial-update.remove-record-on-sequence-group",
            "b"),
        "partial-update.remove-record-on-sequence-group",
        "'b'");
    assertRefused(
        schema("merge-engine", "partial-update", "fields.b.aggregate-function", "sum"),
        "fields.b.aggregate-function",
        "sequence group");
    assertRefused(
        schema("fields.s1.sequence-group", "a", "fields.s1.aggregate-function", "max"),
        "fields.s1.aggregate-function",
        "sequence group");
    assertRefused(schema("ignore-delete", "maybe"), "ignore-delete", "maybe");
  }

  @Test
  void whatLakeopsDoesNotMergeYetIsRefusedNamingTheOption() {
    assertUnsupported(
        schema("sequence.field", "ts", "sequence.field.sort-order", "descending"),
        "sequence.field.sort-order");
    assertUnsupported(
        schema(
            "merge-engine",
            "aggregation",
            "sequence.field",
            "ts",
            "sequence.field.sort-order",
            "descending"),
        "sequence.field.sort-order");
    assertUnsupported(
        schema(
            "merge-engine",
            "partial-update",
            "fields.s1.sequence-group",
            "b",
            "fields.b.aggregate-function",
            "sum"),
        "fields.b.aggregate-function");
  }

  private static void assertRefused(TableSchema schema, String option, String problem) {
    assertThatThrownBy(() -> MergeFunctions.of(TABLE, schema))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining(TABLE)
        .hasMessageContaining(option)
        .hasMessageContaining(problem);
  }

  private static void assertUnsupported(TableSchema schema, String option) {
    assertThatThrownBy(() -> MergeFunctions.of(TABLE, schema))
        .isInstanceOf(UnsupportedOperationException.class)
        .hasMessageContaining(TABLE)
        .hasMessageContaining(option);
  }
}
