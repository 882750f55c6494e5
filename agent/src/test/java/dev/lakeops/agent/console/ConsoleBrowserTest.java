package dev.lakeops.agent.console;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.agent.approval.ProposalService;
import dev.lakeops.agent.store.Database;
import dev.lakeops.runbooks.approval.Proposal;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import java.io.IOException;
import java.net.URI;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
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
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.remote.RemoteWebDriver;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The console in a real browser: the system's headless Chromium, driven over WebDriver by the
 * system's chromedriver, which this test starts on a port of its own and stops (with every browser
 * process under it) by PID.
 */
@QuarkusTest
@TestProfile(ConsoleProfile.class)
class ConsoleBrowserTest {

  static final int DRIVER_PORT = Integer.getInteger("lakeops-test.console-driver-port", 62412);
  static final Duration WAIT = Duration.ofSeconds(30);

  static Process chromedriver;
  static Path profileDir;
  static WebDriver browser;

  @Inject ProposalService proposals;

  @Inject Database database;

  @Inject dev.lakeops.agent.incident.IncidentStore store;

  @TestHTTPResource("/")
  URL base;

  @TempDir Path dir;

  @BeforeAll
  static void startBrowser() throws Exception {
    profileDir = Files.createTempDirectory("lakeops-console-chromium");
    chromedriver =
        new ProcessBuilder(
                "/usr/bin/chromedriver", "--port=" + DRIVER_PORT, "--allowed-ips=127.0.0.1")
            .redirectErrorStream(true)
            .redirectOutput(
                profileDir.resolveSibling(profileDir.getFileName() + ".driver.log").toFile())
            .start();
    awaitDriver();
    ChromeOptions options = new ChromeOptions();
    options.setBinary("/usr/bin/chromium");
    options.addArguments(
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--user-data-dir=" + profileDir);
    browser = new RemoteWebDriver(URI.create("http://127.0.0.1:" + DRIVER_PORT).toURL(), options);
  }

  /** Polls the driver's status endpoint until it answers; bounded. */
  private static void awaitDriver() throws Exception {
    var client = java.net.http.HttpClient.newHttpClient();
    var status =
        java.net.http.HttpRequest.newBuilder(
                URI.create("http://127.0.0.1:" + DRIVER_PORT + "/status"))
            .timeout(Duration.ofSeconds(2))
            .build();
    Instant deadline = Instant.now().plus(WAIT);
    while (true) {
      try {
        if (client.send(status, java.net.http.HttpResponse.BodyHandlers.ofString()).statusCode()
            == 200) {
          return;
        }
      } catch (IOException e) {
        if (Instant.now().isAfter(deadline) || !chromedriver.isAlive()) {
          throw new IllegalStateException("chromedriver did not start on port " + DRIVER_PORT, e);
        }
      }
      Thread.sleep(100);
    }
  }

  @AfterAll
  static void stopBrowser() throws IOException {
    try {
      if (browser != null) {
        browser.quit();
      }
    } finally {
      if (chromedriver != null) {
        List<ProcessHandle> all = new java.util.ArrayList<>(chromedriver.descendants().toList());
        all.add(chromedriver.toHandle());
        for (ProcessHandle p : all) {
          p.destroy();
        }
        for (ProcessHandle p : all) {
          try {
            p.onExit().get(10, java.util.concurrent.TimeUnit.SECONDS);
          } catch (Exception e) {
            p.destroyForcibly();
          }
        }
      }
      if (profileDir != null) {
        try (var walk = Files.walk(profileDir)) {
          walk.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
      }
    }
  }

  private String url(String path) {
    return base.toString().replaceAll("/$", "") + path;
  }

  private WebDriverWait waiting() {
    return new WebDriverWait(browser, WAIT);
  }

  @Test
  void anApproverLogsInApprovesAPendingProposalAndTheAuditShowsItRanAndWasVerified() {
    Proposal p = ConsoleFixtures.tagProposal(proposals, dir, "browser-before-fix");

    browser.get(url("/console/login"));
    browser.findElement(By.id("token")).sendKeys(ConsoleProfile.ALICE_TOKEN);
    browser.findElement(By.id("login")).click();
    waiting().until(ExpectedConditions.textToBe(By.id("user"), "alice"));
    assertThat(browser.getCurrentUrl()).endsWith("/console/proposals");
    Object scriptCookies = ((JavascriptExecutor) browser).executeScript("return document.cookie;");
    assertThat(String.valueOf(scriptCookies))
        .as("the session cookie is HttpOnly")
        .doesNotContain(ConsoleSessions.COOKIE + "=");

    browser.findElement(By.id("pending")).findElement(By.linkText(p.id())).click();
    waiting().until(ExpectedConditions.textToBe(By.id("state"), "PROPOSED"));
    assertThat(browser.findElement(By.id("preview")).getText()).isEqualTo(p.preview().summary());

    browser.findElement(By.id("approve")).click();
    WebElement notice =
        waiting().until(ExpectedConditions.visibilityOfElementLocated(By.id("notice")));
    assertThat(notice.getText()).startsWith("Approved and executed: DONE").contains("PASSED");
    assertThat(browser.findElement(By.id("state")).getText()).isEqualTo("DONE");

    browser.get(url("/console/audit"));
    waiting().until(ExpectedConditions.visibilityOfElementLocated(By.id("audit")));
    List<String> events =
        browser.findElements(By.cssSelector("#audit tr")).stream()
            .map(WebElement::getText)
            .filter(row -> row.contains(p.id()))
            .toList();
    assertThat(events)
        .anyMatch(r -> r.contains("APPROVED") && r.contains("alice"))
        .anyMatch(r -> r.contains("EXECUTED"))
        .anyMatch(r -> r.contains("VERIFIED"));
    assertThat(browser.findElement(By.id("chain")).getText()).startsWith("Hash chain intact");
  }

  @Test
  void theBrowserShowsAnLlmReviewsMarkupAsTextAndRunsNoneOfIt() {
    String id = ConsoleFixtures.postAlert("BrowserLlmReviewProbe", "disk full");
    LlmReviewPageTest.review(
        database, id, LlmReviewPageTest.disagreeing(LlmReviewPageTest.HOSTILE), null);

    browser.get(url("/console/incidents/" + id));
    WebElement summary =
        waiting().until(ExpectedConditions.visibilityOfElementLocated(By.id("llm-summary")));

    assertThat(summary.getText()).isEqualTo(LlmReviewPageTest.HOSTILE);
    assertThat(summary.findElements(By.xpath("./*")))
        .as("no element made from model text")
        .isEmpty();
    assertThat(browser.getTitle()).doesNotContain("pwned").contains("BrowserLlmReviewProbe");
    assertThat(browser.findElement(By.id("llm-advisory")).getText()).startsWith("Advisory:");
  }

  @Test
  void theBrowserShowsAChatTurnsMarkdownAndItsMarkupAsTextAndRunsNoneOfIt() throws IOException {
    String id = ConsoleFixtures.postAlert("BrowserChatProbe", "disk full");
    String hostile =
        "### Heading from <b>mallory</b>\n\n"
            + "**Verdict:** `BACKPRESSURE`\n\n"
            + "- [runbook](https://example.org/runbook)\n"
            + "- [bad](javascript:document.title='pwned')\n"
            + "- ![chart](https://example.org/chart.png)\n\n"
            + "<img src=x"
            + " onerror=\"document.title='pwned'\"><script>document.title='pwned'</script>\n"
            + "\n"
            + "second line";
    IncidentChatPageTest.chat("incident-" + id, "mallory", hostile);

    browser.manage().window().setSize(new Dimension(1280, 900));
    browser.get(url("/console/incidents/" + id));
    WebElement turn =
        waiting()
            .until(
                ExpectedConditions.visibilityOfElementLocated(
                    By.xpath(
                        "//table[@id='chat-turns']//tr[td[2][normalize-space()='mallory']]"
                            + "/td[3]/div[@class='turn']")));

    assertThat(turn.findElement(By.tagName("h3")).getText())
        .isEqualTo("Heading from <b>mallory</b>");
    assertThat(turn.findElement(By.tagName("strong")).getText()).isEqualTo("Verdict:");
    assertThat(turn.findElement(By.tagName("code")).getText()).isEqualTo("BACKPRESSURE");
    assertThat(turn.findElements(By.tagName("li"))).hasSize(3);
    List<WebElement> links = turn.findElements(By.tagName("a"));
    assertThat(links)
        .extracting(a -> a.getAttribute("href"))
        .containsExactly("https://example.org/runbook", "https://example.org/chart.png");
    assertThat(links).allSatisfy(a -> assertThat(a.getAttribute("rel")).contains("noopener"));
    assertThat(turn.findElements(By.cssSelector("img, script, iframe, b, svg")))
        .as("no element made from the markup in the text")
        .isEmpty();
    assertThat(turn.getText())
        .contains("bad")
        .contains("<img src=x onerror=\"document.title='pwned'\">")
        .contains("<script>document.title='pwned'</script>")
        .contains("second line");
    assertThat(browser.getTitle()).doesNotContain("pwned").contains("BrowserChatProbe");
    WebElement at = browser.findElement(By.cssSelector("#chat-turns time"));
    assertThat(Instant.parse(at.getAttribute("title"))).isBeforeOrEqualTo(Instant.now());
    ((JavascriptExecutor) browser)
        .executeScript("arguments[0].scrollIntoView();", browser.findElement(By.id("chat")));
    screenshot("incident-chat-1280");
  }

  @Test
  void theIncidentListFitsADeskAndAPhone() throws IOException {
    String t = "browser" + java.util.UUID.randomUUID().toString().substring(0, 8);
    for (int n = 0; n < 3; n++) {
      IncidentListPageTest.stored(
          store,
          "BrowserList<b>" + n + "</b>",
          Duration.ofMinutes(12L + 60L * n),
          dev.lakeops.runbooks.Category.DUPLICATES,
          java.util.Map.of("table", "db.<svg onload=alert(1)>_" + t),
          dev.lakeops.tools.Severity.WARN);
    }
    for (Dimension size : List.of(new Dimension(1280, 900), new Dimension(390, 844))) {
      browser.manage().window().setSize(size);
      browser.get(url("/console?kind=table&entity=" + t + "&tz=Europe/Berlin"));
      WebElement table =
          waiting().until(ExpectedConditions.visibilityOfElementLocated(By.id("incidents")));
      List<WebElement> rows = table.findElements(By.cssSelector("tr:not(.head)"));
      assertThat(rows).hasSize(3);
      assertThat(rows.get(0).getText())
          .contains("BrowserList<b>0</b>")
          .contains("db.<svg onload=alert(1)>_" + t)
          .contains("12 min ago")
          .contains("WARN");
      assertThat(table.findElements(By.cssSelector("svg, b"))).isEmpty();
      assertThat(rows.get(0).findElement(By.tagName("time")).getAttribute("title")).endsWith("Z");
      assertThat(browser.findElement(By.id("filter-apply")).isDisplayed()).isTrue();
      assertThat(table.findElement(By.cssSelector("tr.head")).isDisplayed())
          .as("column heads at %s px (on a phone each row is a card with labels)", size.getWidth())
          .isEqualTo(size.getWidth() > 600);
      Object overflow =
          ((JavascriptExecutor) browser)
              .executeScript(
                  "return document.documentElement.scrollWidth -"
                      + " document.documentElement.clientWidth;");
      assertThat(((Number) overflow).longValue())
          .as("the page does not scroll sideways at %s px", size.getWidth())
          .isLessThanOrEqualTo(0);
      screenshot("incidents-" + size.getWidth());
    }
    browser.manage().window().setSize(new Dimension(1280, 900));
    browser.get(url("/console?tz=UTC"));
  }

  /** Writes what the browser shows to {@code target/console-screenshots/<name>.png}. */
  private static void screenshot(String name) throws IOException {
    Path out = Path.of("target", "console-screenshots");
    Files.createDirectories(out);
    byte[] png = ((TakesScreenshot) browser).getScreenshotAs(OutputType.BYTES);
    Files.write(out.resolve(name + ".png"), png);
  }

  @Test
  void theBrowserShowsTheConsoleInChineseAndALoginFailure() {
    browser.get(url("/console/login?lang=zh-CN"));
    browser.findElement(By.id("token")).sendKeys("wrong-token");
    browser.findElement(By.id("login")).click();
    WebElement error =
        waiting().until(ExpectedConditions.visibilityOfElementLocated(By.id("error")));
    assertThat(error.getText()).isEqualTo("登录失败：该令牌不属于任何 lakeops 用户。");
    browser.get(url("/console/login?lang=en"));
  }
}
