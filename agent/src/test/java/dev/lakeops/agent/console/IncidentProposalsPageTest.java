package dev.lakeops.agent.console;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.agent.alert.AlertStatus;
import dev.lakeops.agent.approval.ProposalService;
import dev.lakeops.agent.incident.Incident;
import dev.lakeops.agent.incident.IncidentId;
import dev.lakeops.agent.incident.IncidentStatus;
import dev.lakeops.agent.incident.IncidentStore;
import dev.lakeops.agent.triage.TriageOutcome;
import dev.lakeops.agent.triage.TriageRecorder;
import dev.lakeops.runbooks.AlertSignal;
import dev.lakeops.runbooks.Category;
import dev.lakeops.runbooks.Confidence;
import dev.lakeops.runbooks.ProposedAction;
import dev.lakeops.runbooks.TriageReport;
import dev.lakeops.runbooks.Verdict;
import dev.lakeops.runbooks.action.ActionKind;
import dev.lakeops.runbooks.action.RiskTier;
import dev.lakeops.runbooks.approval.Proposal;
import dev.lakeops.runbooks.approval.ProposalState;
import dev.lakeops.table.Table;
import dev.lakeops.table.catalog.Catalog;
import dev.lakeops.table.catalog.Identifier;
import dev.lakeops.table.catalog.TableDefinition;
import dev.lakeops.table.data.Row;
import dev.lakeops.table.maintenance.Tags;
import dev.lakeops.table.types.AtomicType;
import dev.lakeops.table.types.TypeRoot;
import dev.lakeops.table.write.TableWrite;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The proposals of an incident's triage are stored on the approval gate and decided on the
 * incident's page, through the same checks as the proposal's own page.
 */
@QuarkusTest
@TestProfile(IncidentProposalsProfile.class)
class IncidentProposalsPageTest {

  private static final Pattern PROPOSAL_ID =
      Pattern.compile("href=\"/console/proposals/([^\"]+)\"");

  @Inject TriageRecorder recorder;

  @Inject IncidentStore store;

  @Inject ProposalService proposals;

  @Inject ConsoleSessions sessions;

