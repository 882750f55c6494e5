package dev.lakeops.agent.console;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.not;

import dev.lakeops.agent.alert.AlertStatus;
import dev.lakeops.agent.incident.Incident;
import dev.lakeops.agent.incident.IncidentId;
import dev.lakeops.agent.incident.IncidentStatus;
import dev.lakeops.agent.incident.IncidentStore;
import dev.lakeops.runbooks.AlertSignal;
import dev.lakeops.runbooks.Category;
import dev.lakeops.runbooks.Confidence;
import dev.lakeops.runbooks.TriageReport;
import dev.lakeops.runbooks.Verdict;
import dev.lakeops.tools.Finding;
import dev.lakeops.tools.Severity;
import dev.lakeops.tools.ToolReport;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The incidents list: what each incident is about, how bad, its verdict, its age; filters, paging
 * and the 400 pages of bad parameters; and the time zone setting.
 */
@QuarkusTest
@TestProfile(ConsoleProfile.class)
class IncidentListPageTest {

  private static final Pattern ROW =
      Pattern.compile("<tr><td><a href=\"/console/incidents/([^\"]+)\">");

  @Inject IncidentStore store;

  @Inject dev.lakeops.agent.approval.ProposalService proposals;

  @org.junit.jupiter.api.io.TempDir java.nio.file.Path dir;

  /** A unique name part, so that each test finds only its own incidents. */
  private static String token() {
    return "t" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
  }

  /**
   * Stores an incident received {@code ago} before now, triaged with a verdict on {@code entity}.
   */
  private Incident stored(
      String alertname,
      Duration ago,
      Category category,
      Map<String, String> entities,
      Severity cited) {
    return stored(store, alertname, ago, category, entities, cited);
  }

  /** The same, in {@code store}. */
  static Incident stored(
      IncidentStore store,
      String alertname,
      Duration ago,
      Category category,
      Map<String, String> entities,
      Severity cited) {
    Instant received = Instant.now().minus(ago);
    Finding finding =
        new Finding(cited, "table.duplicates.visible", "s", "summary", Map.of(), List.of());
    Finding other =
        new Finding(
            Severity.CRITICAL, "table.commit.new-user", "s", "not cited", Map.of(), List.of());
    TriageReport report =
        new TriageReport(
            "table-duplicates-after-failover",
            new AlertSignal(Map.of("alertname", alertname), Map.of()),
            new Verdict(
                category, "headline", entities, List.of("tool-0#1"), Confidence.HIGH, List.of()),
            List.of(
                new ToolReport(
                    ToolReport.Status.OK,
                    "table.duplicates",
                    Map.of(),
                    List.of(finding, other),
                    null)),
            received,
            received.plusSeconds(2));
    Incident incident =
        new Incident(
            IncidentId.next(),
            UUID.randomUUID().toString().replace("-", "").substring(0, 16),
            received,
            IncidentStatus.TRIAGING,
            AlertStatus.FIRING,
            alertname,
            Map.of("alertname", alertname),
            Map.of(),
            null,
            received,
            null,
            received,
            null,
            null);
    assertThat(store.insertIfNew(incident)).isEmpty();
    return store
        .update(incident.id(), i -> i.triaged(report, received.plusSeconds(2)))
        .orElseThrow();
  }

  private static String list(String query) {
    return given().get("/console?" + query).then().statusCode(200).extract().asString();
  }

  private static List<String> ids(String page) {
    Matcher m = ROW.matcher(page);
    List<String> ids = new java.util.ArrayList<>();
    while (m.find()) {
      ids.add(m.group(1));
    }
    return ids;
  }

