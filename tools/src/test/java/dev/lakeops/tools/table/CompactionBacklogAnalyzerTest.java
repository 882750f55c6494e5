package dev.lakeops.tools.table;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.tools.Finding;
import dev.lakeops.tools.Severity;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Sorted-run backlogs of a compacting table and of a write-only one, judged from hand-built files.
 */
class CompactionBacklogAnalyzerTest {

  private static final long LATEST_COMMIT = 1_800_000_000_000L;
  private final CompactionBacklogAnalyzer analyzer = new CompactionBacklogAnalyzer();

  /** A primary-key table, triggers 5 and 8, whose bucket 0 holds {@code runs} level-0 runs. */
  private static CompactionBacklogSnapshot table(
      boolean writeOnly, int runs, CompactionHistory history) {
    BucketFiles bucket =
        new BucketFiles("dt=2024-01-01", 0, runs + 1, runs, runs + 1, 0, runs * 200L << 20, 5);
    BucketFiles quiet = new BucketFiles("dt=2024-01-01", 1, 1, 0, 1, 0, 200L << 20, 5);
    return new CompactionBacklogSnapshot(
        "db.events",
        "/lake/db.db/events",
        40,
        true,
        5,
        8,
        128L << 20,
        (long) ((128L << 20) * 0.7),
        5,
        writeOnly,
        List.of(bucket, quiet),
        history,
        false);
  }

  /** A primary-key table, triggers 5 and 8, with these buckets. */
  private static CompactionBacklogSnapshot table(
      List<BucketFiles> buckets, boolean writeOnly, boolean levelZeroHidden) {
    return new CompactionBacklogSnapshot(
        "db.events",
        "/lake/db.db/events",
        40,
        true,
        5,
        8,
        128L << 20,
        (long) ((128L << 20) * 0.7),
        5,
        writeOnly,
        buckets,
        noCompactionIn(40),
        levelZeroHidden);
  }

  private static CompactionHistory noCompactionIn(int snapshots) {
    return new CompactionHistory(LATEST_COMMIT, 0, -1, snapshots);
  }

  private static CompactionHistory compactedAt(long snapshot, long millisBeforeLatest) {
    return new CompactionHistory(LATEST_COMMIT, snapshot, LATEST_COMMIT - millisBeforeLatest, 12);
  }

  private static Finding only(List<Finding> findings, String code) {
    List<Finding> matching = findings.stream().filter(f -> f.code().equals(code)).toList();
    assertThat(matching).as(code).hasSize(1);
    return matching.get(0);
  }

  @Test
  void theBucketsFindingCarriesTheTriggersAndTheLargestBucketsSizesWithTheRestTogether() {
    List<BucketFiles> buckets = new java.util.ArrayList<>();
    for (int b = 0; b < 100; b++) {
      buckets.add(new BucketFiles("", b, 1, 0, 1, 0, b == 7 ? 900L << 20 : 10L << 20, 5));
    }

    Finding f = only(analyzer.analyze(table(buckets, false, false)), "table.compaction.buckets");

    assertThat(f.evidence())
        .containsEntry("num-sorted-run.compaction-trigger", "5")
        .containsEntry("num-sorted-run.stop-trigger", "8")
        .containsEntry("tableType", "primary-key")
        .containsEntry("size bucket-7", Long.toString(900L << 20))
        .containsEntry("sizeOtherBuckets", "52")
        .containsEntry("sizeOtherBytes", Long.toString(52 * (10L << 20)))
        .containsEntry("sizeTotalBytes", Long.toString((900L << 20) + 99 * (10L << 20)));
    assertThat(f.evidence().keySet().stream().filter(k -> k.startsWith("size bucket-")))
        .hasSize(CompactionBacklogAnalyzer.MAX_SIZED_BUCKETS);
  }

  @Test
  void aTableWithFewBucketsListsEverySizeAndNoOthers() {
    Finding f =
        only(analyzer.analyze(table(false, 2, noCompactionIn(3))), "table.compaction.buckets");

    assertThat(f.evidence())
        .containsKeys("size dt=2024-01-01/bucket-0", "size dt=2024-01-01/bucket-1")
        .containsEntry("sizeOtherBuckets", "0");
  }

  @Test
  void aCompactingTableAtTheStopTriggerStallsItsWriter() {
    List<Finding> findings = analyzer.analyze(table(false, 8, noCompactionIn(40)));

    Finding stalled = only(findings, "table.compaction.stalled");
    assertThat(stalled.severity()).isEqualTo(Severity.CRITICAL);
    assertThat(stalled.evidence()).containsEntry("sortedRuns", "9").containsEntry("bucket", "0");
    assertThat(findings).extracting(Finding::code).doesNotContain("table.compaction.backlog");
  }

