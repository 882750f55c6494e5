package dev.lakeops.table.lsm;

import dev.lakeops.table.lsm.aggregate.AggregateMerge;
import dev.lakeops.table.schema.MergeEngine;
import dev.lakeops.table.schema.TableOptions;
import dev.lakeops.table.schema.TableSchema;
import dev.lakeops.table.types.RowType;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/** The merge function of a primary-key table, from its options. */
public final class MergeFunctions {

  private MergeFunctions() {}

  /**
   * A supplier of fresh merge functions for table {@code table} with {@code schema}: the merge
   * engine of {@code merge-engine}, fed each key's records in the order of {@code sequence.field}
   * when the table has one ({@link MergeFunction#recordOrder}).
   *
   * @throws IllegalArgumentException a bad option value or a combination Paimon refuses; the
   *     message names the table and the option
   * @throws UnsupportedOperationException a merge engine or option lakeops does not implement yet;
   *     the message names the table and the option
   */
  public static Supplier<MergeFunction> of(String table, TableSchema schema) {
    MergeOptions options = MergeOptions.of(table, schema);
    Supplier<MergeFunction> engine =
        switch (options.engine()) {
          case DEDUPLICATE -> {
            boolean ignoreDelete = options.ignoreDelete();
            yield () -> new DeduplicateMerge(ignoreDelete);
          }
          case FIRST_ROW -> {
            boolean ignoreDelete = options.ignoreDelete();
            yield () -> new FirstRowMerge(table, ignoreDelete);
          }
          case PARTIAL_UPDATE -> partialUpdate(options);
          case AGGREGATION ->
              aggregation(
                  table,
                  schema,
                  java.util.stream.IntStream.range(0, schema.fields().size()).toArray());
        };
    if (options.sequenceFields().isEmpty() || options.engine() == MergeEngine.AGGREGATION) {
      return engine;
    }
    checkAscending(table, options);
    RecordOrder order = options.recordOrder();
    return () -> new SequenceFieldMerge(engine.get(), order);
  }

  private static Supplier<MergeFunction> partialUpdate(MergeOptions options) {
    Map<String, String> aggregates = options.partialUpdateAggregates();
    if (!aggregates.isEmpty()) {
      Map.Entry<String, String> first = aggregates.entrySet().iterator().next();
      throw new UnsupportedOperationException(
          "Table "
              + options.table()
              + ": aggregate function '"
              + first.getValue()
              + "' of field '"
              + first.getKey()
              + "' (option 'fields."
              + first.getKey()
              + ".aggregate-function' or 'fields.default-aggregate-function') is not supported"
              + " in merge-engine 'partial-update' yet");
    }
    TableSchema schema = options.schema();
    RowType type = schema.rowType();
    int arity = type.arity();
    boolean[] nullable = new boolean[arity];
    for (int i = 0; i < arity; i++) {
      nullable[i] = type.typeAt(i).nullable();
    }
    SequenceComparator[] groups = new SequenceComparator[arity];
    options
        .sequenceGroups()
        .forEach(
            (sequence, fields) -> {
              int[] sequenceIndexes = options.indexes(List.of(sequence.split(",")));
              SequenceComparator group = new SequenceComparator(type, sequenceIndexes, true);
              for (int f : options.indexes(fields)) {
                groups[f] = group;
              }
              for (int s : sequenceIndexes) {
                groups[s] = group;
              }
            });
    java.util.Set<Integer> removeOnGroupDelete = new java.util.HashSet<>();
    options
        .removeRecordOnSequenceGroup()
        .ifPresent(v -> removeOnGroupDelete.addAll(toList(options.indexes(List.of(v.split(","))))));
    @SuppressWarnings("unchecked")
    Supplier<PartialFieldAggregator>[] aggregators = new Supplier[arity];
    PartialUpdateMerge.Settings settings =
        new PartialUpdateMerge.Settings(
            options.table(),
            arity,
            nullable,
            options.ignoreDelete(),
            options.removeRecordOnDelete(),
            groups,
            java.util.Set.copyOf(removeOnGroupDelete),
            aggregators,
            schema.fieldNames());
    return () -> new PartialUpdateMerge(settings);
  }

  private static List<Integer> toList(int[] a) {
    return java.util.Arrays.stream(a).boxed().toList();
  }

  /**
   * A supplier of fresh merge functions for table {@code table} with {@code schema}, over value
   * rows that hold the columns at {@code fields} (all of them on write and compaction, the columns
   * read on a projected read).
   *
   * @throws IllegalArgumentException a bad aggregation setup (unknown function, a function on a
   *     type it does not take); the message names the table, the field and the function
   * @throws UnsupportedOperationException as {@link #of(String, TableSchema)}, or an aggregate
   *     function lakeops does not implement
   */
  public static Supplier<MergeFunction> of(String table, TableSchema schema, int[] fields) {
    TableOptions options = schema.tableOptions();
    if (options.mergeEngine() == MergeEngine.AGGREGATION) {
      return aggregation(table, schema, fields);
    }
    return of(table, schema);
  }

  private static Supplier<MergeFunction> aggregation(
      String table, TableSchema schema, int[] fields) {
    Supplier<AggregateMerge> aggregate = AggregateMerge.spec(table, schema).forFields(fields);
    MergeOptions options = MergeOptions.of(table, schema);
    if (options.sequenceFields().isEmpty()) {
      return () -> asMergeFunction(aggregate.get());
    }
    // As Paimon: the aggregators see a key's records in user sequence order (the sequence fields
    // themselves take last_value, AggregateMerge.Spec). The merge reads whole rows
    // (MergeOptions.needsWholeRow), so the order's field indexes hold on a projected read too.
    checkAscending(table, options);
    RecordOrder order = options.recordOrder();
    return () -> new SequenceFieldMerge(asMergeFunction(aggregate.get()), order);
  }

  private static void checkAscending(String table, MergeOptions options) {
    if (!options.sequenceAscending()) {
      // Paimon sorts its write buffer ascending and merges files in the sort order; lakeops does
      // not reproduce that mix yet, so it neither reads nor writes such tables
      throw new UnsupportedOperationException(
          "Table "
              + table
              + ": option '"
              + MergeOptions.SEQUENCE_FIELD_SORT_ORDER
              + "' = 'descending' is not supported yet");
    }
  }

  // lsm.aggregate knows no lsm type (no package cycle), so its merge is adapted here.
  private static MergeFunction asMergeFunction(AggregateMerge merge) {
    return new MergeFunction() {
      @Override
      public void reset() {
        merge.reset();
      }

      @Override
      public void add(dev.lakeops.table.format.KeyValue kv) {
        merge.add(kv);
      }

      @Override
      public dev.lakeops.table.format.@Nullable KeyValue result() {
        return merge.result();
      }
    };
  }
}
