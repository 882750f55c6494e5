package dev.lakeops.agent.approval;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import dev.lakeops.agent.approval.ApprovalLinkException.Reason;
import dev.lakeops.agent.store.Database;
import dev.lakeops.runbooks.approval.Decision;
import dev.lakeops.runbooks.approval.Proposal;
import dev.lakeops.runbooks.approval.ProposalState;
import dev.lakeops.runbooks.audit.AuditEvent;
import dev.lakeops.runbooks.audit.AuditLog;
import dev.lakeops.runbooks.audit.AuditRecord;
import dev.lakeops.table.Table;
import dev.lakeops.table.catalog.Catalog;
import dev.lakeops.table.catalog.Identifier;
import dev.lakeops.table.catalog.TableDefinition;
import dev.lakeops.table.data.Row;
import dev.lakeops.table.types.AtomicType;
import dev.lakeops.table.types.TypeRoot;
import dev.lakeops.table.write.TableWrite;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Signed one-time approval links over HTTP against real tables: opening changes nothing, using
 * decides once through the approval gate, and every bad link gets a clear refusal with its status.
 */
@QuarkusTest
@TestProfile(ApprovalLinkFlowTest.LinkUsers.class)
class ApprovalLinkFlowTest {

  static final String SECRET = "link-secret-for-tests-0123456789";
  static final String PUBLIC_URL = "https://lakeops.example.com";

  /** The warehouse chat's {@code rollback <db.table> <snapshot>} resolves tables in. */
  static final Path WAREHOUSE =
      Path.of(
          System.getProperty("java.io.tmpdir"),
          "lakeops-approval-links-" + ProcessHandle.current().pid());

  public static class LinkUsers implements QuarkusTestProfile {
    @Override
    public Map<String, String> getConfigOverrides() {
      return Map.ofEntries(
          Map.entry("lakeops.approval.link-secret", SECRET),
          Map.entry("lakeops.report.public-url", PUBLIC_URL + "/"),
          Map.entry("quarkus.http.test-port", "63150"),
          Map.entry("lakeops.chat.table-warehouse", WAREHOUSE.toString()),
          Map.entry("lakeops.approvers.alice.roles", "approver"),
          Map.entry("lakeops.approvers.alice.token", "alice-token"),
          Map.entry("lakeops.approvers.alice.im-ids", "api:alice-chat"),
          Map.entry("lakeops.approvers.bob.roles", "approver"),
          Map.entry("lakeops.approvers.bob.im-ids", "api:bob-chat"),
          Map.entry("lakeops.approvers.dave.roles", "approver"),
          Map.entry("lakeops.approvers.dave.im-ids", "api:dave-chat"),
          Map.entry("lakeops.approvers.carol.roles", "viewer"),
          Map.entry("lakeops.approvers.carol.token", "carol-token"),
          Map.entry("lakeops.approvers.carol.im-ids", "api:carol-chat"));
    }
  }

  private static Path warehouse;

  @Inject AuditLog audit;

  @Inject ProposalService proposals;

  @Inject Database database;

  private final ApprovalLinkSigner signer = new ApprovalLinkSigner(SECRET);

  @BeforeAll
  static void createWarehouse() throws Exception {
    warehouse = Files.createDirectories(WAREHOUSE);
  }

  /**
   * A table of its own per test: a tag or rollback in one test changes the fingerprint of another's
   * proposals.
   */
  private static Table table(String name) {
    Catalog catalog = Catalog.local(warehouse);
    catalog.createDatabaseIfNotExists("db");
    Table table =
        catalog.createTable(
            Identifier.of("db", name),
            TableDefinition.builder()
                .column("id", AtomicType.of(TypeRoot.INT))
                .column("name", AtomicType.string())
                .primaryKey("id")
                .option("bucket", "1")
                .option("file.format", "avro")
                .build());
    for (int i = 1; i <= 3; i++) {
      commitRow(table, i);
    }
    return table;
  }

