package dev.lakeops.table.write;

/**
 * Told how a table compaction progresses ({@link TableCompaction#run}): once with nothing done when
 * the plan is known, after each input file rewritten and after each bucket, and last with every
 * bucket done, before the commit. Called on the compacting thread; a listener that throws aborts
 * the compaction, and nothing is committed.
 */
@FunctionalInterface
public interface CompactionListener {

  /** Ignores every report. */
  CompactionListener NONE = progress -> {};

  void onProgress(CompactionProgress progress);
}
