package dev.lakeops.agent.console.picture;

import static dev.lakeops.agent.console.picture.FlinkReportsForTests.completed;
import static dev.lakeops.agent.console.picture.FlinkReportsForTests.expired;
import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.agent.console.ConsoleTexts;
import dev.lakeops.runbooks.Category;
import dev.lakeops.runbooks.TriageReport;
import dev.lakeops.tools.Finding;
import dev.lakeops.tools.Severity;
import dev.lakeops.tools.ToolReport;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/** The Flink pictures, drawn from what the real analyzers found. */
class FlinkPicturesTest {

  static final ConsoleTexts EN = ConsoleTexts.of("en", null);
  static final ConsoleTexts ZH = ConsoleTexts.of("zh-CN", null);

  @Test
  void theJobGraphOutlinesAndNamesTheBottleneck() throws Exception {
    Picture p =
        only(new FlinkGraphPicture().draw(FlinkReportsForTests.backpressured("slow-lookup"), EN));
    Document d = SvgTest.parse(p.svg());

    assertThat(p.id()).isEqualTo("flink-graph");
    List<Element> outlined =
        withAttribute(d, "rect", "stroke", FlinkGraphPicture.BOTTLENECK_STROKE);
    assertThat(outlined).anySatisfy(r -> assertThat(r.getAttribute("stroke-width")).isEqualTo("4"));
    Element bottleneck =
        outlined.stream().filter(r -> r.getAttribute("stroke-width").equals("4")).findFirst().get();
    String groupTitle = firstChild((Element) bottleneck.getParentNode(), "title").getTextContent();
    assertThat(groupTitle).contains("slow-lookup", "busy 995 ms/s", "backpressured 0 ms/s");
    assertThat(texts(d)).contains("slow-lookup", "bottleneck", "Source: orders", "Sink: out");
    assertThat(p.alt()).contains("4 vertices", "3 edges", "Bottleneck: 'slow-lookup'", "enrich");
    // Three edges, one arrow head each.
    assertThat(d.getElementsByTagName("polygon").getLength()).isEqualTo(3);
  }

  @Test
  void theJobGraphColoursBackpressuredBusyAndIdleVerticesApart() throws Exception {
    Document d =
        SvgTest.parse(
            only(new FlinkGraphPicture().draw(FlinkReportsForTests.backpressured("slow"), EN))
                .svg());

    String source = fillOfVertex(d, "Source: orders");
    String slow = fillOfVertex(d, "slow");
    String sink = fillOfVertex(d, "Sink: out");
    assertThat(List.of(source, slow, sink)).doesNotHaveDuplicates();
    // Backpressured is grey (r = g = b), busy red (r dominant), idle blue (b dominant).
    assertThat(source.substring(1, 3)).isEqualTo(source.substring(3, 5));
    assertThat(Integer.parseInt(slow.substring(1, 3), 16))
        .isGreaterThan(Integer.parseInt(slow.substring(3, 5), 16));
    assertThat(Integer.parseInt(sink.substring(5, 7), 16))
        .isGreaterThan(Integer.parseInt(sink.substring(1, 3), 16));
  }

  @Test
  void theJobGraphMarksTheHotSubtasksOfASkewedBottleneck() throws Exception {
    Document d =
        SvgTest.parse(only(new FlinkGraphPicture().draw(FlinkReportsForTests.keySkew(), EN)).svg());

    List<Element> hot = withAttribute(d, "rect", "fill", FlinkGraphPicture.HOT_FILL);
    List<String> titles = new ArrayList<>();
    for (Element r : hot) {
      Element t = firstChild(r, "title");
      if (t != null) {
        titles.add(t.getTextContent());
      }
    }
    assertThat(titles).containsExactly("subtask 1: busy 999 ms/s (hot)");
    assertThat(titlesOf(d)).contains("subtask 0: busy 40 ms/s", "subtask 2: busy 35 ms/s");
  }

  @Test
  void namesWithMarkupStayTextInTheGraph() throws Exception {
    String evil = "<script>alert(1)</script><svg onload=alert(2)>";
    Picture p = only(new FlinkGraphPicture().draw(FlinkReportsForTests.backpressured(evil), EN));
    Document d = SvgTest.parse(p.svg());

    assertThat(d.getElementsByTagName("script").getLength()).isZero();
    assertThat(d.getElementsByTagNameNS("*", "svg").getLength()).isEqualTo(1);
    assertThat(p.svg()).doesNotContain("<script").contains("&lt;script&gt;");
    assertThat(titlesOf(d)).anySatisfy(t -> assertThat(t).startsWith(evil));
  }

