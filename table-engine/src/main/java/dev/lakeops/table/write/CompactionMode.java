package dev.lakeops.table.write;

/** How {@code Table.compact} compacts each bucket. */
public enum CompactionMode {
  /** Everything into one sorted run in the highest level (Paimon's full compaction). */
  FULL,
  /** Only what the universal picker chooses, as a writer would after a commit. */
  UNIVERSAL
}
