package dev.lakeops.agent.console.picture;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.agent.console.ConsoleTexts;
import dev.lakeops.runbooks.Category;
import dev.lakeops.runbooks.ProposedAction;
import dev.lakeops.runbooks.TriageReport;
import dev.lakeops.runbooks.Verdict;
import dev.lakeops.runbooks.action.RiskTier;
import dev.lakeops.tools.ToolReport;
import dev.lakeops.tools.table.TableLocator;
import dev.lakeops.tools.table.TableTools;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.NodeList;

/** The snapshot timeline on real triages of tables the engine wrote. */
class SnapshotTimelinePicturesTest {

  static final ConsoleTexts EN = ConsoleTexts.of("en", null);

  @TempDir Path warehouse;

  private final SnapshotTimelinePictures source = new SnapshotTimelinePictures();

  /** The hover titles of {@code svg}, in document order. */
  static List<String> titles(Document svg) {
    NodeList nodes = svg.getElementsByTagName("title");
    List<String> out = new ArrayList<>();
    for (int i = 0; i < nodes.getLength(); i++) {
      out.add(nodes.item(i).getTextContent());
    }
    return out;
  }

  static int elements(Document svg) {
    return svg.getElementsByTagName("*").getLength();
  }

  @Test
  void aStatelessRestartShowsTwoLanesTheReplaysMarkedAsDuplicatesAndTheRollbackTarget()
      throws Exception {
    TriageReport report = TablePictureIncidents.duplicates(warehouse, "job-a", "job-b");
    assertThat(report.runbook()).isEqualTo("table-duplicates-after-failover");

    List<Picture> pictures = source.draw(report, EN);

    assertThat(pictures).extracting(Picture::id).containsExactly("table-timeline");
    Picture p = pictures.get(0);
    Document svg = SvgTest.parse(p.svg());
    List<String> titles = titles(svg);
    assertThat(titles)
        .contains("commit user job-a: 5 snapshots", "commit user job-b: 5 snapshots")
        .anySatisfy(
            t ->
                assertThat(t)
                    .startsWith("snapshot 6 · APPEND · user job-b · identifier 1")
                    .contains("duplicated commit: the rows of snapshot 1 again")
                    .contains("new commit user"))
        .anySatisfy(
            t ->
                assertThat(t)
                    .startsWith("snapshot 10 · APPEND · user job-b")
                    .contains("the rows of snapshot 5 again"))
        .anySatisfy(
            t ->
                assertThat(t)
                    .startsWith("snapshot 5 · APPEND · user job-a")
                    .endsWith("rollback target"))
        .contains("rollback target: snapshot 5")
        .noneSatisfy(t -> assertThat(t).startsWith("snapshot 3 ·").contains("duplicated"));
    assertThat(p.alt())
        .contains("10 snapshots (1..10) of table db.payments by 2 commit user(s)")
        .contains("Duplicated commits: snapshot 6, 7, 8, 9, 10.")
        .contains("A new commit user starts at snapshot 6.")
        .contains("Proposed rollback target: snapshot 5.");
    assertThat(svg.getDocumentElement().getAttribute("aria-label")).isEqualTo(p.alt());
    assertThat(p.title()).isEqualTo("Snapshot timeline of db.payments");
  }

  @Test
  void aTableWrittenByOneWriterMarksNothing() throws Exception {
    var t = TablePictureIncidents.payments(warehouse, "payments");
    for (int c = 1; c <= 3; c++) {
      TablePictureIncidents.commit(t, "job-a", c, TablePictureIncidents.payments(c, c));
    }
    ToolReport timeline =
        new TableTools(TableLocator.local(warehouse)).commitTimeline("db.payments", 100);

    List<Picture> pictures =
        source.draw(TriageReportsForTests.of(Category.NO_FAULT, List.of(timeline)), EN);

    assertThat(pictures).hasSize(1);
    assertThat(pictures.get(0).alt()).doesNotContain("Duplicated").doesNotContain("rollback");
    assertThat(titles(SvgTest.parse(pictures.get(0).svg())))
        .noneSatisfy(x -> assertThat(x).contains("duplicated commit"));
  }