  private static void commitRow(Table table, int i) {
    try (TableWrite write = table.newWrite("flink-job")) {
      write.write(Row.of(i, "row" + i));
      table.newCommit().commit(write.prepareCommit(i));
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  private static Set<String> tags(Table table) {
    return new dev.lakeops.table.maintenance.Tags(table.io(), table.paths()).list().keySet();
  }

  private static String propose(String token, Table table, String action, String args) {
    return given()
        .header("Authorization", "Bearer " + token)
        .contentType("application/json")
        .body(
            "{\"action\":\""
                + action
                + "\",\"args\":{\"table\":\""
                + table.paths().root()
                + "\""
                + args
                + "},\"reason\":\"test\"}")
        .post("/api/proposals")
        .then()
        .statusCode(201)
        .extract()
        .path("id");
  }

  /** Asks for links in chat as {@code chatUser}; the answer's card JSON. */
  private static JsonPath askForLinks(String chatUser, String proposalId) {
    return given()
        .contentType("application/json")
        .body(
            "{\"thread\":\"links\",\"user\":\""
                + chatUser
                + "\",\"text\":\"link "
                + proposalId
                + "\"}")
        .post("/api/chat")
        .then()
        .statusCode(200)
        .extract()
        .jsonPath();
  }

  private static String linkUrl(JsonPath answer, String action) {
    List<Map<String, String>> links = answer.getList("card.links");
    return links.stream()
        .filter(l -> l.get("action").equals(action))
        .map(l -> l.get("url"))
        .findFirst()
        .orElseThrow(() -> new AssertionError("no " + action + " link in " + answer.prettify()));
  }

  private static String token(String url) {
    assertThat(url).startsWith(PUBLIC_URL + "/console/links/");
    return url.substring((PUBLIC_URL + "/console/links/").length());
  }

  private static Response post(String token) {
    return given().formParam("token", token).post("/console/links");
  }

  private Proposal stored(String id) {
    return proposals.find(id).orElseThrow();
  }

  private List<AuditRecord> auditOf(String id) {
    return audit.read(Instant.EPOCH).stream()
        .filter(r -> id.equals(r.entry().proposalId()))
        .toList();
  }

  @org.junit.jupiter.api.AfterAll
  static void deleteWarehouse() throws java.io.IOException {
    if (Files.exists(WAREHOUSE)) {
      try (var paths = Files.walk(WAREHOUSE)) {
        for (Path path : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
          Files.delete(path);
        }
      }
    }
  }

  @Test
  void openingALinkShowsTheProposalAndChangesNothing() {
    Table table = table("opened");
    String id = propose("carol-token", table, "table.create_tag", ",\"tag\":\"before-fix\"");
    String token = token(linkUrl(askForLinks("alice-chat", id), "approve"));

    for (int i = 0; i < 2; i++) {
      given()
          .get("/console/links/" + token)
          .then()
          .statusCode(200)
          .header("Cache-Control", "no-store")
          .header("Referrer-Policy", "no-referrer")
          .body(containsString(id))
          .body(containsString("table.create_tag"))
          .body(containsString("id=\"link-user\">alice"))
          .body(containsString("id=\"preview\">"))
          .body(containsString("Approve as alice"))
          .body(containsString("name=\"token\" value=\"" + token + "\""));
    }

    given()
        .accept("application/json")
        .get("/console/links/" + token)
        .then()
        .statusCode(200)
        .body("proposal", equalTo(id))
        .body("decision", equalTo("approve"))
        .body("user", equalTo("alice"));

    assertThat(stored(id).state()).isEqualTo(ProposalState.PROPOSED);
    assertThat(stored(id).approvals()).isEmpty();
    assertThat(tags(table)).doesNotContain("before-fix");
    assertThat(auditOf(id)).extracting(r -> r.entry().event()).containsOnly(AuditEvent.PROPOSED);
  }

  @Test
  void aProposalCardInChatCarriesTheSendersOwnLinks() {
    table("from_chat");
    JsonPath answer =
        given()
            .contentType("application/json")
            .body(
                "{\"thread\":\"links\",\"user\":\"alice-chat\",\"text\":\"rollback db.from_chat"
                    + " 2\"}")
            .post("/api/chat")
            .then()
            .statusCode(200)
            .extract()
            .jsonPath();

    String id = answer.getString("card.buttons[0].proposalId");
    assertThat(answer.getList("card.links.user")).containsExactly("alice", "alice");
    assertThat(answer.getList("card.links.label"))
        .containsExactly("Approve as alice (link)", "Reject as alice (link)");
    ApprovalLink link = signer.verify(token(linkUrl(answer, "approve")), Instant.now());
    assertThat(link.proposalId()).isEqualTo(id);
    assertThat(link.decision()).isEqualTo(Decision.APPROVE);
    assertThat(link.binding()).isEqualTo(stored(id).bindingHash());
  }

  @Test
  void theConfirmationPageSpeaksChineseWhenAskedTo() {
    Table table = table("chinese");
    String id = propose("carol-token", table, "table.create_tag", ",\"tag\":\"zh\"");
    String token = token(linkUrl(askForLinks("alice-chat", id), "reject"));

    given()
        .header("Accept-Language", "zh-CN,zh;q=0.9")
        .get("/console/links/" + token)
        .then()
        .statusCode(200)
        .body(containsString("以 alice 身份拒绝"))
        .body(containsString("拒绝提案 " + id));
    given()
        .get("/console/links/" + token + "?lang=zh-CN")
        .then()
        .statusCode(200)
        .body(containsString("以 alice 身份拒绝"));
  }

  @Test
  void postingTheLinkApprovesOnceRecordsTheLinkAsSourceAndASecondUseIsRefused() {
    Table table = table("approved");
    String id = propose("carol-token", table, "table.create_tag", ",\"tag\":\"via-link\"");
    String token = token(linkUrl(askForLinks("alice-chat", id), "approve"));

    post(token)
        .then()
        .statusCode(200)
        .body(containsString("DONE"))
        .body(containsString("id=\"link-user\">alice"));

    assertThat(tags(table)).contains("via-link");
    assertThat(stored(id).state()).isEqualTo(ProposalState.DONE);
    assertThat(stored(id).approvals())
        .singleElement()
        .satisfies(
            a -> {
              assertThat(a.approver()).isEqualTo("alice");
              assertThat(a.source().channel()).isEqualTo("link");
            });
    assertThat(auditOf(id))
        .filteredOn(r -> r.entry().event() == AuditEvent.APPROVED)
        .singleElement()
        .satisfies(r -> assertThat(r.entry().details().get("source")).startsWith("link"));
    assertThat(auditOf(id))
        .extracting(r -> r.entry().event())
        .contains(AuditEvent.EXECUTED, AuditEvent.VERIFIED);
    assertThat(audit.verifyChain().intact()).isTrue();

    post(token).then().statusCode(410).body(containsString("already used"));
    given()
        .get("/console/links/" + token)
        .then()
        .statusCode(410)
        .body(containsString("already used"));
    given()
        .accept("application/json")
        .formParam("token", token)
        .post("/console/links")
        .then()
        .statusCode(410)
        .contentType("application/json")
        .body("error", containsString("already used"));
  }

  @Test
  void aLinkIsUsedOnceAcrossInstancesSharingTheDatabase() {
    Table table = table("instances");
    String id = propose("carol-token", table, "table.create_tag", ",\"tag\":\"t\"");
    String token = token(linkUrl(askForLinks("alice-chat", id), "reject"));
    ApprovalLinks secondInstance =
        new ApprovalLinks(
            new ApprovalLinkSigner(SECRET),
            new UsedApprovalLinks(database.dataSource()),
            proposals,
            PUBLIC_URL,
            Duration.ofMinutes(30),
            Clock.systemUTC());

    assertThat(secondInstance.open(token).proposal().id()).isEqualTo(id);
    post(token).then().statusCode(200).body(containsString("Rejected"));

    assertThat(stored(id).state()).isEqualTo(ProposalState.REJECTED);
    try {
      secondInstance.use(token, "10.0.0.2");
      throw new AssertionError("a used link was accepted by the second instance");
    } catch (ApprovalLinkException e) {
      assertThat(e.reason()).isEqualTo(Reason.USED);
    }
  }

  @Test
  void ofConcurrentPostsOfOneLinkExactlyOneDecides() throws Exception {
    Table table = table("concurrent");
    String id = propose("carol-token", table, "table.create_tag", ",\"tag\":\"once\"");
    String token = token(linkUrl(askForLinks("alice-chat", id), "approve"));
    java.util.concurrent.ExecutorService pool =
        java.util.concurrent.Executors.newFixedThreadPool(4);
    try {
      java.util.concurrent.CountDownLatch start = new java.util.concurrent.CountDownLatch(1);
      List<java.util.concurrent.Future<Integer>> posts = new java.util.ArrayList<>();
      for (int i = 0; i < 4; i++) {
        posts.add(
            pool.submit(
                () -> {
                  start.await();
                  return post(token).statusCode();
                }));
      }
      start.countDown();
      List<Integer> statuses = new java.util.ArrayList<>();
      for (var f : posts) {
        statuses.add(f.get(60, java.util.concurrent.TimeUnit.SECONDS));
      }

      assertThat(statuses).filteredOn(code -> code == 200).hasSize(1);
      assertThat(statuses)
          .filteredOn(code -> code != 200)
          .allMatch(code -> code == 409 || code == 410);
    } finally {
      pool.shutdownNow();
    }
    assertThat(auditOf(id)).filteredOn(r -> r.entry().event() == AuditEvent.APPROVED).hasSize(1);
    assertThat(auditOf(id)).filteredOn(r -> r.entry().event() == AuditEvent.EXECUTED).hasSize(1);
    assertThat(tags(table)).contains("once");
  }

  @Test
  void aDestructiveActionNeedsTwoDifferentApproversEachWithTheirOwnLink() {
    Table table = table("destructive");
    long latest = table.refresh().latestSnapshot().orElseThrow().id();
    String id = propose("alice-token", table, "table.rollback_to", ",\"snapshot\":\"1\"");

    JsonPath requester = askForLinks("alice-chat", id);
    assertThat(requester.getList("card.links.action")).containsExactly("reject");
    assertThat(requester.getString("markdown")).contains("may not approve");

    String bobLink = token(linkUrl(askForLinks("bob-chat", id), "approve"));
    post(bobLink).then().statusCode(200).body(containsString("waits for further approvals"));
    assertThat(stored(id).state()).isEqualTo(ProposalState.PROPOSED);
    assertThat(table.refresh().latestSnapshot().orElseThrow().id()).isEqualTo(latest);

    // The same link asked for again within its second is the same token, already used; a later one
    // is a new token.
    post(token(linkUrl(askForLinks("bob-chat", id), "approve")))
        .then()
        .statusCode(org.hamcrest.Matchers.oneOf(409, 410));
    String bobLater =
        signer.sign(
            new ApprovalLink(
                id,
                Decision.APPROVE,
                "bob",
                Instant.now().plusSeconds(900),
                stored(id).bindingHash()));
    given()
        .get("/console/links/" + bobLater)
        .then()
        .statusCode(409)
        .body(containsString("bob already approved"));
    post(bobLater).then().statusCode(409).body(containsString("bob already approved"));
    assertThat(stored(id).approvers()).containsExactly("bob");

    String daveLink = token(linkUrl(askForLinks("dave-chat", id), "approve"));
    post(daveLink).then().statusCode(200).body(containsString("DONE"));
    assertThat(stored(id).state()).isEqualTo(ProposalState.DONE);
    assertThat(stored(id).approvers()).containsExactly("bob", "dave");
    assertThat(table.refresh().latestSnapshot().orElseThrow().id()).isNotEqualTo(latest);
  }

  @Test
  void theRequestersOwnApproveLinkIsRefusedForADestructiveAction() {
    Table table = table("self");
    String id = propose("alice-token", table, "table.rollback_to", ",\"snapshot\":\"1\"");
    Proposal p = stored(id);
    String token =
        signer.sign(
            new ApprovalLink(
                id, Decision.APPROVE, "alice", Instant.now().plusSeconds(600), p.bindingHash()));

    given()
        .get("/console/links/" + token)
        .then()
        .statusCode(403)
        .body(containsString("self-approval refused"));
    post(token).then().statusCode(403).body(containsString("self-approval refused"));

    assertThat(stored(id).approvals()).isEmpty();
    assertThat(stored(id).state()).isEqualTo(ProposalState.PROPOSED);
  }

  @Test
  void anExpiredLinkIsGone() {
    Table table = table("expired");
    String id = propose("carol-token", table, "table.create_tag", ",\"tag\":\"late\"");
    String token =
        signer.sign(
            new ApprovalLink(
                id,
                Decision.APPROVE,
                "alice",
                Instant.now().minusSeconds(1),
                stored(id).bindingHash()));

    given().get("/console/links/" + token).then().statusCode(410).body(containsString("expired"));
    post(token).then().statusCode(410).body(containsString("expired"));
    assertThat(tags(table)).doesNotContain("late");
  }

  @Test
  void aLinkNeverOutlivesItsProposal() {
    Table table = table("ttl");
    String id = propose("carol-token", table, "table.create_tag", ",\"tag\":\"x\"");
    String url = linkUrl(askForLinks("alice-chat", id), "approve");

    ApprovalLink link = signer.verify(token(url), Instant.now());
    assertThat(link.expires())
        .isBefore(Instant.now().plus(Duration.ofMinutes(31)))
        .isAfter(Instant.now().plus(Duration.ofMinutes(29)));
    assertThat(link.expires()).isBeforeOrEqualTo(stored(id).expires());
  }

  @Test
  void aLinkToAChangedProposalIsRefused() {
    Table table = table("changed");
    String id = propose("carol-token", table, "table.create_tag", ",\"tag\":\"stale\"");
    String other = "f".repeat(64);
    String forged =
        signer.sign(
            new ApprovalLink(id, Decision.APPROVE, "alice", Instant.now().plusSeconds(600), other));

    post(forged).then().statusCode(409).body(containsString("changed since the link was issued"));
    assertThat(stored(id).approvals()).isEmpty();
  }

  @Test
  void whenTheTableChangedAfterTheLinkWasIssuedTheApprovalDoesNotRun() {
    Table table = table("moved");
    String id = propose("carol-token", table, "table.create_tag", ",\"tag\":\"stale\"");
    String token = token(linkUrl(askForLinks("alice-chat", id), "approve"));
    commitRow(table, 4);

    post(token).then().statusCode(409).body(containsString("state changed since proposal"));
    assertThat(tags(table)).doesNotContain("stale");
    assertThat(stored(id).state()).isEqualTo(ProposalState.REFUSED);
  }

  @Test
  void badLinksGetAClearRefusalWithTheirStatus() {
    Table table = table("bad");
    String id = propose("carol-token", table, "table.create_tag", ",\"tag\":\"bad\"");
    String token = token(linkUrl(askForLinks("alice-chat", id), "approve"));
    String binding = stored(id).bindingHash();

    String tampered = token.replace(".a.", ".r.");
    given()
        .get("/console/links/" + tampered)
        .then()
        .statusCode(401)
        .body(containsString("signature does not verify"));
    post(tampered).then().statusCode(401);
    given()
        .get("/console/links/not-a-link")
        .then()
        .statusCode(400)
        .body(containsString("not an approval link"));
    String unknown =
        signer.sign(
            new ApprovalLink(
                "p-unknown", Decision.APPROVE, "alice", Instant.now().plusSeconds(60), binding));
    given()
        .get("/console/links/" + unknown)
        .then()
        .statusCode(404)
        .body(containsString("no proposal p-unknown"));
    String viewer =
        signer.sign(
            new ApprovalLink(
                id, Decision.APPROVE, "carol", Instant.now().plusSeconds(60), binding));
    post(viewer).then().statusCode(403).body(containsString("carol is not a configured approver"));
    String stranger =
        signer.sign(
            new ApprovalLink(
                id, Decision.REJECT, "mallory", Instant.now().plusSeconds(60), binding));
    post(stranger).then().statusCode(403).body(containsString("mallory"));
    given()
        .accept("application/json")
        .get("/console/links/" + tampered)
        .then()
        .statusCode(401)
        .contentType("application/json")
        .body("error", containsString("signature"));
    given()
        .formParam("nothing", "x")
        .post("/console/links")
        .then()
        .statusCode(400)
        .body(containsString("no link token"));
    given()
        .get("/console/links?lang=en")
        .then()
        .statusCode(400)
        .body(containsString("no link token"));
    given()
        .header("Sec-Fetch-Site", "cross-site")
        .formParam("token", token)
        .post("/console/links")
        .then()
        .statusCode(403);
    given().get("/console/links/" + token).then().statusCode(200);

    assertThat(stored(id).approvals()).isEmpty();
    assertThat(askForLinks("carol-chat", id).getString("markdown"))
        .contains("carol is not an approver");
    assertThat(askForLinks("mallory-chat", id).getString("markdown"))
        .contains("not a lakeops user");
  }

  @Test
  void fuzzedTokensNeverGetAServerError() {
    Table table = table("fuzz");
    String id = propose("carol-token", table, "table.create_tag", ",\"tag\":\"fuzz\"");
    String token = token(linkUrl(askForLinks("alice-chat", id), "reject"));
    Random random = new Random(11);
    String alphabet = "abcXYZ019-_.:~%20";
    for (int i = 0; i < 60; i++) {
      StringBuilder t = new StringBuilder(token);
      for (int e = 0; e < 1 + random.nextInt(3); e++) {
        t.setCharAt(random.nextInt(t.length()), alphabet.charAt(random.nextInt(alphabet.length())));
      }
      String mutated = t.toString();
      int get = given().urlEncodingEnabled(true).get("/console/links/{t}", mutated).statusCode();
      int post = post(mutated).statusCode();
      assertThat(get).as(mutated).isBetween(200, 499);
      assertThat(post).as(mutated).isBetween(200, 499);
    }
    String formGarbage = "\u0000\uffff" + "x".repeat(5000);
    assertThat(post(formGarbage).statusCode()).isBetween(400, 499);
    given()
        .get("/api/proposals/" + id)
        .then()
        .statusCode(200)
        .body("state", equalTo(stored(id).state().name()));
  }
}
