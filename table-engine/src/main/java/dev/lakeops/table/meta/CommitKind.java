package dev.lakeops.table.meta;

/** What a snapshot's commit did ({@code commitKind} in snapshot JSON). */
public enum CommitKind {
  /** Added data files (and possibly changelog files). */
  APPEND,
  /** Replaced files by their compaction; the logical content is unchanged. */
  COMPACT,
  /** Deleted files (or deletion vectors) and added new ones: overwrite, delete, truncate. */
  OVERWRITE,
  /** Collected table statistics. */
  ANALYZE
}