  @Test
  void commitUserAndTableNamesWithMarkupStayText() throws Exception {
    String evilA = "<script>alert(1)</script>";
    String evilB = "job-b\"><svg onload=alert(2)>";
    TriageReport report = TablePictureIncidents.duplicates(warehouse, evilA, evilB);
    // The same table under a directory whose name is markup, read by its path.
    Path markup = warehouse.resolve("<svg onload=alert(3)>");
    Files.move(warehouse.resolve("db.db").resolve("payments"), markup);
    ToolReport byPath =
        new TableTools(TableLocator.local(null)).commitTimeline(markup.toString(), 100);
    assertThat(byPath.status()).isEqualTo(ToolReport.Status.OK);

    List<Picture> pictures = new ArrayList<>(source.draw(report, EN));
    pictures.addAll(
        source.draw(TriageReportsForTests.of(Category.DUPLICATES, List.of(byPath)), EN));

    assertThat(pictures).hasSize(2);
    for (Picture p : pictures) {
      Document svg = SvgTest.parse(p.svg());
      assertThat(svg.getElementsByTagName("script").getLength()).isZero();
      assertThat(svg.getElementsByTagName("svg").getLength()).as("no nested svg").isEqualTo(1);
      assertThat(svg.getDocumentElement().getTextContent()).contains(evilA);
      assertThat(titles(svg)).contains("commit user " + evilA + ": 5 snapshots");
      assertThat(titles(svg)).contains("commit user " + evilB + ": 5 snapshots");
    }
    assertThat(pictures.get(1).title()).contains(markup.toString());
    assertThat(pictures.get(1).svg()).doesNotContain("<svg onload");
  }

  @Test
  void twoThousandSnapshotsAreBinnedByTimeWithTheMarkedOnesDrawnOneByOne() throws Exception {
    ToolReport timeline = TablePictureIncidents.timeline("db.big", 2000);
    TriageReport report = withRollbackTo(timeline, 1000);

    List<Picture> pictures = source.draw(report, EN);

    assertThat(pictures).hasSize(1);
    Document svg = SvgTest.parse(pictures.get(0).svg());
    assertThat(elements(svg)).as("aggregated, not one element per snapshot").isLessThan(1200);
    assertThat(titles(svg))
        .anySatisfy(
            t ->
                assertThat(t)
                    .startsWith("snapshot 1001 · APPEND · user job-b")
                    .contains("new commit user"))
        .anySatisfy(t -> assertThat(t).startsWith("snapshot 1000 ·").endsWith("rollback target"))
        .anySatisfy(
            t -> assertThat(t).startsWith("snapshot 2000 · COMPACT").contains("duplicated commit"))
        .anySatisfy(t -> assertThat(t).matches("\\d+ snapshots \\d+\\.\\.\\d+ \\(.*APPEND.*"))
        .noneSatisfy(t -> assertThat(t).startsWith("snapshot 500 ·"));
    assertThat(pictures.get(0).alt()).contains("2000 snapshots").contains("time bins");
  }

  @Test
  void threeHundredSnapshotsAreStillDrawnOneByOne() throws Exception {
    Document svg =
        SvgTest.parse(
            source
                .draw(
                    TriageReportsForTests.of(
                        Category.NO_FAULT, List.of(TablePictureIncidents.timeline("db.t", 300))),
                    EN)
                .get(0)
                .svg());

    assertThat(titles(svg)).anySatisfy(t -> assertThat(t).startsWith("snapshot 150 ·"));
  }

  @Test
  void aReportWithoutATimelineOrWithAFailedOrEmptyOneDrawsNothing() {
    var t = TablePictureIncidents.payments(warehouse, "empty");
    TableTools tools = new TableTools(TableLocator.local(warehouse));
    ToolReport empty = tools.commitTimeline("db.empty", 100);
    ToolReport missing = tools.commitTimeline("db.nope", 100);
    assertThat(t).isNotNull();
    assertThat(missing.status()).isEqualTo(ToolReport.Status.NO_DATA);

    assertThat(source.draw(TriageReportsForTests.any(), EN)).isEmpty();
    assertThat(
            source.draw(TriageReportsForTests.of(Category.NO_FAULT, List.of(empty, missing)), EN))
        .isEmpty();
  }

  @Test
  void theLabelsAreInChinese() {
    TriageReport report = TablePictureIncidents.duplicates(warehouse, "job-a", "job-b");

    Picture p = source.draw(report, ConsoleTexts.of("zh-CN", null)).get(0);

    assertThat(p.title()).isEqualTo("db.payments 的快照时间线");
    assertThat(p.alt()).contains("建议回滚到：快照 5");
    assertThat(p.svg()).contains("回滚目标：快照 5");
  }

  /** {@code timeline}'s report with a proposal to roll back as latest to {@code snapshot}. */
  static TriageReport withRollbackTo(ToolReport timeline, long snapshot) {
    ProposedAction rollback =
        new ProposedAction(
            "propose-rollback",
            "table.rollback_to_as_latest",
            RiskTier.REVERSIBLE,
            Map.of("table", timeline.params().get("location"), "snapshot", Long.toString(snapshot)),
            List.of(),
            "test",
            null);
    TriageReport base = TriageReportsForTests.of(Category.DUPLICATES, List.of(timeline));
    Verdict v = base.verdict();
    return base.withVerdict(
        new Verdict(
            v.category(),
            v.headline(),
            v.entities(),
            v.evidence(),
            v.confidence(),
            v.nextActions(),
            v.window(),
            List.of(rollback)));
  }
}
