package dev.lakeops.agent.console;

import static org.assertj.core.api.Assertions.assertThat;

import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;

/**
 * What the browser tests require of a picture on an incident page at a window width: the page
 * itself never scrolls sideways, the picture's frame fits the window, and the picture is drawn at
 * least at 70 % of its own size, so that its text stays legible; on a phone the frame scrolls
 * sideways instead of shrinking the picture.
 */
final class PictureLayout {

  /** The smallest scale of a picture (the console's {@code Svg.MIN_SCALE}). */
  static final double MIN_SCALE = 0.7;

  // the elements, outside the pictures' frames, that end right of the window or whose content
  // overflows them, for the failure message
  private static final String WIDER =
      "const w = document.documentElement.clientWidth; return [...document.querySelectorAll('body"
          + " *')].filter(e => !e.closest('figure.picture div.frame *') &&"
          + " (e.getBoundingClientRect().right > w || e.scrollWidth > e.clientWidth + 1)).slice(0,"
          + " 8).map(e => e.tagName + '#' + e.id + ' ' +"
          + " Math.round(e.getBoundingClientRect().right) + ' ' + (e.textContent ||"
          + " '').trim().slice(0, 40)).join(', ');";

  private PictureLayout() {}

  /**
   * Checks picture {@code pictureId} of the page {@code browser} shows at {@code width} px.
   *
   * @return the picture's SVG element
   */
  static WebElement assertLegible(WebDriver browser, String pictureId, int width) {
    WebElement figure = browser.findElement(By.id("picture-" + pictureId));
    WebElement frame = figure.findElement(By.cssSelector("div.frame"));
    WebElement svg = frame.findElement(By.tagName("svg"));
    long viewport = number(browser, "return document.documentElement.clientWidth;");
    assertThat(
            number(
                browser,
                "window.scrollTo(100000, window.scrollY); const x = window.scrollX;"
                    + " window.scrollTo(0, window.scrollY); return x;"))
        .as(
            "the page does not scroll sideways at %s px (with %s); wider: %s",
            width, pictureId, ((JavascriptExecutor) browser).executeScript(WIDER))
        .isZero();
    assertThat(frame.getRect().getX() + frame.getRect().getWidth())
        .as("the frame of %s fits %s px", pictureId, width)
        .isLessThanOrEqualTo((int) viewport);
    double own = Double.parseDouble(svg.getDomAttribute("viewBox").trim().split("\\s+")[2]);
    double drawn = svg.getRect().getWidth();
    assertThat(drawn)
        .as("%s (%s units wide) is drawn legibly at %s px", pictureId, own, width)
        .isGreaterThanOrEqualTo(Math.floor(own * MIN_SCALE));
    assertThat(svg.getRect().getHeight()).as("%s drawn at %s px", pictureId, width).isPositive();
    if (drawn > frame.getRect().getWidth()) {
      assertThat(number(browser, "return arguments[0].scrollWidth;", frame))
          .as("the frame of %s scrolls to the picture's end", pictureId)
          .isGreaterThanOrEqualTo((long) Math.floor(drawn));
    }
    return svg;
  }

  private static long number(WebDriver browser, String script, Object... args) {
    return ((Number) ((JavascriptExecutor) browser).executeScript(script, args)).longValue();
  }
}