  @Test
  void aJobOf200VerticesDrawsTheFirst40AndOneBoxForTheRest() throws Exception {
    TriageReport report = FlinkReportsForTests.chain(200);
    Picture p = only(new FlinkGraphPicture().draw(report, EN));
    Document d = SvgTest.parse(p.svg());

    assertThat(texts(d)).contains("+160 more");
    assertThat(titlesOf(d))
        .anySatisfy(t -> assertThat(t).contains("the bottleneck 'op-198' is among them"));
    assertThat(d.getElementsByTagName("polygon").getLength()).isEqualTo(39);
    assertThat(p.alt()).contains("200 vertices");
    assertThat(p.svg().length()).isLessThan(60_000);
    // The evidence itself stays bounded: 40 vertices listed of 200.
    Finding bottleneck = report.tools().get(0).findings().get(0);
    assertThat(bottleneck.evidence())
        .containsEntry("graph.vertices", "200")
        .containsKey("graph.vertex[39]")
        .doesNotContainKey("graph.vertex[40]");
  }

  @Test
  void drawsNoGraphWithoutTheGraphEvidenceOrFromUnreadableEvidence() {
    assertThat(new FlinkGraphPicture().draw(TriageReportsForTests.any(), EN)).isEmpty();
    assertThat(
            new FlinkGraphPicture()
                .draw(
                    report("flink.backpressure.bottleneck", Map.of("graph.vertices", "lots")), EN))
        .isEmpty();
    // A vertex line that is not one is drawn as an unnamed vertex without metrics, not thrown on.
    List<Picture> odd =
        new FlinkGraphPicture()
            .draw(
                report(
                    "flink.backpressure.bottleneck",
                    Map.of(
                        "graph.vertices",
                        "1",
                        "graph.vertex[0]",
                        "garbage",
                        "graph.bottleneck",
                        "7")),
                EN);
    assertThat(odd).hasSize(1);
    assertThat(odd.get(0).svg()).contains("no metrics");
  }

  @Test
  void checkpointsShowEachDurationTheFailedOnesAndTheTimeout() throws Exception {
    TriageReport report =
        FlinkReportsForTests.checkpoints(
            expired(44, 3_000),
            expired(43, 15_000),
            completed(42, 30_000, 2_500),
            completed(41, 40_000, 400));
    Picture p = only(new FlinkCheckpointPicture().draw(report, EN));
    Document d = SvgTest.parse(p.svg());

    assertThat(p.id()).isEqualTo("flink-checkpoints");
    assertThat(withAttribute(d, "rect", "fill", FlinkCheckpointPicture.FAILED_FILL)).hasSize(2);
    assertThat(withAttribute(d, "rect", "fill", FlinkCheckpointPicture.COMPLETED_FILL)).hasSize(2);
    assertThat(titlesOf(d))
        .contains(
            "checkpoint 41: COMPLETED, 400 ms, triggered 40 s ago",
            "checkpoint 44: FAILED, 10 s, triggered 3 s ago");
    assertThat(texts(d)).contains("timeout 10 s", "41", "44");
    assertThat(p.alt()).contains("The last 4 checkpoints of orders-to-lake: 2 failed");
    // Oldest left: checkpoint 41 is drawn before 44.
    assertThat(p.svg().indexOf("checkpoint 41:")).isLessThan(p.svg().indexOf("checkpoint 44:"));
  }

  @Test
  void drawsNoCheckpointsWithoutHistory() {
    assertThat(new FlinkCheckpointPicture().draw(FlinkReportsForTests.checkpoints(), EN)).isEmpty();
    assertThat(
            new FlinkCheckpointPicture()
                .draw(report("flink.checkpoint.slow", Map.of("checkpointHistory", "x:y,1:2")), EN))
        .isEmpty();
  }