  @Test
  void aCompactingTableAtTheCompactionTriggerIsABacklog() {
    List<Finding> findings = analyzer.analyze(table(false, 5, noCompactionIn(40)));

    Finding backlog = only(findings, "table.compaction.backlog");
    assertThat(backlog.severity()).isEqualTo(Severity.WARN);
    assertThat(backlog.evidence()).doesNotContainKey("writersStall");
    assertThat(findings).extracting(Finding::code).doesNotContain("table.compaction.stalled");
  }

  @Test
  void aWriteOnlyTableAtTheStopTriggerDoesNotStallItsWriterButIsCompactedByNobody() {
    List<Finding> findings = analyzer.analyze(table(true, 12, noCompactionIn(40)));

    assertThat(findings).extracting(Finding::code).doesNotContain("table.compaction.stalled");
    Finding backlog = only(findings, "table.compaction.backlog");
    assertThat(backlog.severity()).isEqualTo(Severity.CRITICAL);
    assertThat(backlog.evidence())
        .containsEntry("write-only", "true")
        .containsEntry("writersStall", "false")
        .containsEntry("compactionRunning", "none found")
        .containsEntry("snapshotsScanned", "40")
        .doesNotContainKey("lastCompactionSnapshot");
    assertThat(backlog.summary()).doesNotContain("stalls until");
  }

  @Test
  void aWriteOnlyTableWhoseCompactionJobLagsSaysTheJobIsBehind() {
    List<Finding> findings = analyzer.analyze(table(true, 5, compactedAt(28, 45 * 60_000L)));

    Finding backlog = only(findings, "table.compaction.backlog");
    assertThat(backlog.severity()).isEqualTo(Severity.WARN);
    assertThat(backlog.evidence())
        .containsEntry("compactionRunning", "behind")
        .containsEntry("lastCompactionSnapshot", "28")
        .containsEntry("lastCompactionBeforeLatestCommitMs", Long.toString(45 * 60_000L));
  }

  @Test
  void aWriteOnlyTableBelowTheTriggerIsFine() {
    List<Finding> findings = analyzer.analyze(table(true, 3, noCompactionIn(40)));

    assertThat(findings)
        .extracting(Finding::code)
        .containsExactly("table.compaction.ok", "table.compaction.buckets");
  }

  @Test
  void filesInBucketPostponeAwaitPaimonsPostponeCompactionAndNeverStallAWriter() {
    BucketFiles postponed = new BucketFiles("dt=2024-01-01", -2, 12, 12, 12, 12, 12L << 20, 0);
    BucketFiles compacted = new BucketFiles("dt=2024-01-01", 0, 1, 0, 1, 0, 200L << 20, 5);

    List<Finding> findings = analyzer.analyze(table(List.of(postponed, compacted), false, false));

    assertThat(findings)
        .extracting(Finding::code)
        .doesNotContain(
            "table.compaction.stalled",
            "table.compaction.backlog",
            "table.compaction.small-files",
            "table.compaction.ok");
    Finding p = only(findings, "table.compaction.postponed");
    assertThat(p.severity()).isEqualTo(Severity.WARN);
    assertThat(p.evidence())
        .containsEntry("postponedFiles", "12")
        .containsEntry("worstBucket", "dt=2024-01-01/bucket-postpone")
        .containsEntry("worstPartitionSpec", "dt=2024-01-01")
        .containsEntry("writersStall", "false");
  }

  @Test
  void levelZeroFilesBelowTheTriggerAreHiddenOnlyWhereReadersSkipLevelZero() {
    BucketFiles bucket = new BucketFiles("dt=2024-01-01", 0, 3, 2, 3, 0, 400L << 20, 5);

    List<Finding> hidden = analyzer.analyze(table(List.of(bucket), true, true));
    List<Finding> visible = analyzer.analyze(table(List.of(bucket), true, false));

    Finding h = only(hidden, "table.compaction.level0-hidden");
    assertThat(h.severity()).isEqualTo(Severity.WARN);
    assertThat(h.evidence())
        .containsEntry("hiddenLevel0Files", "2")
        .containsEntry("worstPartitionSpec", "dt=2024-01-01")
        .containsEntry("level0Visible", "false");
    assertThat(h.summary()).contains("write-only");
    assertThat(hidden).extracting(Finding::code).doesNotContain("table.compaction.ok");
    assertThat(visible)
        .extracting(Finding::code)
        .containsExactly("table.compaction.ok", "table.compaction.buckets");
  }

  @Test
  void aBacklogOnATableWhoseReadersSkipLevelZeroSaysItsRowsAreNotVisible() {
    BucketFiles bucket = new BucketFiles("dt=2024-01-01", 0, 6, 6, 6, 0, 600L << 20, 0);

    Finding backlog =
        only(analyzer.analyze(table(List.of(bucket), false, true)), "table.compaction.backlog");
    Finding plain =
        only(analyzer.analyze(table(List.of(bucket), false, false)), "table.compaction.backlog");

    assertThat(backlog.summary()).contains("6 level-0 files are not visible until compacted");
    assertThat(plain.summary()).doesNotContain("not visible");
  }
}