  /** A real table {@code db.<name>} in the profile's warehouse with three commits. */
  static Table table(String name) {
    Catalog catalog = Catalog.local(IncidentProposalsProfile.WAREHOUSE);
    catalog.createDatabaseIfNotExists("db");
    Table t =
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
      try (TableWrite write = t.newWrite("flink-job")) {
        write.write(Row.of(i, "row" + i));
        t.newCommit().commit(write.prepareCommit(i));
      }
    }
    return t;
  }

  static String uniqueName() {
    return "t" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
  }

  /**
   * A triaged incident whose verdict proposes {@code proposed}, recorded the way the triage worker
   * records it; returns the incident id.
   */
  String triagedIncident(List<ProposedAction> proposed) {
    Instant now = Instant.now();
    Incident incident =
        new Incident(
            IncidentId.next(),
            UUID.randomUUID().toString().replace("-", "").substring(0, 16),
            now,
            IncidentStatus.TRIAGING,
            AlertStatus.FIRING,
            "LakeTableDuplicateKeys",
            Map.of("alertname", "LakeTableDuplicateKeys"),
            Map.of(),
            null,
            now,
            null,
            now,
            null,
            null);
    assertThat(store.insertIfNew(incident)).isEmpty();
    Verdict verdict =
        new Verdict(
            Category.DUPLICATES,
            "a restarted writer committed its last checkpoints again",
            Map.of(),
            List.of(),
            Confidence.HIGH,
            List.of("Approve the tag, then the rollback."),
            null,
            proposed);
    TriageReport report =
        new TriageReport(
            "table-duplicates-after-failover",
            new AlertSignal(Map.of(), Map.of()),
            verdict,
            List.of(),
            now,
            now,
            List.of(),
            null,
            List.of());
    assertThat(recorder.record(incident.id(), TriageOutcome.of(report))).isPresent();
    return incident.id();
  }

  static ProposedAction tag(Table t, String tag) {
    return new ProposedAction(
        "propose-tag",
        "table.create_tag",
        RiskTier.REVERSIBLE,
        Map.of("table", t.paths().root().toString(), "tag", tag),
        List.of(),
        "an undo point before the rollback",
        null);
  }

  static ProposedAction rollback(Table t) {
    return new ProposedAction(
        "propose-rollback",
        "table.rollback_to",
        RiskTier.DESTRUCTIVE,
        Map.of("table", t.paths().root().toString(), "snapshot", "2"),
        List.of(),
        "drop the replayed commit",
        null);
  }

  static ProposedAction incomplete() {
    return new ProposedAction(
        "propose-reset",
        "kafka.reset_offsets",
        RiskTier.DESTRUCTIVE,
        Map.of(),
        List.of("group"),
        "",
        null);
  }

  static String page(String incidentId, String session) {
    var request = given();
    if (session != null) {
      request = request.cookie(ConsoleSessions.COOKIE, session);
    }
    return request
        .get("/console/incidents/" + incidentId)
        .then()
        .statusCode(200)
        .extract()
        .asString();
  }

  static List<String> proposalIds(String page) {
    Matcher m = PROPOSAL_ID.matcher(page);
    List<String> ids = new java.util.ArrayList<>();
    while (m.find()) {
      ids.add(m.group(1));
    }
    return ids;
  }

  static Response decide(
      String incidentId, String proposalId, String verb, String session, String csrf) {
    var request =
        given()
            .redirects()
            .follow(false)
            .contentType(ContentType.URLENC)
            .cookie(ConsoleSessions.COOKIE, session);
    if (csrf != null) {
      request = request.formParam("csrf", csrf);
    }
    return request.post(
        "/console/incidents/" + incidentId + "/proposals/" + proposalId + "/" + verb);
  }

  private static java.util.Set<String> tags(Table t) {
    return new Tags(t.io(), t.paths()).list().keySet();
  }

  @Test
  void theTriagesProposalsAreStoredAndAnApproverSeesApproveAndRejectForThem() {
    Table t = table(uniqueName());
    String id = triagedIncident(List.of(tag(t, "before-rollback"), incomplete()));

    String alice = ConsolePagesTest.login(IncidentProposalsProfile.ALICE_TOKEN);
    String page = page(id, alice);

    List<String> ids = proposalIds(page);
    assertThat(ids).hasSize(1);
    Proposal stored = proposals.find(ids.get(0)).orElseThrow();
    assertThat(stored.action()).isEqualTo(ActionKind.TABLE_CREATE_TAG);
    assertThat(stored.requester()).isEqualTo(ProposalService.SYSTEM_ACTOR);
    assertThat(stored.state()).isEqualTo(ProposalState.PROPOSED);
    assertThat(stored.reason()).contains(id);
    assertThat(page)
        .contains("id=\"proposal-" + stored.id() + "\"")
        .contains("action=\"/console/incidents/" + id + "/proposals/" + stored.id() + "/approve\"")
        .contains("action=\"/console/incidents/" + id + "/proposals/" + stored.id() + "/reject\"")
        .contains("requested by lakeops")
        .contains("not stored as a proposal: incomplete: missing group")
        .doesNotContain("awaiting approval");
  }

  @Test
  void aViewerAndSomeoneNotLoggedInGetNoForms() {
    Table t = table(uniqueName());
    String id = triagedIncident(List.of(tag(t, "viewer-sees")));

    String bob = page(id, ConsolePagesTest.login(IncidentProposalsProfile.BOB_TOKEN));
    String nobody = page(id, null);

    assertThat(proposalIds(bob)).hasSize(1);
    assertThat(bob)
        .doesNotContain("/approve\"")
        .doesNotContain("/reject\"")
        .contains("bob is not an approver");
    assertThat(nobody)
        .doesNotContain("/approve\"")
        .contains("Log in as an approver to approve or reject.");
  }

  @Test
  void theRequesterOfAnIdenticalOpenProposalSeesItLinkedAndMayOnlyRejectIt() {
    Table t = table(uniqueName());
    // alice proposed the rollback herself before the triage finished.
    Proposal hers =
        proposals.propose(
            ActionKind.TABLE_ROLLBACK_TO, rollback(t).args(), "alice", "by hand", List.of(), null);
    String id = triagedIncident(List.of(rollback(t)));

    String alice = page(id, ConsolePagesTest.login(IncidentProposalsProfile.ALICE_TOKEN));
    String carol = page(id, ConsolePagesTest.login(IncidentProposalsProfile.CAROL_TOKEN));

    assertThat(proposalIds(alice)).containsExactly(hers.id());
    assertThat(proposals.list()).filteredOn(p -> p.args().equals(hers.args())).hasSize(1);
    assertThat(alice)
        .contains("requested by alice")
        .doesNotContain("/proposals/" + hers.id() + "/approve\"")
        .contains("/proposals/" + hers.id() + "/reject\"");
    assertThat(carol).contains("/proposals/" + hers.id() + "/approve\"");
  }

  @Test
  void approvingRedirectsBackToTheIncidentShowingTheExecutionAndASecondDecisionIsRefused() {
    Table t = table(uniqueName());
    String id = triagedIncident(List.of(tag(t, "approved-here")));
    String alice = ConsolePagesTest.login(IncidentProposalsProfile.ALICE_TOKEN);
    String before = page(id, alice);
    String proposal = proposalIds(before).get(0);

    Response approved = decide(id, proposal, "approve", alice, ConsolePagesTest.csrfOf(before));

    assertThat(approved.statusCode()).isEqualTo(303);
    assertThat(approved.header("Location"))
        .endsWith("/console/incidents/" + id + "#proposal-" + proposal);
    assertThat(tags(t)).contains("approved-here");
    String after = page(id, alice);
    assertThat(after)
        .contains("<span class=\"proposal-state\">DONE</span>")
        .contains("EXECUTED: ")
        .contains("VERIFIED: ")
        .doesNotContain("/proposals/" + proposal + "/approve\"");

    Response again = decide(id, proposal, "approve", alice, sessions.csrf(alice));
    assertThat(again.statusCode()).isEqualTo(409);
    assertThat(again.asString())
        .contains("Refused")
        .contains("proposal " + proposal + " is DONE")
        .doesNotContain("Exception");
    Response reject = decide(id, proposal, "reject", alice, sessions.csrf(alice));
    assertThat(reject.statusCode()).isEqualTo(409);
    assertThat(proposals.find(proposal).orElseThrow().state()).isEqualTo(ProposalState.DONE);
  }

  @Test
  void rejectingOnTheIncidentPageClosesTheProposal() {
    Table t = table(uniqueName());
    String id = triagedIncident(List.of(tag(t, "rejected-here")));
    String alice = ConsolePagesTest.login(IncidentProposalsProfile.ALICE_TOKEN);
    String before = page(id, alice);
    String proposal = proposalIds(before).get(0);

    Response rejected = decide(id, proposal, "reject", alice, ConsolePagesTest.csrfOf(before));

    assertThat(rejected.statusCode()).isEqualTo(303);
    assertThat(proposals.find(proposal).orElseThrow().state()).isEqualTo(ProposalState.REJECTED);
    assertThat(page(id, alice))
        .contains("<span class=\"proposal-state\">REJECTED</span>")
        .contains("REJECTED: alice rejected table.create_tag");
    assertThat(tags(t)).doesNotContain("rejected-here");
  }

  @Test
  void aDecisionWithoutTheSessionsCsrfTokenOrByAViewerIsRefusedAndChangesNothing() {
    Table t = table(uniqueName());
    String id = triagedIncident(List.of(tag(t, "csrf-guarded")));
    String alice = ConsolePagesTest.login(IncidentProposalsProfile.ALICE_TOKEN);
    String bob = ConsolePagesTest.login(IncidentProposalsProfile.BOB_TOKEN);
    String page = page(id, alice);
    String proposal = proposalIds(page).get(0);

    Response missing = decide(id, proposal, "approve", alice, null);
    Response wrong = decide(id, proposal, "approve", alice, "not-the-token");
    Response viewer = decide(id, proposal, "approve", bob, sessions.csrf(bob));

    assertThat(missing.statusCode()).isEqualTo(403);
    assertThat(missing.asString()).contains("CSRF token is missing");
    assertThat(wrong.statusCode()).isEqualTo(403);
    assertThat(viewer.statusCode()).isEqualTo(403);
    assertThat(viewer.asString()).contains("bob is not an approver");
    assertThat(proposals.find(proposal).orElseThrow().state()).isEqualTo(ProposalState.PROPOSED);
    assertThat(tags(t)).doesNotContain("csrf-guarded");
  }

  @Test
  void aProposalThatIsNotOneOfTheIncidentsIsNotDecidedThere() {
    Table t = table(uniqueName());
    String id = triagedIncident(List.of(tag(t, "this-incident")));
    Proposal other =
        ConsoleFixtures.tagProposal(
            proposals, IncidentProposalsProfile.WAREHOUSE.resolve(uniqueName()), "elsewhere");
    String alice = ConsolePagesTest.login(IncidentProposalsProfile.ALICE_TOKEN);

    Response r = decide(id, other.id(), "approve", alice, ConsolePagesTest.csrfOf(page(id, alice)));

    assertThat(r.statusCode()).isEqualTo(404);
    assertThat(r.asString()).contains("is not one of the proposals of this incident");
    assertThat(proposals.find(other.id()).orElseThrow().state()).isEqualTo(ProposalState.PROPOSED);
  }

  @Test
  void theLabelsAreInChineseToo() {
    Table t = table(uniqueName());
    String id = triagedIncident(List.of(tag(t, "zh-labels"), incomplete()));

    String page =
        given()
            .get("/console/incidents/" + id + "?lang=zh-CN")
            .then()
            .statusCode(200)
            .extract()
            .asString();

    assertThat(page).contains("由 lakeops 提出").contains("未存为提议");
  }
}
