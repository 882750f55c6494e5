package dev.lakeops.agent.console.picture;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakeops.agent.console.ConsoleTexts;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;

class SvgTest {

  /** Parses {@code svg} as XML, failing the test when it is not well-formed. */
  static Document parse(String svg) throws Exception {
    DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
    f.setNamespaceAware(true);
    f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
    return f.newDocumentBuilder()
        .parse(new ByteArrayInputStream(svg.getBytes(StandardCharsets.UTF_8)));
  }

  @Test
  void namesWithMarkupStayText() throws Exception {
    String evil = "<script>alert(1)</script>\"' onload=\"x\" &amp;";
    String svg =
        new Svg(200, 100, evil)
            .group(evil)
            .rect(0, 0, 10, 10, "#fff", "#000", 1, evil)
            .text(5, 5, evil, "start", "#000", 200)
            .end()
            .toSvg();

    Document d = parse(svg);

    assertThat(d.getElementsByTagName("script").getLength()).isZero();
    assertThat(d.getDocumentElement().getAttribute("aria-label")).isEqualTo(evil);
    assertThat(d.getDocumentElement().getAttributes().getNamedItem("onload")).isNull();
    assertThat(d.getElementsByTagName("text").item(0).getTextContent()).isEqualTo(evil);
    assertThat(d.getElementsByTagName("title").item(0).getTextContent()).isEqualTo(evil);
  }

  @Test
  void aPictureScalesToThePageButNotBelowSeventyPercentOfItsSize() throws Exception {
    Document wide = parse(new Svg(1000, 200, "wide").toSvg());
    Document odd = parse(new Svg(333, 100, "odd").toSvg());

    assertThat(wide.getDocumentElement().getAttribute("viewBox")).isEqualTo("0 0 1000 200");
    assertThat(wide.getDocumentElement().getAttribute("width")).isEqualTo("100%");
    assertThat(wide.getDocumentElement().getAttribute("style")).isEqualTo("min-width:700px");
    // rounded up: 233.1 px would draw the text below 70 %
    assertThat(odd.getDocumentElement().getAttribute("style")).isEqualTo("min-width:234px");
  }

  @Test
  void controlCharactersDoNotBreakTheXml() throws Exception {
    String svg = new Svg(10, 10, "a\u0001b").text(0, 0, "c\u0000d", "start", "#000", 10).toSvg();

    assertThat(parse(svg).getElementsByTagName("text").item(0).getTextContent())
        .isEqualTo("c\uFFFDd");
  }

  @Test
  void longTextIsCutAndWholeOnHover() throws Exception {
    String name = "a-very-long-vertex-name-that-does-not-fit";
    Document d = parse(new Svg(10, 10, "x").text(0, 0, name, "middle", "#000", 10).toSvg());

    assertThat(d.getElementsByTagName("title").item(0).getTextContent()).isEqualTo(name);
    assertThat(d.getElementsByTagName("text").item(0).getTextContent())
        .isEqualTo(name + "a-very-lo…");
  }

  @Test
  void refusesWhatWouldBeBrokenSvg() {
    assertThatThrownBy(() -> new Svg(0, 10, "x")).hasMessageContaining("0x10");
    assertThatThrownBy(() -> new Svg(10, 10, "x").group(null).toSvg())
        .hasMessageContaining("1 group(s) left open");
    assertThatThrownBy(() -> new Svg(10, 10, "x").end()).hasMessageContaining("no open group");
    assertThatThrownBy(() -> new Svg(10, 10, "x").rect(Double.NaN, 0, 1, 1, "#000", null, 0, null))
        .hasMessageContaining("not a finite coordinate");
    assertThatThrownBy(() -> new Svg(10, 10, "x").polyline(new double[] {1, 2, 3}, "#000", 1, null))
        .hasMessageContaining("x,y pairs");
  }

  @Test
  void numbersAreWrittenWithoutExponents() {
    assertThat(Svg.num(3)).isEqualTo("3");
    assertThat(Svg.num(2.345)).isEqualTo("2.35");
    assertThat(Svg.num(1e-9)).isEqualTo("0.00");
  }

  @Test
  void aFailingSourceIsLeftOutAndTheOthersStay() {
    PictureSource broken =
        (r, t) -> {
          throw new IllegalStateException("boom");
        };
    PictureSource fine = (r, t) -> List.of(new Picture("p", "P", "alt", "<svg/>"));

    List<Picture> pictures =
        IncidentPictures.of(
            TriageReportsForTests.any(), ConsoleTexts.of("en", null), List.of(broken, fine));

    assertThat(pictures).extracting(Picture::id).containsExactly("p");
    assertThat(IncidentPictures.of(null, ConsoleTexts.of("en", null))).isEmpty();
  }
}
