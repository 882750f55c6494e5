package dev.lakeops.agent.console;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.agent.console.picture.TablePictureIncidents;
import dev.lakeops.agent.incident.IncidentStatus;
import dev.lakeops.agent.incident.Incidents;
import dev.lakeops.runbooks.TriageReport;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import java.io.IOException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
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
 * The table and binlog pictures of a real incident in headless Chromium (the system's, driven by
 * the system's chromedriver that {@link ConsoleBrowserTest} starts and stops by PID): a triage of
 * duplicates after a stateless restart, with a compaction backlog and a damaged binlog among the
 * other runbooks' reports. Screenshots at 1280 and 390 px wide go to {@code target/screenshots/}.
 */
@QuarkusTest
@TestProfile(ConsoleProfile.class)
class TablePicturesBrowserTest {

  static final Duration WAIT = ConsoleBrowserTest.WAIT;
  static final Path SCREENSHOTS = Path.of("target", "screenshots");

  /** A commit user whose name would retitle the page if it ran. */
  static final String HOSTILE_USER = "<script>document.title='pwned'</script>";

  static WebDriver browser;

  @Inject Incidents incidents;

  @TestHTTPResource("/")
  URL base;

  @TempDir Path dir;

  @BeforeAll
  static void startBrowser() throws Exception {
    ConsoleBrowserTest.startBrowser();
    browser = ConsoleBrowserTest.browser;
  }

  @AfterAll
  static void stopBrowser() throws IOException {
    ConsoleBrowserTest.stopBrowser();
  }

  /**
   * An incident whose stored triage is the duplicates runbook's on a real table (its first commit
   * user {@link #HOSTILE_USER}), with the compaction backlog and binlog runbooks' reports as the
   * other runbooks that ran.
   */
  private String incident() throws Exception {
    String id = ConsoleFixtures.postAlert("LakeTablePicturesProbe", "duplicates after failover");
    Instant deadline = Instant.now().plus(WAIT);
    while (incidents.find(id).orElseThrow().status() == IncidentStatus.TRIAGING) {
      assertThat(Instant.now()).as("triage of %s finished", id).isBefore(deadline);
      Thread.sleep(50);
    }
    TriageReport d =
        TablePictureIncidents.duplicates(dir.resolve("warehouse"), HOSTILE_USER, "job-b");
    TriageReport backlog = TablePictureIncidents.backlog(dir.resolve("backlog"));
    TriageReport binlog =
        TablePictureIncidents.damagedBinlog(Files.createDirectories(dir.resolve("binlog")));
    TriageReport all =
        new TriageReport(
            d.runbook(),
            d.alert(),
            d.verdict(),
            d.tools(),
            d.startedAt(),
            d.finishedAt(),
            d.steps(),
            null,
            List.of(backlog, binlog));
    incidents.update(id, i -> i.triaged(all, Instant.now())).orElseThrow();
    return id;
  }

  @Test
  void anIncidentPageShowsTheTimelineBucketsAndBinlogPicturesAtDesktopAndPhoneWidths()
      throws Exception {
    String id = incident();
    Files.createDirectories(SCREENSHOTS);

    for (int width : new int[] {1280, 390}) {
      browser.manage().window().setSize(new Dimension(width, 900));
      browser.get(base.toString().replaceAll("/$", "") + "/console/incidents/" + id);
      WebElement timeline =
          new WebDriverWait(browser, WAIT)
              .until(
                  ExpectedConditions.visibilityOfElementLocated(
                      By.cssSelector("#picture-table-timeline svg")));

      assertThat(timeline.getAttribute("innerHTML"))
          .contains("rollback target: snapshot 5")
          .contains("duplicated commit: the rows of snapshot 1 again")
          .contains("&lt;script&gt;document.title=");
      assertThat(svg("#picture-binlog-strip"))
          .contains("damaged: offsets 1961 to 2037")
          .contains("restart at 1776");
      assertThat(svg("#picture-table-buckets")).contains("dt=2024-01-01/bucket-");
      assertThat(svg("#picture-table-level0")).contains("stop trigger 5: writers stall");
      assertThat(browser.findElements(By.cssSelector("#pictures script"))).isEmpty();
      assertThat(browser.getTitle()).doesNotContain("pwned").contains("LakeTablePicturesProbe");

      for (String picture :
          List.of("table-timeline", "table-buckets", "table-level0", "binlog-strip")) {
        PictureLayout.assertLegible(browser, picture, width);
      }
      screenshot("incident-table-pictures-" + width + ".png");
    }
  }

  private String svg(String figure) {
    return browser.findElement(By.cssSelector(figure + " svg")).getAttribute("innerHTML");
  }

  private long number(String script) {
    return ((Number) ((JavascriptExecutor) browser).executeScript(script)).longValue();
  }

  /** The whole page: the window is made as tall as the document first. */
  private void screenshot(String name) throws IOException {
    Dimension size = browser.manage().window().getSize();
    long height = number("return document.documentElement.scrollHeight;");
    browser
        .manage()
        .window()
        .setSize(new Dimension(size.getWidth(), (int) Math.min(height + 140, 12000)));
    Path shot = ((TakesScreenshot) browser).getScreenshotAs(OutputType.FILE).toPath();
    Files.copy(shot, SCREENSHOTS.resolve(name), StandardCopyOption.REPLACE_EXISTING);
    browser.manage().window().setSize(size);
  }
}