  @Test
  void showsEntitySeverityVerdictAgeAndLocalTime() {
    String t = token();
    Incident dup =
        stored(
            "Dup" + t,
            Duration.ofMinutes(12).plusSeconds(5),
            Category.DUPLICATES,
            Map.of("table", "db.orders_" + t, "snapshot", "7"),
            Severity.WARN);

    String page = list("entity=" + t);

    assertThat(ids(page)).containsExactly(dup.id());
    String row = page.substring(page.indexOf("/console/incidents/" + dup.id()));
    row = row.substring(0, row.indexOf("</tr>"));
    assertThat(row)
        .contains("<span class=\"muted\">table</span> <code>db.orders_" + t + "</code>")
        .contains("<span class=\"sev sev-warn\">WARN</span>")
        .doesNotContain("CRITICAL")
        .contains("<code>DUPLICATES</code>")
        .contains("<span class=\"ago\">12 min ago</span>")
        .contains("title=\"" + dup.receivedAt() + "\"")
        .contains(" UTC</span></time>")
        .contains("TRIAGED");

    String zh = list("entity=" + t + "&lang=zh-CN");
    assertThat(zh).contains("12 分钟前").contains("<span class=\"muted\">表</span>").contains("严重程度");
  }

  @Test
  void anIncidentStillBeingTriagedShowsDashes() {
    String alertname = "StillTriaging" + token();
    ConsoleFixtures.postAlert(alertname, "just arrived");
    String page = list("status=TRIAGING");
    // The planner may already have finished; then the incident is not in this list at all.
    if (page.contains(alertname)) {
      String row = page.substring(page.indexOf(alertname));
      row = row.substring(0, row.indexOf("</tr>"));
      assertThat(row)
          .contains("<td class=\"entity\"><span class=\"muted\">-</span></td>")
          .contains("<span class=\"sev sev-none\">-</span>")
          .contains("<code>-</code>");
    }
    assertThat(page).doesNotContain(">TRIAGED <span");
  }

  @Test
  void filtersByVerdictKindAndEntityNewestFirst() {
    String t = token();
    Incident oldest =
        stored(
            "A" + t,
            Duration.ofHours(5),
            Category.DUPLICATES,
            Map.of("table", "db.a_" + t),
            Severity.CRITICAL);
    Incident middle =
        stored(
            "B" + t,
            Duration.ofHours(3),
            Category.BACKPRESSURE,
            Map.of("cluster", "eu", "job", "job_" + t),
            Severity.CRITICAL);
    Incident newest =
        stored(
            "C" + t,
            Duration.ofHours(1),
            Category.DUPLICATES,
            Map.of("table", "db.c_" + t),
            Severity.INFO);

    assertThat(ids(list("entity=" + t))).containsExactly(newest.id(), middle.id(), oldest.id());
    assertThat(ids(list("entity=" + t.toUpperCase() + "&kind=TABLE")))
        .containsExactly(newest.id(), oldest.id());
    assertThat(ids(list("entity=" + t + "&kind=job"))).containsExactly(middle.id());
    assertThat(ids(list("entity=" + t + "&verdict=backpressure"))).containsExactly(middle.id());
    assertThat(ids(list("entity=db.a_" + t + "&verdict=DUPLICATES&status=TRIAGED")))
        .containsExactly(oldest.id());
    String none = list("entity=" + t + "&status=FAILED");
    assertThat(ids(none)).isEmpty();
    assertThat(none).contains("id=\"incidents-none\"").contains("No incidents match these filters");

    String form = list("entity=" + t + "&kind=job&verdict=BACKPRESSURE&status=TRIAGED");
    assertThat(form)
        .contains("<option value=\"job\" selected>")
        .contains("<option value=\"BACKPRESSURE\" selected>")
        .contains("<option value=\"TRIAGED\" selected>")
        .contains("name=\"entity\" id=\"filter-entity\" value=\"" + t + "\"")
        .contains("id=\"filter-clear\"");
  }

