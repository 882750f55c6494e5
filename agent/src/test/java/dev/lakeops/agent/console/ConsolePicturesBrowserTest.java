package dev.lakeops.agent.console;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.agent.console.picture.FlinkReportsForTests;
import dev.lakeops.agent.console.picture.KafkaReportsForTests;
import dev.lakeops.agent.incident.Incident;
import dev.lakeops.agent.incident.IncidentStatus;
import dev.lakeops.agent.incident.IncidentStore;
import dev.lakeops.runbooks.TriageReport;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import java.io.IOException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The Flink and Kafka pictures of incident pages in the system's headless Chromium (started as
 * {@link ConsoleBrowserTest} starts it): each SVG is in the DOM and legible at 1280 and at 390 px
 * ({@link PictureLayout}), and a screenshot of each page at both widths goes to {@code
 * target/screenshots/}.
 */
@QuarkusTest
@TestProfile(ConsoleProfile.class)
class ConsolePicturesBrowserTest {

  static final Path SCREENSHOTS = Path.of("target", "screenshots");

  @Inject IncidentStore incidents;

  @TestHTTPResource("/")
  URL base;

  @BeforeAll
  static void startBrowser() throws Exception {
    ConsoleBrowserTest.startBrowser();
  }

  @AfterAll
  static void stopBrowser() throws IOException {
    ConsoleBrowserTest.stopBrowser();
  }

  @Test
  void aBackpressuredJobsGraphShowsItsBottleneckAtBothWidths() throws Exception {
    String id = incident("BrowserPictureBackpressure", FlinkReportsForTests.keySkew());

    for (int width : List.of(1280, 390)) {
      WebElement svg = open(id, "flink-graph", width);
      assertThat(svg.getAttribute("innerHTML")).contains("per-shop-total", "bottleneck");
      screenshot("flink-graph", width);
    }
  }

  @Test
  void checkpointAndRestartPicturesAreOnTheirIncidentsPages() throws Exception {
    String checkpoints =
        incident(
            "BrowserPictureCheckpoints",
            FlinkReportsForTests.checkpoints(
                FlinkReportsForTests.expired(12, 4_000),
                FlinkReportsForTests.completed(11, 20_000, 2_000),
                FlinkReportsForTests.completed(10, 40_000, 500)));
    String restarts =
        incident(
            "BrowserPictureRestarts",
            FlinkReportsForTests.restarts(20_000, 140_000, 260_000, 380_000));

    for (int width : List.of(1280, 390)) {
      assertThat(open(checkpoints, "flink-checkpoints", width).getAttribute("innerHTML"))
          .contains("timeout 10 s");
      screenshot("flink-checkpoints", width);
      assertThat(open(restarts, "flink-restarts", width).getAttribute("innerHTML"))
          .contains("4 failures in the last 10 min");
      screenshot("flink-restarts", width);
    }
  }

  @Test
  void aLaggingGroupShowsItsPartitionsTrendAndOpenTransaction() throws Exception {
    String id =
        incident("BrowserPictureLag", KafkaReportsForTests.lag("orders", "lake-sink", 8, 5, true));

    for (int width : List.of(1280, 390)) {
      assertThat(open(id, "kafka-lag", width).getAttribute("innerHTML")).contains("orders-7");
      assertThat(open(id, "kafka-lag-trend", width).getAttribute("innerHTML")).contains("polyline");
      assertThat(open(id, "kafka-lso", width).getAttribute("innerHTML"))
          .contains("open transaction");
      screenshot("kafka-lag", width);
    }
  }

  @Test
  void aVertexNamedWithMarkupRunsNothingInTheBrowser() throws Exception {
    String evil =
        "<img src=x onerror=\"document.title='pwned'\"><script>document.title='pwned'</script>";
    String id = incident("BrowserPictureInjection", FlinkReportsForTests.backpressured(evil));

    WebElement svg = open(id, "flink-graph", 1280);

    assertThat(svg.findElements(By.tagName("script"))).isEmpty();
    assertThat(svg.findElements(By.tagName("img"))).isEmpty();
    assertThat(browser().getTitle()).doesNotContain("pwned");
    assertThat(browser().findElement(By.id("pictures")).getText()).contains("<img src=x");
  }

  /** An incident of alert {@code alertname} whose triage report is {@code report}. */
  private String incident(String alertname, TriageReport report) throws InterruptedException {
    String id = ConsoleFixtures.postAlert(alertname, "picture");
    Instant deadline = Instant.now().plusSeconds(30);
    // The alert's own triage runs first; the report is replaced once it has finished.
    while (incidents.find(id).map(Incident::status).orElseThrow() == IncidentStatus.TRIAGING) {
      assertThat(Instant.now()).as("triage of %s finished", id).isBefore(deadline);
      Thread.sleep(100);
    }
    incidents.update(id, i -> i.triaged(report, Instant.now()));
    return id;
  }

  /** Opens the incident at {@code width} px and returns picture {@code pictureId}'s SVG. */
  private WebElement open(String id, String pictureId, int width) {
    WebDriver browser = browser();
    browser.manage().window().setSize(new Dimension(width, 900));
    if (!browser.getCurrentUrl().contains("/console/")) {
      browser.get(url("/console/login"));
      browser.findElement(By.id("token")).sendKeys(ConsoleProfile.ALICE_TOKEN);
      browser.findElement(By.id("login")).click();
      wait(browser).until(ExpectedConditions.textToBe(By.id("user"), "alice"));
    }
    browser.get(url("/console/incidents/" + id));
    WebElement figure =
        wait(browser)
            .until(ExpectedConditions.visibilityOfElementLocated(By.id("picture-" + pictureId)));
    WebElement svg = PictureLayout.assertLegible(browser, pictureId, width);
    assertThat(figure.findElement(By.tagName("figcaption")).getText()).isNotBlank();
    return svg;
  }

  /** The whole page at {@code width} px as {@code target/screenshots/<name>-<width>.png}. */
  private void screenshot(String name, int width) throws IOException {
    WebDriver browser = browser();
    long height =
        (Long)
            ((JavascriptExecutor) browser)
                .executeScript("return document.documentElement.scrollHeight;");
    browser.manage().window().setSize(new Dimension(width, (int) Math.min(6000, height + 120)));
    byte[] png = ((TakesScreenshot) browser).getScreenshotAs(OutputType.BYTES);
    Files.createDirectories(SCREENSHOTS);
    Path file = SCREENSHOTS.resolve(name + "-" + width + ".png");
    Files.write(file, png);
    assertThat(Files.size(file)).isPositive();
  }

  private static WebDriver browser() {
    return ConsoleBrowserTest.browser;
  }

  private static WebDriverWait wait(WebDriver browser) {
    return new WebDriverWait(browser, ConsoleBrowserTest.WAIT);
  }

  private String url(String path) {
    return base.toString().replaceAll("/$", "") + path;
  }
}
