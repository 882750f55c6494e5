package dev.lakeops.tools.table;

import dev.lakeops.tools.Finding;
import dev.lakeops.tools.Severity;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Judges the files per bucket against the compaction options (pure):
 *
 * <ul>
 *   <li>{@code table.compaction.stalled} (CRITICAL, primary-key tables that are not write-only): a
 *       bucket holds at least {@code num-sorted-run.stop-trigger} sorted runs; its writer stalls on
 *       the next flush until compaction catches up (Paimon waits while runs exceed the stop
 *       trigger);
 *   <li>{@code table.compaction.backlog} (WARN, primary-key tables): at least {@code
 *       num-sorted-run.compaction-trigger} sorted runs: compaction is behind, reads merge more
 *       runs. On a {@code write-only} table every bucket at the trigger is a backlog, never a stall
 *       ({@link WriteOnlyBacklog}): its writers do not compact and do not wait, and the finding
 *       says whether any compaction runs at all (CRITICAL at the stop trigger);
 *   <li>{@code table.compaction.postponed} (WARN, postpone-bucket tables, {@code bucket=-2}): files
 *       in {@code bucket-postpone}, which readers do not see and writers never compact or stall on,
 *       until Paimon's postpone compaction job assigns them buckets; such files never count as a
 *       stall or backlog;
 *   <li>{@code table.compaction.level0-hidden} (WARN, tables whose readers skip level 0: deletion
 *       vectors or first-row): level-0 files below the compaction trigger, whose rows are not
 *       visible until a compaction moves them up (the worst as {@code worstBucket} and {@code
 *       worstPartitionSpec}); at the trigger the stall and backlog findings say the same;
 *   <li>{@code table.compaction.small-files} (WARN): buckets with at least {@code
 *       compaction.min.file-num} files below 70 % of {@code target-file-size} (the worst as {@code
 *       worstBucket} and {@code worstPartitionSpec});
 *   <li>{@code table.compaction.ok} (OK): none of these;
 *   <li>{@code table.compaction.buckets} (INFO): the busiest buckets with their figures.
 * </ul>
 *
 * One finding per stalled or backlogged bucket (the worst first, at most {@link
 * #MAX_BUCKET_FINDINGS}). The buckets finding also carries the bytes of the largest buckets ({@code
 * size <bucket>}, at most {@link #MAX_SIZED_BUCKETS}) and of the rest together ({@code
 * sizeOtherBuckets}, {@code sizeOtherBytes}), so that a skewed bucket shows without listing every
 * bucket.
 */
public final class CompactionBacklogAnalyzer {

  static final int MAX_BUCKET_FINDINGS = 10;
  static final int MAX_LISTED_BUCKETS = 20;
  static final int MAX_SIZED_BUCKETS = 48;

