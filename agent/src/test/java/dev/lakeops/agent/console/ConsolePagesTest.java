package dev.lakeops.agent.console;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.not;

import dev.lakeops.agent.approval.ProposalService;
import dev.lakeops.runbooks.approval.Proposal;
import dev.lakeops.runbooks.approval.ProposalState;
import dev.lakeops.runbooks.audit.AuditEvent;
import dev.lakeops.runbooks.audit.AuditRecord;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.http.ContentType;
import jakarta.inject.Inject;
import java.nio.file.Path;
import java.time.Instant;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@QuarkusTest
@TestProfile(ConsoleProfile.class)
class ConsolePagesTest {

  private static final Pattern CSRF = Pattern.compile("name=\"csrf\" value=\"([^\"]+)\"");

  @Inject ProposalService proposals;

  @TempDir Path dir;

  static String login(String token) {
    return given()
        .redirects()
        .follow(false)
        .contentType(ContentType.URLENC)
        .formParam("token", token)
        .post("/console/login")
        .then()
        .statusCode(303)
        .extract()
        .cookie(ConsoleSessions.COOKIE);
  }

  static String csrfOf(String page) {
    Matcher m = CSRF.matcher(page);
    assertThat(m.find()).as("a CSRF field in the page").isTrue();
    return m.group(1);
  }

  @Test
  void listsIncidentsAndEscapesAlertText() {
    String id =
        ConsoleFixtures.postAlert("ConsoleEscapeProbe", "<script>alert('x')</script> & more");

    String list =
        given()
            .get("/console")
            .then()
            .statusCode(200)
            .contentType(containsString("text/html"))
            .extract()
            .asString();
    assertThat(list).contains("ConsoleEscapeProbe").contains("/console/incidents/" + id);

    String page =
        given().get("/console/incidents/" + id).then().statusCode(200).extract().asString();
    assertThat(page)
        .doesNotContain("<script>alert")
        .contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; more")
        .contains("Timeline")
        .contains("Received");
  }

  @Test
  void incidentPageShowsTheVerdictOnceTriaged() throws InterruptedException {
    String id = ConsoleFixtures.postAlert("ConsoleVerdictProbe", "disk full");
    String page = "";
    for (int i = 0; i < 200 && !page.contains("Triaged"); i++) {
      page = given().get("/console/incidents/" + id).then().statusCode(200).extract().asString();
      Thread.sleep(50);
    }
    assertThat(page).contains("Triaged").contains("NO_RUNBOOK").contains("Next actions");
  }

  @Test
  void proposalTextFromOutsideIsShownEscaped() {
    Proposal p =
        ConsoleFixtures.tagProposal(
            proposals,
            dir,
            "console-escape",
            "<img src=x onerror=alert(1)>",
            "please <script>steal()</script>");
    String page =
        given().get("/console/proposals/" + p.id()).then().statusCode(200).extract().asString();
    assertThat(page)
        .doesNotContain("<script>steal")
        .doesNotContain("<img src=x")
        .contains("please &lt;script&gt;steal()&lt;/script&gt;")
        .contains("&lt;img src=x onerror=alert(1)&gt;")
        .contains("Log in as an approver to approve or reject.")
        .doesNotContain("id=\"approve\"");
  }

  @Test
  void pagesForbidFramingScriptsAndCaching() {
    given()
        .get("/console")
        .then()
        .statusCode(200)
        .header("X-Frame-Options", "DENY")
        .header("Cache-Control", "no-store")
        .header("Content-Security-Policy", containsString("frame-ancestors 'none'"))
        .header("Content-Security-Policy", containsString("default-src 'none'"));
    given().get("/console/login").then().statusCode(200).header("X-Frame-Options", "DENY");
  }

  @Test
  void unknownIncidentAndProposalAre404Pages() {
    given()
        .get("/console/incidents/NOT-A-UUID")
        .then()
        .statusCode(404)
        .body(containsString("There is no incident with id NOT-A-UUID"))
        .body(not(containsString("Exception")));
    given()
        .get("/console/incidents/00000000-0000-4000-8000-000000000000")
        .then()
        .statusCode(404)
        .body(containsString("There is no incident with id 00000000-0000-4000-8000-000000000000"));
    given()
        .get("/console/proposals/nope")
        .then()
        .statusCode(404)
        .body(containsString("There is no proposal with id nope"));
  }

  @Test
  void speaksChineseWhenAskedByParameterOrHeader() {
    given()
        .get("/console?lang=zh-CN")
        .then()
        .statusCode(200)
        .body(containsString("事件"))
        .body(containsString("lang=\"zh-CN\""))
        .header("Set-Cookie", containsString(ConsoleResponseFilter.LANG_COOKIE + "=zh-CN"));
    given()
        .header("Accept-Language", "zh-CN,zh;q=0.9,en;q=0.8")
        .get("/console/audit")
        .then()
        .statusCode(200)
        .body(containsString("审计日志"));
    given()
        .header("Accept-Language", "fr-FR")
        .get("/console/audit")
        .then()
        .statusCode(200)
        .body(containsString("Audit log"));
  }

