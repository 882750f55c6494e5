package dev.lakeops.agent.console.picture;

import static dev.lakeops.agent.console.picture.FlinkPicturesTest.EN;
import static dev.lakeops.agent.console.picture.FlinkPicturesTest.ZH;
import static dev.lakeops.agent.console.picture.FlinkPicturesTest.texts;
import static dev.lakeops.agent.console.picture.FlinkPicturesTest.titlesOf;
import static dev.lakeops.agent.console.picture.FlinkPicturesTest.withAttribute;
import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.runbooks.TriageReport;
import dev.lakeops.tools.Finding;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;

/** The Kafka lag pictures, drawn from what the real lag analyzer found. */
class KafkaLagPictureTest {

  private final KafkaLagPicture source = new KafkaLagPicture();

  @Test
  void drawsLagPerPartitionLargestFirstAndTheTotalOverTheWindow() throws Exception {
    TriageReport report = KafkaReportsForTests.lag("orders", "lake-sink", 3, 4, false);
    List<Picture> pictures = source.draw(report, EN);

    assertThat(pictures).extracting(Picture::id).containsExactly("kafka-lag", "kafka-lag-trend");
    Document bars = SvgTest.parse(pictures.get(0).svg());
    // After 4 probes: end 1000 + 100 (p + 1) * 4, committed 1150.
    assertThat(titlesOf(bars))
        .containsExactly("orders-2: lag 1050", "orders-1: lag 650", "orders-0: lag 250");
    assertThat(texts(bars)).contains("#2", "#1", "#0", "1050");
    assertThat(pictures.get(0).alt()).contains("lag 1950 over 3 partitions", "orders-2 with 1050");

    Document trend = SvgTest.parse(pictures.get(1).svg());
    assertThat(trend.getElementsByTagName("polyline").getLength()).isEqualTo(1);
    assertThat(titlesOf(trend))
        .containsExactly(
            "after 0 s: total lag 600",
            "after 20 s: total lag 1050",
            "after 40 s: total lag 1500",
            "after 60 s: total lag 1950");
    assertThat(pictures.get(1).alt()).contains("from 600 to 1950 over 60 s (4 probes)");
  }

  @Test
  void anOpenTransactionShowsTheLastStableOffsetBelowTheHighWatermark() throws Exception {
    List<Picture> pictures =
        source.draw(KafkaReportsForTests.lag("orders", "lake-sink", 2, 2, true), EN);

    Picture lso =
        pictures.stream().filter(p -> p.id().equals("kafka-lso")).findFirst().orElseThrow();
    Document d = SvgTest.parse(lso.svg());
    assertThat(withAttribute(d, "rect", "fill", KafkaLagPicture.HELD_FILL)).hasSize(2);
    assertThat(titlesOf(d))
        .contains("40 records held by an open transaction (last stable 1160, high watermark 1200)");
    assertThat(texts(d)).contains("orders-0");
    assertThat(lso.alt())
        .contains("orders-0: committed 1050, last stable 1160, high watermark 1200.");
  }

  @Test
  void aThousandPartitionsAreTheLargest60AndOneOthersBar() throws Exception {
    TriageReport report = KafkaReportsForTests.lag("wide", "g", 1_000, 2, false);
    Finding status = report.tools().get(0).findings().get(0);
    assertThat(status.evidence().get("lagByPartition").split(" ")).hasSize(60);
    assertThat(status.evidence()).containsEntry("lagOthers", "partitions=940 lag=" + othersLag());

    Picture bars = source.draw(report, EN).get(0);
    Document d = SvgTest.parse(bars.svg());
    assertThat(withAttribute(d, "rect", "fill", KafkaLagPicture.LAG_FILL)).hasSize(60);
    assertThat(withAttribute(d, "rect", "fill", KafkaLagPicture.OTHERS_FILL)).hasSize(1);
    assertThat(titlesOf(d)).contains("940 other partitions: lag " + othersLag());
    assertThat(bars.alt()).contains("over 1000 partitions");
    assertThat(bars.svg().length()).isLessThan(30_000);
  }

  /** Partitions 0..939 after 2 probes: 1000 + 200 (p + 1) - 1050 each. */
  private static long othersLag() {
    long sum = 0;
    for (int p = 0; p < 940; p++) {
      sum += 200L * (p + 1) - 50;
    }
    return sum;
  }

  @Test
  void aTopicNamedWithMarkupStaysText() throws Exception {
    String evil = "<script>alert(1)</script> x=y";
    List<Picture> pictures =
        source.draw(KafkaReportsForTests.lag(evil, "<b>g</b>", 1, 2, true), EN);

    for (Picture p : pictures) {
      Document d = SvgTest.parse(p.svg());
      assertThat(d.getElementsByTagName("script").getLength()).isZero();
      assertThat(d.getElementsByTagName("b").getLength()).isZero();
      assertThat(p.svg()).doesNotContain("<script");
    }
    assertThat(titlesOf(SvgTest.parse(pictures.get(0).svg())))
        .containsExactly(evil + "-0: lag 110");
    assertThat(pictures.get(0).title()).contains("<b>g</b>");
  }

  @Test
  void drawsNothingWithoutLagEvidenceAndSkipsWhatItCannotRead() {
    assertThat(source.draw(TriageReportsForTests.any(), EN)).isEmpty();
    assertThat(source.draw(FlinkReportsForTests.backpressured("slow"), EN)).isEmpty();
    List<Picture> odd =
        source.draw(
            FlinkPicturesTest.report(
                "kafka.lag.growing",
                Map.of(
                    "lagByPartition", "a=x b c=-3", "totalLagTrend", "1>2", "sampleSeconds", "0")),
            EN);
    assertThat(odd).isEmpty();
  }

  @Test
  void labelsAreInSimplifiedChinese() {
    List<Picture> pictures = source.draw(KafkaReportsForTests.lag("orders", "g", 2, 2, true), ZH);

    assertThat(pictures).extracting(Picture::title).allSatisfy(t -> assertThat(t).contains("消费组"));
    assertThat(pictures.get(0).alt()).contains("积压");
  }
}
