package dev.lakeops.agent.console.picture;

import static dev.lakeops.agent.console.picture.SnapshotTimelinePicturesTest.EN;
import static dev.lakeops.agent.console.picture.SnapshotTimelinePicturesTest.elements;
import static dev.lakeops.agent.console.picture.SnapshotTimelinePicturesTest.titles;
import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.runbooks.Category;
import dev.lakeops.runbooks.TriageReport;
import dev.lakeops.tools.ToolReport;
import dev.lakeops.tools.table.BucketFiles;
import dev.lakeops.tools.table.CompactionBacklogAnalyzer;
import dev.lakeops.tools.table.CompactionBacklogSnapshot;
import dev.lakeops.tools.table.CompactionHistory;
import dev.lakeops.tools.table.TableLocator;
import dev.lakeops.tools.table.TableTools;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;

/** Bucket sizes and sorted runs against the stall trigger, on real triages and analyzer output. */
class BucketPicturesTest {

  @TempDir Path warehouse;

  private final BucketPictures source = new BucketPictures();

  @Test
  void aBacklogShowsTheBucketSizesAndTheSortedRunsAgainstTheStopTrigger() throws Exception {
    TriageReport report = TablePictureIncidents.backlog(warehouse);
    assertThat(report.runbook()).isEqualTo("table-small-files");

    List<Picture> pictures = source.draw(report, EN);

    assertThat(pictures).extracting(Picture::id).containsExactly("table-buckets", "table-level0");
    Document sizes = SvgTest.parse(pictures.get(0).svg());
    assertThat(titles(sizes))
        .anySatisfy(t -> assertThat(t).startsWith("dt=2024-01-01/bucket-").contains(" bytes)"))
        .anySatisfy(t -> assertThat(t).startsWith("dt=2024-01-02/bucket-"))
        .anySatisfy(t -> assertThat(t).startsWith("mean "));
    assertThat(pictures.get(0).alt()).contains("of table db.events").contains("the largest");
    Document runs = SvgTest.parse(pictures.get(1).svg());
    assertThat(titles(runs))
        .contains("stop trigger 5: writers stall", "compaction trigger 3")
        .anySatisfy(
            t ->
                assertThat(t)
                    .startsWith("dt=2024-01-01/bucket-")
                    .contains(": 6 sorted runs, 6 level-0 files"));
    assertThat(pictures.get(1).svg()).contains("#feb2b2");
    assertThat(pictures.get(1).alt()).contains("stop trigger 5").contains("at the stop trigger");
  }

  @Test
  void aThousandBucketsDrawTheLargestAndTheOthersAsOneBarWithTheSkewedOneInRed() throws Exception {
    List<BucketFiles> buckets = new ArrayList<>();
    for (int b = 0; b < 1000; b++) {
      buckets.add(new BucketFiles("", b, 2, 1, 2, 0, b == 417 ? 50L << 30 : 100L << 20, 5));
    }
    ToolReport backlog = analyzed(buckets, "db.wide");

    List<Picture> pictures =
        source.draw(TriageReportsForTests.of(Category.COMPACTION_BACKLOG, List.of(backlog)), EN);

    Document sizes = SvgTest.parse(pictures.get(0).svg());
    assertThat(elements(sizes)).isLessThan(200);
    assertThat(titles(sizes))
        .contains("bucket-417: 50.0 GiB (" + (50L << 30) + " bytes)")
        .anySatisfy(t -> assertThat(t).startsWith("952 other buckets, mean: 100.0 MiB"));
    assertThat(pictures.get(0).svg()).contains("#e53e3e");
    assertThat(pictures.get(0).alt()).contains("1000 buckets").contains("bucket-417");
  }

  @Test
  void axisLabelsKeepThePartitionValuesAndTheBucket() {
    assertThat(BucketPictures.shortName("dt=2024-01-01/hr=03/bucket-7"))
        .isEqualTo("2024-01-01/03/b7");
    assertThat(BucketPictures.shortName("bucket-0")).isEqualTo("b0");
    assertThat(BucketPictures.shortName("bucket-postpone")).isEqualTo("bpostpone");
  }

  @Test
  void bucketNamesWithMarkupStayText() throws Exception {
    String evil = "dt=<script>alert(1)</script>";
    ToolReport backlog =
        analyzed(List.of(new BucketFiles(evil, 0, 9, 9, 9, 0, 1 << 20, 0)), "<b>db.t</b>");

    List<Picture> pictures =
        source.draw(TriageReportsForTests.of(Category.COMPACTION_BACKLOG, List.of(backlog)), EN);

    assertThat(pictures).hasSize(2);
    for (Picture p : pictures) {
      Document svg = SvgTest.parse(p.svg());
      assertThat(svg.getElementsByTagName("script").getLength()).isZero();
      assertThat(svg.getElementsByTagName("b").getLength()).isZero();
      assertThat(titles(svg)).anySatisfy(t -> assertThat(t).startsWith(evil + "/bucket-0"));
    }
  }

  @Test
  void anAppendTableHasSizesButNoSortedRunsPicture() {
    var t = TablePictureIncidents.payments(warehouse, "payments");
    for (int c = 1; c <= 3; c++) {
      TablePictureIncidents.commit(t, "job", c, TablePictureIncidents.payments(c, c));
    }
    ToolReport backlog =
        new TableTools(TableLocator.local(warehouse)).compactionBacklog("db.payments", null);

    List<Picture> pictures =
        source.draw(TriageReportsForTests.of(Category.NO_FAULT, List.of(backlog)), EN);

    assertThat(pictures).extracting(Picture::id).containsExactly("table-buckets");
  }

  @Test
  void aReportWithoutBucketsDrawsNothing() {
    ToolReport missing =
        new TableTools(TableLocator.local(warehouse)).compactionBacklog("db.nope", null);
    ToolReport noBuckets =
        new ToolReport(
            ToolReport.Status.OK, TableTools.COMPACTION_BACKLOG, Map.of(), List.of(), null);

    assertThat(source.draw(TriageReportsForTests.any(), EN)).isEmpty();
    assertThat(
            source.draw(
                TriageReportsForTests.of(Category.NO_FAULT, List.of(missing, noBuckets)), EN))
        .isEmpty();
  }

  /** The compaction backlog analyzer's report on {@code buckets} (triggers 5 and 8). */
  private static ToolReport analyzed(List<BucketFiles> buckets, String table) {
    CompactionBacklogSnapshot s =
        new CompactionBacklogSnapshot(
            table,
            "/lake/t",
            40,
            true,
            5,
            8,
            128L << 20,
            (long) ((128L << 20) * 0.7),
            5,
            false,
            buckets,
            new CompactionHistory(1_800_000_000_000L, 0, -1, 40),
            false);
    return new ToolReport(
        ToolReport.Status.OK,
        TableTools.COMPACTION_BACKLOG,
        Map.of("table", table, "location", "/lake/t"),
        new CompactionBacklogAnalyzer().analyze(s),
        null);
  }
}
