package dev.lakeops.table.read;

import org.jspecify.annotations.Nullable;

/**
 * Column statistics of a set of rows (a data file, a manifest's partitions) by column name, for
 * pruning. Min and max are bounds, not necessarily values that occur (strings are truncated), and
 * cover retracted rows too: they can only rule rows out.
 */
public interface FieldStats {

  /** Whether statistics exist for {@code field}; a field without them can never be ruled out. */
  boolean covers(String field);

  /** A lower bound of the non-null values, or null when unknown or all values are null. */
  @Nullable Object min(String field);

  /** An upper bound of the non-null values, or null when unknown or all values are null. */
  @Nullable Object max(String field);

  /** Nulls among the rows, or null when unknown. */
  @Nullable Long nullCount(String field);

  /** Rows covered, or -1 when unknown. */
  long rowCount();
}