  public List<Finding> analyze(CompactionBacklogSnapshot s) {
    String table = "table " + s.table();
    List<String> sources = List.of(s.location() + "/snapshot/snapshot-" + s.snapshotId());
    List<Finding> findings = new ArrayList<>();
    List<BucketFiles> worst =
        s.buckets().stream()
            .filter(b -> !b.postponed())
            .sorted(
                Comparator.comparingInt(BucketFiles::sortedRuns)
                    .reversed()
                    .thenComparing(BucketFiles::name))
            .toList();
    if (s.primaryKeyTable() && s.writeOnly()) {
      findings.addAll(WriteOnlyBacklog.findings(s, worst, table, sources));
    } else if (s.primaryKeyTable()) {
      List<BucketFiles> stalled =
          worst.stream().filter(b -> b.sortedRuns() >= s.stopTrigger()).toList();
      List<BucketFiles> backlog =
          worst.stream()
              .filter(
                  b -> b.sortedRuns() >= s.compactionTrigger() && b.sortedRuns() < s.stopTrigger())
              .toList();
      for (BucketFiles b : stalled.subList(0, Math.min(MAX_BUCKET_FINDINGS, stalled.size()))) {
        findings.add(
            new Finding(
                Severity.CRITICAL,
                "table.compaction.stalled",
                table + " " + b.name(),
                b.name()
                    + " holds "
                    + b.sortedRuns()
                    + " sorted runs ("
                    + b.level0Files()
                    + " level-0 files), at or above "
                    + "num-sorted-run.stop-trigger "
                    + s.stopTrigger()
                    + ": its writer stalls until compaction catches up."
                    + hiddenNote(s, b),
                bucketEvidence(s, b, stalled.size()),
                sources));
      }
      for (BucketFiles b : backlog.subList(0, Math.min(MAX_BUCKET_FINDINGS, backlog.size()))) {
        findings.add(
            new Finding(
                Severity.WARN,
                "table.compaction.backlog",
                table + " " + b.name(),
                b.name()
                    + " holds "
                    + b.sortedRuns()
                    + " sorted runs ("
                    + b.level0Files()
                    + " level-0 files), at or above "
                    + "num-sorted-run.compaction-trigger "
                    + s.compactionTrigger()
                    + " (writers stall at "
                    + s.stopTrigger()
                    + ")."
                    + hiddenNote(s, b),
                bucketEvidence(s, b, backlog.size()),
                sources));
      }
    }
    findings.addAll(postponed(s, table, sources));
    if (s.levelZeroHidden()) {
      findings.addAll(hiddenLevelZero(s, worst, table, sources));
    }
    List<BucketFiles> smallBuckets =
        s.buckets().stream()
            .filter(b -> !b.postponed())
            .filter(b -> b.smallFiles() >= s.minSmallFiles())
            .sorted(
                Comparator.comparingInt(BucketFiles::smallFiles)
                    .reversed()
                    .thenComparing(BucketFiles::name))
            .toList();
    if (!smallBuckets.isEmpty()) {
      Map<String, String> e = options(s);
      long total = smallBuckets.stream().mapToLong(BucketFiles::smallFiles).sum();
      e.put("bucketsWithSmallFiles", Integer.toString(smallBuckets.size()));
      e.put("smallFiles", Long.toString(total));
      e.put("worstBucket", smallBuckets.get(0).name());
      e.put("worstPartitionSpec", spec(smallBuckets.get(0)));
      smallBuckets.stream().limit(MAX_LISTED_BUCKETS).forEach(b -> e.put(b.name(), figures(b)));
      findings.add(
          new Finding(
              Severity.WARN,
              "table.compaction.small-files",
              table,
              smallBuckets.size()
                  + " buckets hold at least "
                  + s.minSmallFiles()
                  + " files below "
                  + s.smallFileBytes()
                  + " bytes (70% of "
                  + "target-file-size "
                  + s.targetFileSize()
                  + "), "
                  + total
                  + " small files in all; worst "
                  + smallBuckets.get(0).name()
                  + " with "
                  + smallBuckets.get(0).smallFiles()
                  + ".",
              e,
              sources));
    }
    if (findings.isEmpty()) {
      Map<String, String> e = options(s);
      e.put("buckets", Integer.toString(s.buckets().size()));
      e.put("files", Integer.toString(s.buckets().stream().mapToInt(BucketFiles::files).sum()));
      e.put("maxSortedRuns", Integer.toString(worst.isEmpty() ? 0 : worst.get(0).sortedRuns()));
      findings.add(
          new Finding(
              Severity.OK,
              "table.compaction.ok",
              table,
              s.snapshotId() == 0
                  ? "The table has no snapshot yet."
                  : s.buckets().size()
                      + " buckets, none at the compaction trigger, none with many small files.",
              e,
              sources));
    }
    if (!worst.isEmpty()) {
      Map<String, String> e = new LinkedHashMap<>();
      e.put("snapshot", Long.toString(s.snapshotId()));
      e.put("buckets", Integer.toString(s.buckets().size()));
      e.put("num-sorted-run.compaction-trigger", Integer.toString(s.compactionTrigger()));
      e.put("num-sorted-run.stop-trigger", Integer.toString(s.stopTrigger()));
      e.put("tableType", s.primaryKeyTable() ? "primary-key" : "append");
      worst.stream().limit(MAX_LISTED_BUCKETS).forEach(b -> e.put(b.name(), figures(b)));
      sizes(worst, e);
      findings.add(
          new Finding(
              Severity.INFO,
              "table.compaction.buckets",
              table,
              "Files per bucket in snapshot "
                  + s.snapshotId()
                  + ", most sorted runs first"
                  + (worst.size() > MAX_LISTED_BUCKETS
                      ? " (first " + MAX_LISTED_BUCKETS + " of " + worst.size() + ")"
                      : "")
                  + ".",
              e,
              sources));
    }
    return findings;
  }

  /**
   * The bytes of the largest buckets, largest first, and the count and bytes of the others: bounded
   * however many buckets the table has.
   */
  private static void sizes(List<BucketFiles> buckets, Map<String, String> e) {
    List<BucketFiles> bySize =
        buckets.stream()
            .sorted(
                Comparator.comparingLong(BucketFiles::bytes)
                    .reversed()
                    .thenComparing(BucketFiles::name))
            .toList();
    long total = 0;
    long otherBytes = 0;
    for (int i = 0; i < bySize.size(); i++) {
      BucketFiles b = bySize.get(i);
      total += b.bytes();
      if (i < MAX_SIZED_BUCKETS) {
        e.put("size " + b.name(), Long.toString(b.bytes()));
      } else {
        otherBytes += b.bytes();
      }
    }
    e.put("sizeTotalBytes", Long.toString(total));
    e.put("sizeOtherBuckets", Integer.toString(Math.max(0, bySize.size() - MAX_SIZED_BUCKETS)));
    e.put("sizeOtherBytes", Long.toString(otherBytes));
  }

