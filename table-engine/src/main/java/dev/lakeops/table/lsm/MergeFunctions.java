package dev.lakeops.table.lsm;

import dev.lakeops.table.schema.MergeEngine;
import dev.lakeops.table.schema.TableOptions;
import java.util.function.Supplier;

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
}