  @Test
  void pagesFiftyAtATimeAndTheLinksKeepTheFilters() {
    String t = token();
    List<String> newestFirst = new java.util.ArrayList<>();
    for (int n = 0; n < 53; n++) {
      newestFirst.add(
          0,
          stored(
                  "P" + t,
                  Duration.ofMinutes(200 - n),
                  Category.DUPLICATES,
                  Map.of("table", "db.p_" + t),
                  Severity.WARN)
              .id());
    }

    String first = list("entity=" + t + "&kind=table");
    assertThat(ids(first)).isEqualTo(newestFirst.subList(0, 50));
    assertThat(first)
        .contains("id=\"next\" href=\"/console?kind=table&amp;entity=" + t + "&amp;page=2\"")
        .doesNotContain("id=\"previous\"")
        .contains("Page 1");

    String second = list("kind=table&entity=" + t + "&page=2");
    assertThat(ids(second)).isEqualTo(newestFirst.subList(50, 53));
    assertThat(second)
        .contains("id=\"previous\" href=\"/console?kind=table&amp;entity=" + t + "\"")
        .doesNotContain("id=\"next\"")
        .contains("Page 2");

    String beyond = list("kind=table&entity=" + t + "&page=9");
    assertThat(ids(beyond)).isEmpty();
    assertThat(beyond)
        .contains("id=\"previous\" href=\"/console?kind=table&amp;entity=" + t + "&amp;page=8\"");
  }

  @Test
  void theStatusFilterAndPagingWithoutOtherFiltersRunInTheStore() {
    String t = token();
    Incident failed =
        stored(
            "F" + t,
            Duration.ZERO,
            Category.DUPLICATES,
            Map.of("table", "db.f_" + t),
            Severity.WARN);
    store.update(failed.id(), i -> i.failed("boom", Instant.now()));

    String page = list("status=FAILED");
    assertThat(ids(page)).contains(failed.id());
    assertThat(page).doesNotContain(">TRIAGED <span").doesNotContain(">TRIAGING <span");
    assertThat(list("status=TRIAGED")).doesNotContain(failed.id());
    for (int n = 0; n < 51; n++) {
      stored(
          "G" + t,
          Duration.ofSeconds(n),
          Category.DUPLICATES,
          Map.of("table", "db.g_" + t),
          Severity.WARN);
    }
    List<String> first = ids(list("page=1"));
    List<String> second = ids(list("page=2"));
    assertThat(first).hasSize(IncidentQuery.PAGE_SIZE);
    assertThat(second).isNotEmpty().doesNotContainAnyElementsOf(first);
  }

  @Test
  void badParametersGetA400PageNamingTheParameterAndWhatIsAllowed() {
    Map<String, String> cases =
        Map.of(
            "status=BOGUS",
            "The parameter status cannot be \"BOGUS\": use one of TRIAGING, TRIAGED, FAILED,"
                + " RESOLVED, or leave it empty for all.",
            "page=-1",
            "The parameter page cannot be \"-1\": use a whole number from 1 to 1000000.",
            "page=abc",
            "The parameter page cannot be \"abc\": use a whole number from 1 to 1000000.",
            "page=0",
            "The parameter page cannot be \"0\"",
            "page=99999999999",
            "The parameter page cannot be \"99999999999\"",
            "verdict=MAYBE",
            "The parameter verdict cannot be \"MAYBE\": use one of BACKPRESSURE,",
            "kind=vertex",
            "The parameter kind cannot be \"vertex\": use one of job, group, table, binlog,",
            "entity=" + "x".repeat(201),
            "The parameter entity cannot be",
            "tz=Mars/Olympus_Mons",
            "The parameter tz cannot be \"Mars/Olympus_Mons\": use a time zone such as UTC,"
                + " Europe/Berlin or Asia/Shanghai, or an offset such as +08:00.");
    cases.forEach(
        (query, message) ->
            given()
                .get("/console?" + query)
                .then()
                .statusCode(400)
                .contentType(containsString("text/html"))
                .header("Content-Security-Policy", containsString("default-src 'none'"))
                .header("Set-Cookie", org.hamcrest.Matchers.nullValue())
                .body(containsString("Bad request"))
                .body(containsString(message.replace("\"", "&quot;")))
                .body(not(containsString("Exception")))
                .body(not(containsString("at dev.lakeops"))));
    given()
        .get("/console?status=<script>x</script>")
        .then()
        .statusCode(400)
        .body(not(containsString("<script>x")))
        .body(containsString("&lt;script&gt;x&lt;/script&gt;"));
    given()
        .get("/console?page=abc&lang=zh-CN")
        .then()
        .statusCode(400)
        .body(containsString("请求有误"))
        .body(containsString("参数 page 不能为“abc”：请使用1 到 1000000 之间的整数。"));
    given()
        .get("/console/audit?tz=Nowhere/Land")
        .then()
        .statusCode(400)
        .body(containsString("The parameter tz cannot be &quot;Nowhere/Land&quot;"));
  }