  @Test
  void loginWithAnUnknownTokenFails() {
    given()
        .contentType(ContentType.URLENC)
        .formParam("token", "not-a-token")
        .post("/console/login")
        .then()
        .statusCode(401)
        .body(containsString("Login failed: this token belongs to no lakeops user."))
        .header("Set-Cookie", org.hamcrest.Matchers.nullValue());
  }

  @Test
  void loginSetsAnHttpOnlyStrictSessionCookie() {
    String setCookie =
        given()
            .redirects()
            .follow(false)
            .contentType(ContentType.URLENC)
            .formParam("token", ConsoleProfile.ALICE_TOKEN)
            .post("/console/login")
            .then()
            .statusCode(303)
            .extract()
            .header("Set-Cookie");
    assertThat(setCookie)
        .startsWith(ConsoleSessions.COOKIE + "=")
        .contains("HttpOnly")
        .contains("SameSite=Strict")
        .doesNotContain(ConsoleProfile.ALICE_TOKEN);
    String cookie = login(ConsoleProfile.ALICE_TOKEN);
    given()
        .cookie(ConsoleSessions.COOKIE, cookie)
        .get("/console/proposals")
        .then()
        .statusCode(200)
        .body(containsString("<span id=\"user\">alice</span>"));
  }

  @Test
  void aForwardedProtoHeaderDoesNotMakeTheCookieSecureWithoutQuarkusProxyHandling() {
    String setCookie =
        given()
            .redirects()
            .follow(false)
            .contentType(ContentType.URLENC)
            .formParam("token", ConsoleProfile.ALICE_TOKEN)
            .header("X-Forwarded-Proto", "https")
            .post("/console/login")
            .then()
            .statusCode(303)
            .extract()
            .header("Set-Cookie");

    assertThat(setCookie).contains("HttpOnly").contains("SameSite=Strict").doesNotContain("Secure");
  }

  @Test
  void approverApprovesAndTheTableActionRuns() {
    Proposal p = ConsoleFixtures.tagProposal(proposals, dir, "console-before-fix");
    String cookie = login(ConsoleProfile.ALICE_TOKEN);

    String listed =
        given()
            .cookie(ConsoleSessions.COOKIE, cookie)
            .get("/console/proposals")
            .then()
            .statusCode(200)
            .extract()
            .asString();
    assertThat(listed)
        .contains(p.id())
        .contains("table.create_tag")
        .contains("REVERSIBLE")
        .contains("console-test")
        .contains(p.preview().summary());
    String page =
        given()
            .cookie(ConsoleSessions.COOKIE, cookie)
            .get("/console/proposals/" + p.id())
            .then()
            .statusCode(200)
            .extract()
            .asString();
    assertThat(page).contains("id=\"approve\"").contains("id=\"reject\"");

    given()
        .cookie(ConsoleSessions.COOKIE, cookie)
        .contentType(ContentType.URLENC)
        .formParam("csrf", csrfOf(page))
        .post("/console/proposals/" + p.id() + "/approve")
        .then()
        .statusCode(200)
        .body(containsString("Approved and executed: DONE"))
        .body(containsString("PASSED"));

    assertThat(proposals.find(p.id()).orElseThrow().state()).isEqualTo(ProposalState.DONE);
    assertThat(
            proposals.audit(Instant.EPOCH).stream()
                .filter(r -> p.id().equals(r.entry().proposalId()))
                .map(r -> r.entry().event()))
        .contains(AuditEvent.APPROVED, AuditEvent.EXECUTED, AuditEvent.VERIFIED);
    assertThat(
            proposals.audit(Instant.EPOCH).stream()
                .filter(r -> p.id().equals(r.entry().proposalId()))
                .filter(r -> r.entry().event() == AuditEvent.APPROVED)
                .map(AuditRecord::entry)
                .findFirst()
                .orElseThrow()
                .actor())
        .isEqualTo("alice");
  }

