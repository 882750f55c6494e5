package dev.lakeops.agent.console;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakeops.agent.approval.GateProposals;
import dev.lakeops.agent.approval.ProposalService;
import dev.lakeops.agent.incident.IncidentStore;
import dev.lakeops.agent.llm.ProposalDraft;
import dev.lakeops.agent.triage.TriageRecorder;
import dev.lakeops.runbooks.action.ActionKind;
import dev.lakeops.table.Table;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * A proposal identical to an open one is refused at every front door with the open one's id: the
 * REST API (409, {@code existing}), chat (in words, with the open one's card) and the model's
 * {@code propose_action}.
 */
@QuarkusTest
@TestProfile(IncidentProposalsProfile.class)
class DuplicateProposalFrontDoorsTest {

  private static final Pattern ID = Pattern.compile("`(p[0-9a-z]+-[0-9a-f]{10})`");

  @Inject ProposalService proposals;

  @Inject TriageRecorder recorder;

  @Inject IncidentStore store;

  private static JsonPath propose(Table t, String tag, int status) {
    return given()
        .header("Authorization", "Bearer " + IncidentProposalsProfile.BOB_TOKEN)
        .contentType("application/json")
        .body(
            "{\"action\":\"table.create_tag\",\"args\":{\"table\":\""
                + t.paths().root()
                + "\",\"tag\":\""
                + tag
                + "\"},\"reason\":\"by hand\"}")
        .post("/api/proposals")
        .then()
        .statusCode(status)
        .extract()
        .jsonPath();
  }

  private static String chat(String text) {
    return given()
        .contentType("application/json")
        .body("{\"thread\":\"dup\",\"user\":\"alice-chat\",\"text\":\"" + text + "\"}")
        .post("/api/chat")
        .then()
        .statusCode(200)
        .extract()
        .path("markdown");
  }

  @Test
  void theRestApiAnswers409WithTheOpenProposalsId() {
    Table t = IncidentProposalsPageTest.table(IncidentProposalsPageTest.uniqueName());
    String first = propose(t, "twice", 201).getString("id");

    JsonPath second = propose(t, "twice", 409);

    assertThat(second.getString("existing")).isEqualTo(first);
    assertThat(second.getString("error"))
        .contains("proposal " + first + " of the same action and arguments is still open")
        .contains("approve or reject " + first);
    assertThat(propose(t, "another-tag", 201).getString("id")).isNotEqualTo(first);
  }

  @Test
  void aProposalByHandOfWhatTheTriageProposedPointsAtTheTriagesOwn() {
    Table t = IncidentProposalsPageTest.table(IncidentProposalsPageTest.uniqueName());
    IncidentProposalsPageTest page = new IncidentProposalsPageTest();
    page.recorder = recorder;
    page.store = store;
    page.proposals = proposals;
    String incident =
        page.triagedIncident(List.of(IncidentProposalsPageTest.tag(t, "triage-made")));
    String triages =
        IncidentProposalsPageTest.proposalIds(IncidentProposalsPageTest.page(incident, null))
            .get(0);

    JsonPath byHand = propose(t, "triage-made", 409);

    assertThat(byHand.getString("existing")).isEqualTo(triages);
    JsonPath api =
        given().get("/api/incidents/" + incident).then().statusCode(200).extract().jsonPath();
    assertThat(api.getString("triageProposals[0].proposalId")).isEqualTo(triages);
    assertThat(api.getInt("triageProposals[0].index")).isZero();
  }

  @Test
  void chatSaysInWordsWhichProposalIsAlreadyOpen() {
    String name = IncidentProposalsPageTest.uniqueName();
    IncidentProposalsPageTest.table(name);

    String first = chat("rollback db." + name + " 2");
    Matcher m = ID.matcher(first);
    assertThat(m.find()).as("a proposal id in " + first).isTrue();
    String id = m.group(1);

    String second = chat("rollback db." + name + " 2");
    String zh = chat("回滚 db." + name + " 到快照 2");

    assertThat(second)
        .contains("An identical proposal `" + id + "` is already open")
        .contains("approve or reject " + id);
    assertThat(zh).contains("相同的提案 `" + id + "`");
    assertThat(proposals.list()).filteredOn(p -> p.args().containsValue("db." + name)).hasSize(1);
  }

  @Test
  void theModelsProposeActionIsToldTheOpenProposalsId() {
    Table t = IncidentProposalsPageTest.table(IncidentProposalsPageTest.uniqueName());
    GateProposals model = new GateProposals(proposals);
    ProposalDraft draft =
        new ProposalDraft(
            ActionKind.TABLE_CREATE_TAG,
            Map.of("table", t.paths().root().toString(), "tag", "from-model"),
            "llm",
            "the model thinks so",
            List.of(),
            "tag it");
    String first = model.propose(draft).id();

    assertThatThrownBy(() -> model.propose(draft))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining(first);
  }
}