  @Test
  void aTimeZoneChosenByParameterIsRememberedInACookie() {
    String t = token();
    Incident i =
        stored(
            "Tz" + t,
            Duration.ofHours(3),
            Category.DUPLICATES,
            Map.of("table", "db.tz_" + t),
            Severity.WARN);
    var shanghai =
        java.time.format.DateTimeFormatter.ofPattern(
                "d MMM yyyy, HH:mm:ss", java.util.Locale.ENGLISH)
            .withZone(java.time.ZoneId.of("Asia/Shanghai"))
            .format(i.receivedAt());

    String setCookie =
        given()
            .get("/console?tz=Asia/Shanghai&entity=" + t)
            .then()
            .statusCode(200)
            .body(containsString(shanghai + " CST"))
            .body(containsString("id=\"tz\" value=\"Asia/Shanghai\""))
            .extract()
            .header("Set-Cookie");
    assertThat(setCookie)
        .startsWith(ConsoleResponseFilter.TZ_COOKIE + "=Asia/Shanghai;")
        .contains("Path=/console")
        .contains("HttpOnly")
        .contains("SameSite=Strict");

    given()
        .cookie(ConsoleResponseFilter.TZ_COOKIE, "Asia/Shanghai")
        .get("/console/incidents/" + i.id())
        .then()
        .statusCode(200)
        .body(containsString(shanghai + " CST"))
        .body(
            containsString(
                "<time datetime=\""
                    + i.receivedAt().truncatedTo(java.time.temporal.ChronoUnit.MILLIS)
                    + "\" title=\""
                    + i.receivedAt()
                    + "\">"));

    var utc =
        java.time.format.DateTimeFormatter.ofPattern(
                "d MMM yyyy, HH:mm:ss", java.util.Locale.ENGLISH)
            .withZone(java.time.ZoneId.of("UTC"))
            .format(i.receivedAt());
    given()
        .cookie(ConsoleResponseFilter.TZ_COOKIE, "Not/AZone")
        .get("/console?entity=" + t)
        .then()
        .statusCode(200)
        .body(containsString(utc + " UTC"));
    given().get("/console?entity=" + t).then().statusCode(200).body(containsString(utc + " UTC"));
  }

  @Test
  void proposalAndAuditTimesReadLikeTimesWithTheExactInstantOnHover() {
    var p = ConsoleFixtures.tagProposal(proposals, dir, "times-" + token());
    String page =
        given()
            .get("/console/proposals/" + p.id() + "?tz=Asia/Shanghai&lang=zh-CN")
            .then()
            .statusCode(200)
            .extract()
            .asString();
    assertThat(page)
        .contains("title=\"" + p.created() + "\"")
        .contains("title=\"" + p.expires() + "\"")
        .contains("<span class=\"ago\">刚刚</span>")
        .containsPattern("<span class=\"ago\">\\d+ (分钟|小时|天)后</span>")
        .contains(" CST</span></time>");
    assertThat(given().get("/console/proposals").then().statusCode(200).extract().asString())
        .contains("title=\"" + p.expires() + "\"");
    assertThat(given().get("/console/audit").then().statusCode(200).extract().asString())
        .containsPattern("<td><time datetime=\"[0-9T:.\\-]+Z\" title=\"[0-9T:.\\-]+Z\">");
  }
}