  @Test
  void approveWithoutTheSessionsCsrfTokenIsRefused() {
    Proposal p = ConsoleFixtures.tagProposal(proposals, dir, "console-csrf");
    String cookie = login(ConsoleProfile.ALICE_TOKEN);
    String other = login(ConsoleProfile.BOB_TOKEN);
    String othersCsrf = sessions.csrf(other);

    given()
        .cookie(ConsoleSessions.COOKIE, cookie)
        .contentType(ContentType.URLENC)
        .post("/console/proposals/" + p.id() + "/approve")
        .then()
        .statusCode(403)
        .body(containsString("CSRF token is missing"));
    given()
        .cookie(ConsoleSessions.COOKIE, cookie)
        .contentType(ContentType.URLENC)
        .formParam("csrf", othersCsrf)
        .post("/console/proposals/" + p.id() + "/approve")
        .then()
        .statusCode(403)
        .body(containsString("CSRF token is missing"));
    given()
        .contentType(ContentType.URLENC)
        .formParam("csrf", "whatever")
        .post("/console/proposals/" + p.id() + "/approve")
        .then()
        .statusCode(403)
        .body(containsString("Log in first"));
    given()
        .cookie(ConsoleSessions.COOKIE, cookie + "x")
        .contentType(ContentType.URLENC)
        .formParam("csrf", "whatever")
        .post("/console/proposals/" + p.id() + "/reject")
        .then()
        .statusCode(403)
        .body(containsString("Log in first"))
        .body(not(containsString("Exception")));

    assertThat(proposals.find(p.id()).orElseThrow().state()).isEqualTo(ProposalState.PROPOSED);
  }

  @Test
  void aViewerSeesNoButtonsAndCannotApprove() {
    Proposal p = ConsoleFixtures.tagProposal(proposals, dir, "console-viewer");
    String cookie = login(ConsoleProfile.BOB_TOKEN);
    String page =
        given()
            .cookie(ConsoleSessions.COOKIE, cookie)
            .get("/console/proposals/" + p.id())
            .then()
            .statusCode(200)
            .extract()
            .asString();
    assertThat(page).doesNotContain("id=\"approve\"").contains("bob is not an approver");

    String csrf =
        new ConsoleSessions(
                "another-key".getBytes(java.nio.charset.StandardCharsets.UTF_8),
                java.time.Clock.systemUTC())
            .csrf(cookie);
    given()
        .cookie(ConsoleSessions.COOKIE, cookie)
        .contentType(ContentType.URLENC)
        .formParam("csrf", csrf)
        .post("/console/proposals/" + p.id() + "/approve")
        .then()
        .statusCode(403)
        .body(containsString("CSRF token is missing"));
    given()
        .cookie(ConsoleSessions.COOKIE, cookie)
        .contentType(ContentType.URLENC)
        .formParam("csrf", validCsrf(cookie))
        .post("/console/proposals/" + p.id() + "/approve")
        .then()
        .statusCode(403)
        .body(containsString("bob is not an approver and may not approve or reject proposals."));
    assertThat(proposals.find(p.id()).orElseThrow().state()).isEqualTo(ProposalState.PROPOSED);
  }

  @Inject ConsoleSessions sessions;

  private String validCsrf(String cookie) {
    return sessions.csrf(cookie);
  }

  @Test
  void aRefusalIsShownWithoutAStackTrace() {
    Proposal p = ConsoleFixtures.tagProposal(proposals, dir, "console-reject");
    String cookie = login(ConsoleProfile.ALICE_TOKEN);
    String csrf = validCsrf(cookie);
    given()
        .cookie(ConsoleSessions.COOKIE, cookie)
        .contentType(ContentType.URLENC)
        .formParam("csrf", csrf)
        .post("/console/proposals/" + p.id() + "/reject")
        .then()
        .statusCode(200)
        .body(containsString("Rejected."))
        .body(containsString("REJECTED"));

    String refused =
        given()
            .cookie(ConsoleSessions.COOKIE, cookie)
            .contentType(ContentType.URLENC)
            .formParam("csrf", csrf)
            .post("/console/proposals/" + p.id() + "/approve")
            .then()
            .statusCode(409)
            .extract()
            .asString();
    assertThat(refused)
        .contains("id=\"refusal\"")
        .doesNotContain("at dev.lakeops")
        .doesNotContain("Exception");
  }

  @Test
  void auditPageShowsRecordsAndAnIntactChain() {
    ConsoleFixtures.tagProposal(proposals, dir, "console-audit");
    given()
        .get("/console/audit")
        .then()
        .statusCode(200)
        .body(containsString("Hash chain intact"))
        .body(containsString("PROPOSED"))
        .body(containsString("table.create_tag"));
  }

  @Test
  void healthPageListsTheConfiguredClusters() {
    given()
        .get("/console/health")
        .then()
        .statusCode(200)
        .body(containsString("http://127.0.0.1:1"))
        .body(containsString("http://127.0.0.1:2"))
        .body(containsString("eu"))
        .body(containsString("No targets are watched"));
  }

  @Test
  void logoutClearsTheCookie() {
    given()
        .redirects()
        .follow(false)
        .post("/console/logout")
        .then()
        .statusCode(303)
        .header("Set-Cookie", containsString(ConsoleSessions.COOKIE + "=;"))
        .header("Set-Cookie", containsString("Max-Age=0"));
  }
}
