package dev.lakeops.tools.table;

import dev.lakeops.tools.Finding;
import dev.lakeops.tools.Severity;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The sorted-run backlog of a {@code write-only} primary-key table. Its writers never compact and
 * never wait on {@code num-sorted-run.stop-trigger} (Paimon skips both when {@code write-only} is
 * set), so a backlog never stalls them: it says that the dedicated compaction job the table relies
 * on is behind, or that none runs. Which of the two comes from the table's newest snapshots: a
 * compaction commits a COMPACT snapshot ({@link CompactionHistory}).
 *
 * <p>Code {@code table.compaction.backlog} for every bucket at {@code
 * num-sorted-run.compaction-trigger}: WARN, CRITICAL at the stop trigger, where a compacting writer
 * would long have stalled and reads merge that many runs.
 */
final class WriteOnlyBacklog {

  private WriteOnlyBacklog() {}

  // Requires: s is a write-only primary-key table; worst is ordered by sorted runs, most first.
  static List<Finding> findings(
      CompactionBacklogSnapshot s, List<BucketFiles> worst, String table, List<String> sources) {
    List<BucketFiles> behind =
        worst.stream().filter(b -> b.sortedRuns() >= s.compactionTrigger()).toList();
    List<Finding> findings = new ArrayList<>();
    for (BucketFiles b :
        behind.subList(0, Math.min(CompactionBacklogAnalyzer.MAX_BUCKET_FINDINGS, behind.size()))) {
      Map<String, String> e = CompactionBacklogAnalyzer.bucketEvidence(s, b, behind.size());
      CompactionHistory h = s.history();
      e.put("writersStall", "false");
      e.put("compactedBy", "dedicated compaction job");
      e.put("compactionRunning", h.compacted() ? "behind" : "none found");
      e.put("snapshotsScanned", Integer.toString(h.snapshotsScanned()));
      if (h.compacted()) {
        e.put("lastCompactionSnapshot", Long.toString(h.lastCompactionSnapshotId()));
        e.put(
            "lastCompactionBeforeLatestCommitMs",
            Long.toString(Math.max(0, h.latestCommitMillis() - h.lastCompactionMillis())));
      }
      findings.add(
          new Finding(
              b.sortedRuns() >= s.stopTrigger() ? Severity.CRITICAL : Severity.WARN,
              "table.compaction.backlog",
              table + " " + b.name(),
              summary(s, b, h),
              e,
              sources));
    }
    return findings;
  }

  private static String summary(CompactionBacklogSnapshot s, BucketFiles b, CompactionHistory h) {
    String who =
        h.compacted()
            ? "the dedicated compaction job is behind: the last compaction is snapshot "
                + h.lastCompactionSnapshotId()
                + ", "
                + duration(h.latestCommitMillis() - h.lastCompactionMillis())
                + " before the latest commit"
            : "nothing is compacting it: none of the last "
                + h.snapshotsScanned()
                + " snapshots is a compaction, so no dedicated compaction job runs for it";
    return b.name()
        + " holds "
        + b.sortedRuns()
        + " sorted runs ("
        + b.level0Files()
        + " level-0 files), at or above num-sorted-run.compaction-trigger "
        + s.compactionTrigger()
        + ". The table is write-only: its writers never compact and do not stall, so the backlog"
        + " is for a dedicated compaction job to clear, and "
        + who
        + "."
        + CompactionBacklogAnalyzer.hiddenNote(s, b);
  }

  private static String duration(long millis) {
    long seconds = Math.max(0, millis) / 1000;
    if (seconds < 600) {
      return seconds + " s";
    }
    if (seconds < 36_000) {
      return seconds / 60 + " min";
    }
    return seconds / 3600 + " h";
  }
}
