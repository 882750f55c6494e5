package dev.lakeops.table.lsm;

import dev.lakeops.table.schema.MergeEngine;
import dev.lakeops.table.schema.TableSchema;
import dev.lakeops.table.types.RowType;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

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
              throw new UnsupportedOperationException(
                  "Table "
                      + table
                      + ": merge-engine '"
                      + MergeEngine.AGGREGATION.value()
                      + "' is not supported yet");
        };
    if (options.sequenceFields().isEmpty()) {
      return engine;
    }
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
}
