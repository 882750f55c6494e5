package dev.lakeops.agent.console.picture;

import dev.lakeops.agent.console.ConsoleTexts;
import dev.lakeops.runbooks.Category;
import dev.lakeops.runbooks.TriageReport;
import dev.lakeops.tools.ToolReport;
import dev.lakeops.tools.table.BucketFiles;
import dev.lakeops.tools.table.CompactionBacklogAnalyzer;
import dev.lakeops.tools.table.CompactionBacklogSnapshot;
import dev.lakeops.tools.table.CompactionHistory;
import dev.lakeops.tools.table.TableTools;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Render time of the table pictures at their bounds: a timeline of 2,000 snapshots and 1,000
 * buckets. A measurement, not a test: run it and copy the figures into {@code docs/benchmarks.md}
 * ("Console pictures"). Arguments: runs (default 200), after 50 warm-up runs.
 */
public final class TablePicturesBench {

  private TablePicturesBench() {}

  public static void main(String[] args) {
    int runs = args.length > 0 ? Integer.parseInt(args[0]) : 200;
    ConsoleTexts en = ConsoleTexts.of("en", null);
    TriageReport timeline =
        SnapshotTimelinePicturesTest.withRollbackTo(
            TablePictureIncidents.timeline("db.big", 2000), 1000);
    TriageReport buckets =
        TriageReportsForTests.of(Category.COMPACTION_BACKLOG, List.of(buckets(1000)));
    measure(
        "snapshot timeline, 2,000 snapshots",
        runs,
        () -> new SnapshotTimelinePictures().draw(timeline, en));
    measure(
        "bucket sizes + sorted runs, 1,000 buckets",
        runs,
        () -> new BucketPictures().draw(buckets, en));
  }

  private static void measure(String what, int runs, Supplier<List<Picture>> draw) {
    int size = 0;
    for (int i = 0; i < 50; i++) {
      size = draw.get().stream().mapToInt(p -> p.svg().length()).sum();
    }
    double[] ms = new double[runs];
    for (int i = 0; i < runs; i++) {
      long t0 = System.nanoTime();
      draw.get();
      ms[i] = (System.nanoTime() - t0) / 1e6;
    }
    Arrays.sort(ms);
    System.out.printf(
        "%s: median %.2f ms, p90 %.2f ms, max %.2f ms over %d runs; SVG %d characters%n",
        what, ms[runs / 2], ms[(int) (runs * 0.9)], ms[runs - 1], runs, size);
  }

  private static ToolReport buckets(int n) {
    List<BucketFiles> files = new ArrayList<>();
    for (int b = 0; b < n; b++) {
      files.add(new BucketFiles("dt=2024-01-01", b, 9, 6, 9, 0, (b % 97 + 1) * (1L << 20), 5));
    }
    CompactionBacklogSnapshot s =
        new CompactionBacklogSnapshot(
            "db.wide",
            "/lake/t",
            40,
            true,
            5,
            8,
            128L << 20,
            (long) ((128L << 20) * 0.7),
            5,
            false,
            files,
            new CompactionHistory(1_800_000_000_000L, 0, -1, 40),
            false);
    return new ToolReport(
        ToolReport.Status.OK,
        TableTools.COMPACTION_BACKLOG,
        Map.of("table", "db.wide", "location", "/lake/t"),
        new CompactionBacklogAnalyzer().analyze(s),
        null);
  }
}
