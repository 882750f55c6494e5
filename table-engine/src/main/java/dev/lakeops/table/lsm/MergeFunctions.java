package dev.lakeops.table.lsm;

import dev.lakeops.table.lsm.aggregate.AggregateMerge;
import dev.lakeops.table.schema.MergeEngine;
import dev.lakeops.table.schema.TableOptions;
import dev.lakeops.table.schema.TableSchema;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/** The merge function of a primary-key table, from its options. */
public final class MergeFunctions {

  private MergeFunctions() {}

  /**
   * A supplier of fresh merge functions for a table with {@code options}.
   *
   * @throws UnsupportedOperationException a merge engine or {@code sequence.field} that lakeops
   *     does not implement yet; the message names the option
   */
  public static Supplier<MergeFunction> of(TableOptions options) {
    MergeEngine engine = options.mergeEngine();
    if (engine != MergeEngine.DEDUPLICATE) {
      throw new UnsupportedOperationException(
          "merge-engine '"
              + engine.value()
              + "' is not supported yet"
              + " (lakeops merges with 'deduplicate' only)");
    }
    if (!options.sequenceFields().isEmpty()) {
      throw new UnsupportedOperationException(
          "sequence.field " + options.sequenceFields() + " is not supported yet");
    }
    boolean ignoreDelete = options.ignoreDelete();
    return () -> new DeduplicateMerge(ignoreDelete);
  }

  /**
   * A supplier of fresh merge functions for table {@code table} with {@code schema}, over value
   * rows that hold the columns at {@code fields} (all of them on write and compaction, the columns
   * read on a projected read).
   *
   * @throws IllegalArgumentException a bad aggregation setup (unknown function, a function on a
   *     type it does not take); the message names the table, the field and the function
   * @throws UnsupportedOperationException as {@link #of(TableOptions)}, or an aggregate function
   *     lakeops does not implement
   */
  public static Supplier<MergeFunction> of(String table, TableSchema schema, int[] fields) {
    TableOptions options = schema.tableOptions();
    if (options.mergeEngine() == MergeEngine.AGGREGATION) {
      // TODO(i14-merge): the user-defined sequence order, then drop this refusal
      if (!options.sequenceFields().isEmpty()) {
        throw new UnsupportedOperationException(
            "sequence.field " + options.sequenceFields() + " is not supported yet");
      }
      Supplier<AggregateMerge> aggregate = AggregateMerge.spec(table, schema).forFields(fields);
      return () -> asMergeFunction(aggregate.get());
    }
    return of(options);
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

      @Override
      public boolean mergesInGroups() {
        return merge.mergesInGroups();
      }
    };
  }
}