  /** The files of {@code bucket-postpone}, waiting for Paimon's postpone compaction. */
  private static List<Finding> postponed(
      CompactionBacklogSnapshot s, String table, List<String> sources) {
    List<BucketFiles> postponed = s.buckets().stream().filter(BucketFiles::postponed).toList();
    if (postponed.isEmpty()) {
      return List.of();
    }
    BucketFiles most =
        postponed.stream().max(Comparator.comparingInt(BucketFiles::files)).orElseThrow();
    int files = postponed.stream().mapToInt(BucketFiles::files).sum();
    Map<String, String> e = options(s);
    e.put("postponedFiles", Integer.toString(files));
    e.put("partitions", Integer.toString(postponed.size()));
    e.put("worstBucket", most.name());
    e.put("worstPartitionSpec", spec(most));
    e.put("writersStall", "false");
    e.put("compactedBy", "Paimon postpone compaction job");
    postponed.stream().limit(MAX_LISTED_BUCKETS).forEach(b -> e.put(b.name(), figures(b)));
    return List.of(
        new Finding(
            Severity.WARN,
            "table.compaction.postponed",
            table,
            files
                + " files in bucket-postpone of "
                + postponed.size()
                + " partitions (most in "
                + most.name()
                + ": "
                + most.files()
                + "): the table has bucket=-2, so its writers never compact nor stall, and readers"
                + " do not see these rows until Paimon's postpone compaction assigns them buckets.",
            e,
            sources));
  }

  /**
   * Level-0 files below the compaction trigger on a table whose readers skip level 0: its rows are
   * written but not yet visible.
   */
  private static List<Finding> hiddenLevelZero(
      CompactionBacklogSnapshot s, List<BucketFiles> worst, String table, List<String> sources) {
    List<BucketFiles> hidden =
        worst.stream()
            .filter(b -> b.level0Files() > 0 && b.sortedRuns() < s.compactionTrigger())
            .sorted(
                Comparator.comparingInt(BucketFiles::level0Files)
                    .reversed()
                    .thenComparing(BucketFiles::name))
            .toList();
    if (hidden.isEmpty()) {
      return List.of();
    }
    int files = hidden.stream().mapToInt(BucketFiles::level0Files).sum();
    Map<String, String> e = options(s);
    e.put("hiddenLevel0Files", Integer.toString(files));
    e.put("bucketsWithHiddenFiles", Integer.toString(hidden.size()));
    e.put("worstBucket", hidden.get(0).name());
    e.put("worstPartitionSpec", spec(hidden.get(0)));
    hidden.stream().limit(MAX_LISTED_BUCKETS).forEach(b -> e.put(b.name(), figures(b)));
    return List.of(
        new Finding(
            Severity.WARN,
            "table.compaction.level0-hidden",
            table,
            files
                + " level-0 files in "
                + hidden.size()
                + " buckets are not visible to readers yet (worst "
                + hidden.get(0).name()
                + " with "
                + hidden.get(0).level0Files()
                + "): readers of this table skip level 0 (deletion vectors or first-row) until a"
                + " compaction moves the files up"
                + (s.writeOnly()
                    ? "; the table is write-only, so only a dedicated compaction job does."
                    : "."),
            e,
            sources));
  }

  static Map<String, String> bucketEvidence(
      CompactionBacklogSnapshot s, BucketFiles b, int affected) {
    Map<String, String> e = new LinkedHashMap<>();
    e.put("partition", b.partition());
    e.put("partitionSpec", spec(b));
    e.put("bucket", Integer.toString(b.bucket()));
    e.put("sortedRuns", Integer.toString(b.sortedRuns()));
    e.put("level0Files", Integer.toString(b.level0Files()));
    e.put("files", Integer.toString(b.files()));
    e.put("smallFiles", Integer.toString(b.smallFiles()));
    e.put("bytes", Long.toString(b.bytes()));
    e.putAll(options(s));
    e.put("bucketsAffected", Integer.toString(affected));
    return e;
  }

  static Map<String, String> options(CompactionBacklogSnapshot s) {
    Map<String, String> e = new LinkedHashMap<>();
    e.put("snapshot", Long.toString(s.snapshotId()));
    e.put("num-sorted-run.compaction-trigger", Integer.toString(s.compactionTrigger()));
    e.put("num-sorted-run.stop-trigger", Integer.toString(s.stopTrigger()));
    e.put("target-file-size", Long.toString(s.targetFileSize()));
    e.put("smallFileBytes", Long.toString(s.smallFileBytes()));
    e.put("write-only", Boolean.toString(s.writeOnly()));
    e.put("tableType", s.primaryKeyTable() ? "primary-key" : "append");
    e.put("level0Visible", Boolean.toString(!s.levelZeroHidden()));
    return e;
  }

  static String hiddenNote(CompactionBacklogSnapshot s, BucketFiles b) {
    return s.levelZeroHidden() && b.level0Files() > 0
        ? " Readers of this table skip level 0, so the rows of its "
            + b.level0Files()
            + " level-0 files are not visible until compacted."
        : "";
  }

  /**
   * The bucket's partition as {@code key=value[,key=value]}, the form actions and tools take; empty
   * if unpartitioned.
   */
  private static String spec(BucketFiles b) {
    return b.partition().replace('/', ',');
  }

  private static String figures(BucketFiles b) {
    return "files="
        + b.files()
        + " level0="
        + b.level0Files()
        + " sortedRuns="
        + b.sortedRuns()
        + " small="
        + b.smallFiles()
        + " bytes="
        + b.bytes()
        + " maxLevel="
        + b.maxLevel();
  }
}