  @Test
  void restartsOfALoopAreMarkedOnTheTimeAxis() throws Exception {
    TriageReport report = FlinkReportsForTests.restarts(30_000, 150_000, 300_000, 420_000);
    assertThat(report.tools().get(0).findings().get(0).code()).isEqualTo("flink.restart.loop");
    Picture p = only(new FlinkRestartPicture().draw(report, EN));
    Document d = SvgTest.parse(p.svg());

    assertThat(d.getElementsByTagName("circle").getLength()).isEqualTo(4);
    assertThat(titlesOf(d)).contains("failure 30 s ago", "failure 7 min ago");
    assertThat(texts(d)).contains("4 failures in the last 10 min", "now");
    assertThat(p.alt()).contains("restart loop", "4 failures");
  }

  @Test
  void aJobThatDidNotRestartHasNoRestartPicture() {
    assertThat(new FlinkRestartPicture().draw(FlinkReportsForTests.restarts(), EN)).isEmpty();
    assertThat(
            new FlinkRestartPicture()
                .draw(
                    report("flink.restart.loop", Map.of("failuresAgoMs", "1,2", "windowMs", "0")),
                    EN))
        .isEmpty();
  }

  @Test
  void everyFlinkLabelHasASimplifiedChineseText() throws Exception {
    Picture graph = only(new FlinkGraphPicture().draw(FlinkReportsForTests.keySkew(), ZH));
    Picture restarts =
        only(
            new FlinkRestartPicture()
                .draw(FlinkReportsForTests.restarts(1_000, 60_000, 120_000), ZH));

    assertThat(texts(SvgTest.parse(graph.svg()))).contains("瓶颈", "繁忙", "反压", "空闲");
    assertThat(restarts.alt()).contains("重启循环");
    assertThat(graph.title()).contains("作业图");
  }

  @Test
  void theSourcesAreOnTheIncidentPage() {
    List<Picture> pictures =
        IncidentPictures.of(FlinkReportsForTests.backpressured("slow-lookup"), EN);
    assertThat(pictures).extracting(Picture::id).contains("flink-graph");
  }

  static TriageReport report(String code, Map<String, String> evidence) {
    Finding f = new Finding(Severity.WARN, code, "flink job j", "s", evidence, List.of());
    return TriageReportsForTests.of(
        Category.BACKPRESSURE,
        List.of(
            new ToolReport(
                ToolReport.Status.OK, "flink.backpressure", Map.of(), List.of(f), null)));
  }

  static Picture only(List<Picture> pictures) {
    assertThat(pictures).hasSize(1);
    return pictures.get(0);
  }

  static List<Element> withAttribute(Document d, String tag, String name, String value) {
    List<Element> out = new ArrayList<>();
    NodeList all = d.getElementsByTagName(tag);
    for (int i = 0; i < all.getLength(); i++) {
      Element e = (Element) all.item(i);
      if (value.equals(e.getAttribute(name))) {
        out.add(e);
      }
    }
    return out;
  }

  static Element firstChild(Element parent, String tag) {
    for (var n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
      if (n instanceof Element e && e.getTagName().equals(tag)) {
        return e;
      }
    }
    return null;
  }

  /** The text of every {@code <text>}, without hover titles. */
  static List<String> texts(Document d) {
    List<String> out = new ArrayList<>();
    NodeList all = d.getElementsByTagName("text");
    for (int i = 0; i < all.getLength(); i++) {
      Element t = (Element) all.item(i);
      StringBuilder s = new StringBuilder();
      for (var n = t.getFirstChild(); n != null; n = n.getNextSibling()) {
        if (n.getNodeType() == org.w3c.dom.Node.TEXT_NODE) {
          s.append(n.getNodeValue());
        }
      }
      out.add(s.toString());
    }
    return out;
  }

  static List<String> titlesOf(Document d) {
    List<String> out = new ArrayList<>();
    NodeList all = d.getElementsByTagName("title");
    for (int i = 0; i < all.getLength(); i++) {
      out.add(all.item(i).getTextContent());
    }
    return out;
  }

  /** The fill of the box of the vertex named {@code name}. */
  private static String fillOfVertex(Document d, String name) {
    NodeList groups = d.getElementsByTagName("g");
    for (int i = 0; i < groups.getLength(); i++) {
      Element g = (Element) groups.item(i);
      Element title = firstChild(g, "title");
      if (title != null && title.getTextContent().startsWith(name + " (")) {
        return firstChild(g, "rect").getAttribute("fill");
      }
    }
    throw new AssertionError("no vertex " + name);
  }
}
