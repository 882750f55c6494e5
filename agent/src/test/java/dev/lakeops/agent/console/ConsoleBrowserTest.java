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
import org.openqa.selenium.JavascriptExecutor;
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
  void theBrowserShowsAChatTurnsMarkupAsTextAndRunsNoneOfIt() {
    String id = ConsoleFixtures.postAlert("BrowserChatProbe", "disk full");
    String hostile =
        "<img src=x onerror=\"document.title='pwned'\"><script>document.title='pwned'</script>\n"
            + "second line";
    IncidentChatPageTest.chat("incident-" + id, "mallory", hostile);

    browser.get(url("/console/incidents/" + id));
    WebElement turn =
        waiting()
            .until(
                ExpectedConditions.visibilityOfElementLocated(
                    By.cssSelector("#chat-turns pre.turn")));

    assertThat(turn.getText()).isEqualTo(hostile);
    assertThat(turn.findElements(By.xpath("./*"))).as("no element made from chat text").isEmpty();
    assertThat(browser.getTitle()).doesNotContain("pwned").contains("BrowserChatProbe");
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
