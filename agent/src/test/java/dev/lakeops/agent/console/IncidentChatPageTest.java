package dev.lakeops.agent.console;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.agent.chat.ChatThreadStore;
import dev.lakeops.agent.chat.ChatTurn;
import dev.lakeops.agent.report.IncidentConversations;
import dev.lakeops.agent.report.ReportThreads;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** An incident's chat thread on its console page and in {@code GET /api/incidents/{id}}. */
@QuarkusTest
@TestProfile(ConsoleProfile.class)
class IncidentChatPageTest {

  private static final String SCRIPT = "<script>alert(1)</script>";

  @Inject ReportThreads reportThreads;

  @Inject ChatThreadStore turns;

  static void chat(String thread, String user, String text) {
    given()
        .contentType(ContentType.JSON)
        .body(Map.of("thread", thread, "user", user, "text", text))
        .post("/api/chat")
        .then()
        .statusCode(200);
  }

  static JsonPath json(String id) {
    return given()
        .get("/api/incidents/" + id)
        .then()
        .statusCode(200)
        .contentType(ContentType.JSON)
        .extract()
        .jsonPath();
  }

  static String page(String id) {
    return given().get("/console/incidents/" + id).then().statusCode(200).extract().asString();
  }

  @Test
  void restThreadTurnsAreShownOldestFirstAndTheirHtmlAsText() {
    String id = ConsoleFixtures.postAlert("ChatThreadProbe", "disk full");

    chat("incident-" + id, "ann", "first words");
    chat("incident-" + id, "ann", SCRIPT);
    chat(id, "bob", "third, in the thread named by the bare id");

    JsonPath incident = json(id);
    List<Map<String, Object>> chat = incident.getList("chat");
    List<Map<String, Object>> people =
        chat.stream().filter(t -> "PERSON".equals(t.get("author"))).toList();
    assertThat(people)
        .extracting(t -> t.get("text"))
        .containsExactly("first words", SCRIPT, "third, in the thread named by the bare id");
    assertThat(people).extracting(t -> t.get("user")).containsExactly("ann", "ann", "bob");
    assertThat(chat).hasSize(6).allSatisfy(t -> assertThat((String) t.get("at")).isNotBlank());
    assertThat(chat.get(1)).containsEntry("author", "LAKEOPS").containsEntry("user", "lakeops");
    assertThat(chat.stream().map(t -> Instant.parse((String) t.get("at"))).toList()).isSorted();
    assertThat(incident.getBoolean("chatOlderLeftOut")).isFalse();

    String page = page(id);
    String section = page.substring(page.indexOf("<section id=\"chat\">"));
    assertThat(section)
        .contains("Chat thread")
        .doesNotContain("<script>alert(1)")
        .contains("<div class=\"turn\"><p>&lt;script&gt;alert(1)&lt;/script&gt;</p>");
    assertThat(section.indexOf("first words"))
        .isPositive()
        .isLessThan(section.indexOf("&lt;script&gt;alert(1)"));
    assertThat(section.indexOf("&lt;script&gt;alert(1)"))
        .isLessThan(section.indexOf("third, in the thread named by the bare id"));
    assertThat(section)
        .contains("<td class=\"mono\">ann</td>")
        .contains("<td class=\"mono\">bob</td>")
        .contains("<td class=\"mono\">lakeops</td>")
        .doesNotContain("id=\"chat-none\"")
        .doesNotContain("id=\"chat-older\"");
    assertThat(page).doesNotContain("Report posted");
  }

  @Test
  void anIncidentNobodyTalkedAboutShowsADashAndEmptyJson() {
    String id = ConsoleFixtures.postAlert("ChatlessProbe", "nothing said");

    JsonPath incident = json(id);
    assertThat(incident.getMap("$"))
        .containsEntry("reportThread", null)
        .containsKey("reportThread");
    assertThat(incident.getList("chat")).isEmpty();

    String page = page(id);
    assertThat(page)
        .contains("<p class=\"muted\" id=\"chat-none\">-</p>")
        .doesNotContain("id=\"chat-turns\"")
        .doesNotContain("Report posted");
    assertThat(
            given()
                .get("/console/incidents/" + id + "?lang=zh-CN")
                .then()
                .statusCode(200)
                .extract()
                .asString())
        .contains("聊天记录");
  }

  @Test
  void theReportThreadIsOnTheTimelineAndItsTurnsInTheChat() {
    String id = ConsoleFixtures.postAlert("ReportThreadProbe", "posted to slack");
    String key = ReportThreads.slackKey("C0999", "1700000000.000200");
    reportThreads.remember(id, key);
    turns.append(
        key, new ChatTurn(ChatTurn.Author.PERSON, "U42", "seen in <b>slack</b>", Instant.now()));

    JsonPath incident = json(id);
    assertThat(incident.getString("reportThread.platform")).isEqualTo("slack");
    assertThat(incident.getString("reportThread.threadKey")).isEqualTo(key);
    assertThat(Instant.parse(incident.getString("reportThread.postedAt")))
        .isAfter(Instant.parse(incident.getString("receivedAt")));
    assertThat(incident.getList("chat.text")).containsExactly("seen in <b>slack</b>");
    assertThat(incident.getList("chat.user")).containsExactly("U42");

    String page = page(id);
    String timeline =
        page.substring(
            page.indexOf("<table id=\"timeline\">"),
            page.indexOf("</table>", page.indexOf("<table id=\"timeline\">")));
    assertThat(timeline).contains("Report posted").contains("(slack · C0999 · 1700000000.000200)");
    assertThat(timeline.indexOf("Received")).isLessThan(timeline.indexOf("Report posted"));
    assertThat(page)
        .contains("<div class=\"turn\"><p>seen in &lt;b&gt;slack&lt;/b&gt;</p>")
        .contains("<td class=\"mono\">U42</td>");
    assertThat(
            given()
                .get("/console/incidents/" + id + "?lang=zh-CN")
                .then()
                .statusCode(200)
                .extract()
                .asString())
        .contains("报告已发送");
  }

  @Test
  void onlyTheNewestTurnsAcrossItsThreadsAreShownAndOlderOnesAreSaidToBeLeftOut() {
    String id = ConsoleFixtures.postAlert("LongChatProbe", "much said");
    String report = ReportThreads.slackKey("C0998", "1700000000.000300");
    reportThreads.remember(id, report);
    List<String> keys = List.of(report, "api:api:" + id, "api:api:incident-" + id);
    Instant start = Instant.parse("2026-01-01T00:00:00Z");
    int perThread = 20;
    for (int n = 0; n < perThread * keys.size(); n++) {
      // Interleaved: turn n goes to thread n % 3, one second after turn n - 1.
      turns.append(
          keys.get(n % keys.size()),
          new ChatTurn(ChatTurn.Author.PERSON, "u", "turn " + n, start.plusSeconds(n)));
    }

    JsonPath incident = json(id);
    List<String> texts = incident.getList("chat.text");
    assertThat(texts).hasSize(IncidentConversations.SHOWN);
    assertThat(texts.get(0))
        .isEqualTo("turn " + (perThread * keys.size() - IncidentConversations.SHOWN));
    assertThat(texts.get(texts.size() - 1)).isEqualTo("turn " + (perThread * keys.size() - 1));
    assertThat(incident.getBoolean("chatOlderLeftOut")).isTrue();

    assertThat(page(id))
        .contains(
            "<p class=\"muted\" id=\"chat-older\">Only the newest 50 turns are shown; older ones"
                + " are left out.</p>")
        .doesNotContain(">turn 9<")
        .contains(">turn 10</p>")
        .contains(">turn 59</p>");
  }
}
