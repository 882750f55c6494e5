package dev.lakeops.agent.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.lakeops.agent.alert.AlertStatus;
import dev.lakeops.agent.chat.ChatMessage;
import dev.lakeops.agent.chat.Language;
import dev.lakeops.agent.chat.Platform;
import dev.lakeops.agent.im.ChannelLanguages;
import dev.lakeops.agent.im.Digests;
import dev.lakeops.agent.im.ImConfig;
import dev.lakeops.agent.im.ImHttp;
import dev.lakeops.agent.im.LoopbackPlatform;
import dev.lakeops.agent.im.feishu.FeishuClient;
import dev.lakeops.agent.incident.Incident;
import dev.lakeops.agent.incident.IncidentStatus;
import dev.lakeops.agent.incident.JdbcIncidentStore;
import dev.lakeops.agent.store.TestDatabases;
import dev.lakeops.runbooks.AlertSignal;
import dev.lakeops.runbooks.Category;
import dev.lakeops.runbooks.Confidence;
import dev.lakeops.runbooks.TriageReport;
import dev.lakeops.runbooks.Verdict;
import dev.lakeops.tools.Json;
import io.smallrye.config.PropertiesConfigSource;
import io.smallrye.config.SmallRyeConfig;
import io.smallrye.config.SmallRyeConfigBuilder;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Each report channel other than Slack (see {@link ReportPostingTest}) end to end from the poster:
 * the real sender and platform client post to a loopback server that records the request in the
 * platform's format; threads are remembered in a real (H2) database.
 */
class ReportPlatformsTest {

  private static final Duration WAIT = Duration.ofSeconds(20);
  private static final Instant NOW = Instant.parse("2026-05-01T12:00:00Z");
  private static final Clock CLOCK = Clock.fixed(NOW, ZoneOffset.UTC);
  private static final String SECRET = "SEC-robot-secret";
  private static LoopbackPlatform platform;

  @TempDir Path dir;

  private DataSource db;
  private final List<ReportPoster> posters = new ArrayList<>();

  @BeforeAll
  static void start() {
    platform = LoopbackPlatform.start(63010);
  }

  @AfterAll
  static void stop() {
    platform.close();
  }

  @BeforeEach
  void fresh() {
    platform.drain();
    db = TestDatabases.h2(dir);
  }

  @AfterEach
  void stopPosters() {
    posters.forEach(ReportPoster::stop);
  }

  @Test
  void feishuAppFetchesATenantTokenPostsACardAndARepeatRepliesInItsThread() throws Exception {
    ReportThreads threads = new ReportThreads(db, CLOCK);
    ReportPoster poster = poster("feishu:oc_reports", threads, Map.of());
    Incident incident = triaged();

    poster.triaged(incident);

    LoopbackPlatform.Captured token = platform.next("/auth/v3/tenant_access_token/internal", WAIT);
    assertThat(token.json().path("app_id").asText()).isEqualTo("cli_report_app");
    assertThat(token.json().path("app_secret").asText()).isEqualTo("report-app-secret");
    LoopbackPlatform.Captured post = platform.next("/im/v1/messages", WAIT);
    assertThat(post.pathAndQuery())
        .isEqualTo("/feishu/open-apis/im/v1/messages?receive_id_type=chat_id");
    assertThat(post.header("Authorization")).isEqualTo("Bearer t-loopback");
    JsonNode body = post.json();
    assertThat(body.path("receive_id").asText()).isEqualTo("oc_reports");
    assertThat(body.path("msg_type").asText()).isEqualTo("interactive");
    JsonNode card = Json.mapper().readTree(body.path("content").asText());
    String markdown = card.path("elements").get(0).path("content").asText();
    assertThat(markdown)
        .contains("TableDuplicateRows")
        .contains("DUPLICATES")
        .contains(link(incident));
    String key = awaitThread(threads, incident.id());
    assertThat(key).matches("feishu:oc_reports:om_loopback_\\d+");
    String messageId = key.substring(key.lastIndexOf(':') + 1);
    assertThat(key).isEqualTo(ReportThreads.feishuKey("oc_reports", messageId));
    assertThat(threads.incidentFor(key)).contains(incident.id());

    poster.repeated(incident);

    LoopbackPlatform.Captured reply = platform.next("/im/v1/messages/", WAIT);
    assertThat(reply.pathAndQuery())
        .isEqualTo("/feishu/open-apis/im/v1/messages/" + messageId + "/reply");
    String replyText =
        Json.mapper()
            .readTree(reply.json().path("content").asText())
            .path("elements")
            .get(0)
            .path("content")
            .asText();
    assertThat(replyText).contains("still firing, joined incident").contains(incident.id());

    // A person's reply in that thread (root_id = the report) is a message whose thread key is the
    // stored one.
    new JdbcIncidentStore(db).insertIfNew(incident);
    ChatMessage followUp =
        new ChatMessage(Platform.FEISHU, messageId, "oc_reports", "ou_1", "状态", Language.ZH_CN);
    assertThat(new ReportThreadIncidents(threads, new JdbcIncidentStore(db)).find(followUp))
        .map(Incident::id)
        .contains(incident.id());
  }

  @Test
  void aRestartedOrSecondPosterNeverPostsTheSameReportAgain() throws Exception {
    Incident incident = triaged();
    poster("feishu:oc_reports", new ReportThreads(db, CLOCK), Map.of()).triaged(incident);
    platform.next("/im/v1/messages", WAIT);

    // Another instance (or this one after a restart) over the same database sees the triage again.
    ReportPoster restarted =
        poster("feishu:oc_reports", new ReportThreads(TestDatabases.h2(dir), CLOCK), Map.of());
    restarted.triaged(incident);
    Incident marker = triaged();
    restarted.triaged(marker);

    // Posts run in order on one thread: the next message posted is the marker's, not a second
    // report.
    JsonNode next = platform.next("/im/v1/messages", WAIT).json();
    assertThat(Json.mapper().readTree(next.path("content").asText()).toString())
        .contains(marker.id())
        .doesNotContain(incident.id());
  }

  @Test
  void feishuCustomBotWebhookIsSignedWithTimestampAndSecret() throws Exception {
    String webhook = platform.baseUrl() + "/open-apis/bot/v2/hook/b-1";
    ReportPoster poster =
        poster(
            "feishu-webhook:" + webhook,
            new ReportThreads(db, CLOCK),
            Map.of("lakeops.report.webhook-secret", SECRET));
    Incident incident = triaged();

    poster.triaged(incident);

    JsonNode body = platform.next("/open-apis/bot/v2/hook/b-1", WAIT).json();
    assertThat(body.path("timestamp").asText()).isEqualTo(Long.toString(NOW.getEpochSecond()));
    String expected =
        Base64.getEncoder()
            .encodeToString(
                Digests.hmacSha256(
                    (NOW.getEpochSecond() + "\n" + SECRET).getBytes(StandardCharsets.UTF_8),
                    new byte[0]));
    assertThat(body.path("sign").asText())
        .isEqualTo(expected)
        .isEqualTo(FeishuClient.webhookSign(body.path("timestamp").asText(), SECRET));
    assertThat(body.path("msg_type").asText()).isEqualTo("interactive");
    assertThat(body.path("card").path("elements").get(0).path("content").asText())
        .contains("TableDuplicateRows")
        .contains(link(incident));
    assertNoThreadAndNoRepeat(poster, incident, "/open-apis/bot/v2/hook/b-1");
  }

  @Test
  void dingTalkRobotWebhookCarriesTimestampAndSignInItsQuery() throws Exception {
    String webhook = platform.baseUrl() + "/robot/send?access_token=dt-token";
    ReportPoster poster =
        poster(
            "dingtalk-robot:" + webhook,
            new ReportThreads(db, CLOCK),
            Map.of("lakeops.report.webhook-secret", SECRET));
    Incident incident = triaged();

    poster.triaged(incident);

    LoopbackPlatform.Captured post = platform.next("/robot/send", WAIT);
    Map<String, String> query = query(post.pathAndQuery());
    assertThat(query)
        .containsEntry("access_token", "dt-token")
        .containsEntry("timestamp", Long.toString(NOW.toEpochMilli()));
    String expected =
        Base64.getEncoder()
            .encodeToString(
                Digests.hmacSha256(
                    SECRET.getBytes(StandardCharsets.UTF_8),
                    (NOW.toEpochMilli() + "\n" + SECRET).getBytes(StandardCharsets.UTF_8)));
    assertThat(query.get("sign")).isEqualTo(expected);
    JsonNode body = post.json();
    assertThat(body.path("msgtype").asText()).isEqualTo("markdown");
    assertThat(body.path("markdown").path("title").asText()).isEqualTo("lakeops");
    assertThat(body.path("markdown").path("text").asText())
        .contains("TableDuplicateRows")
        .contains(link(incident));
    assertNoThreadAndNoRepeat(poster, incident, "/robot/send");
  }

  @Test
  void weComAppGetsATokenAndSendsMarkdownToTheUser() throws Exception {
    ReportPoster poster = poster("wecom:zhangsan", new ReportThreads(db, CLOCK), Map.of());
    Incident incident = triaged();

    poster.triaged(incident);

    LoopbackPlatform.Captured token = platform.next("/cgi-bin/gettoken", WAIT);
    assertThat(token.method()).isEqualTo("GET");
    assertThat(query(token.pathAndQuery()))
        .containsEntry("corpid", "wx-report-corp")
        .containsEntry("corpsecret", "report-wecom-secret");
    LoopbackPlatform.Captured send = platform.next("/cgi-bin/message/send", WAIT);
    assertThat(query(send.pathAndQuery())).containsEntry("access_token", "wecom-loopback-token");
    JsonNode body = send.json();
    assertThat(body.path("touser").asText()).isEqualTo("zhangsan");
    assertThat(body.path("agentid").asLong()).isEqualTo(1000002L);
    assertThat(body.path("msgtype").asText()).isEqualTo("markdown");
    assertThat(body.path("markdown").path("content").asText())
        .contains("TableDuplicateRows")
        .contains(link(incident));
    assertNoThreadAndNoRepeat(poster, incident, "/cgi-bin/message/send");
  }

  @Test
  void weComGroupRobotPostsMarkdownToItsKeysWebhook() throws Exception {
    ReportPoster poster = poster("wecom-robot:robot-key-1", new ReportThreads(db, CLOCK), Map.of());
    Incident incident = triaged();

    poster.triaged(incident);

    LoopbackPlatform.Captured post = platform.next("/cgi-bin/webhook/send", WAIT);
    assertThat(post.pathAndQuery()).isEqualTo("/wecom/cgi-bin/webhook/send?key=robot-key-1");
    JsonNode body = post.json();
    assertThat(body.path("msgtype").asText()).isEqualTo("markdown");
    assertThat(body.path("markdown").path("content").asText())
        .contains("TableDuplicateRows")
        .contains(link(incident));
    assertNoThreadAndNoRepeat(poster, incident, "/cgi-bin/webhook/send");
  }

  @Test
  void aRefusedPostIsRecordedAsTheIncidentsFailure() throws Exception {
    String webhook = platform.baseUrl() + "/refuse/robot/send?access_token=x";
    ReportPoster poster =
        poster("dingtalk-robot:" + webhook, new ReportThreads(db, CLOCK), Map.of());
    Incident incident = triaged();

    poster.triaged(incident);

    platform.next("/refuse/robot/send", WAIT);
    Instant deadline = Instant.now().plus(WAIT);
    while (poster.failure(incident.id()).isEmpty() && Instant.now().isBefore(deadline)) {
      Thread.sleep(20);
    }
    assertThat(poster.failure(incident.id()))
        .hasValueSatisfying(f -> assertThat(f).contains("errcode 40014"));
  }

  /**
   * Unthreaded channels: no thread is remembered, and a repeat posts nothing (the next post is a
   * marker's report).
   */
  private void assertNoThreadAndNoRepeat(ReportPoster poster, Incident incident, String path)
      throws Exception {
    poster.repeated(incident);
    Incident marker = triaged();
    poster.triaged(marker);
    assertThat(platform.next(path, WAIT).body())
        .contains(marker.id())
        .doesNotContain("still firing");
    assertThat(new ReportThreads(db, CLOCK).threadOf(incident.id())).isEmpty();
  }

  private ReportPoster poster(String channel, ReportThreads threads, Map<String, String> extra) {
    Map<String, String> properties = new HashMap<>();
    properties.put("lakeops.report.channel", channel);
    properties.put("lakeops.report.language", "en");
    properties.put("lakeops.report.public-url", "https://lakeops.test");
    properties.put("lakeops.im.feishu.app-id", "cli_report_app");
    properties.put("lakeops.im.feishu.app-secret", "report-app-secret");
    properties.put("lakeops.im.feishu.api-base-url", platform.baseUrl() + "/feishu/open-apis");
    properties.put("lakeops.im.wecom.corp-id", "wx-report-corp");
    properties.put("lakeops.im.wecom.secret", "report-wecom-secret");
    properties.put("lakeops.im.wecom.agent-id", "1000002");
    properties.put("lakeops.im.wecom.api-base-url", platform.baseUrl() + "/wecom");
    properties.putAll(extra);
    SmallRyeConfig config =
        new SmallRyeConfigBuilder()
            .withMapping(ReportConfig.class)
            .withMapping(ImConfig.class)
            .withSources(new PropertiesConfigSource(properties, "test", 100))
            .build();
    ReportPoster poster =
        new ReportPoster(
            config.getConfigMapping(ReportConfig.class),
            config.getConfigMapping(ImConfig.class),
            new ImHttp(),
            ChannelLanguages.of(Language.EN),
            CLOCK,
            threads);
    posters.add(poster);
    return poster;
  }

  private static Incident triaged() {
    Verdict verdict =
        new Verdict(
            Category.DUPLICATES,
            "lake.orders has duplicate keys",
            Map.of("table", "lake.orders"),
            List.of(),
            Confidence.HIGH,
            List.of("Approve the rollback."));
    TriageReport report =
        new TriageReport(
            "table-duplicates-after-failover",
            new AlertSignal(Map.of(), Map.of()),
            verdict,
            List.of(),
            NOW,
            NOW);
    return new Incident(
            UUID.randomUUID().toString(),
            "c0ffee0000000001",
            NOW,
            IncidentStatus.TRIAGING,
            AlertStatus.FIRING,
            "TableDuplicateRows",
            Map.of("alertname", "TableDuplicateRows"),
            Map.of(),
            null,
            NOW,
            null,
            NOW,
            null,
            null)
        .triaged(report, NOW);
  }

  private static String link(Incident incident) {
    return "https://lakeops.test/api/incidents/" + incident.id() + "?format=markdown";
  }

  private static String awaitThread(ReportThreads threads, String incidentId)
      throws InterruptedException {
    Instant deadline = Instant.now().plus(WAIT);
    while (threads.threadOf(incidentId).isEmpty() && Instant.now().isBefore(deadline)) {
      Thread.sleep(20);
    }
    assertThat(threads.threadOf(incidentId)).as("thread of incident %s", incidentId).isPresent();
    return threads.threadOf(incidentId).get();
  }

  private static Map<String, String> query(String pathAndQuery) {
    Map<String, String> out = new LinkedHashMap<>();
    String q = pathAndQuery.substring(pathAndQuery.indexOf('?') + 1);
    for (String pair : q.split("&")) {
      int eq = pair.indexOf('=');
      out.put(
          URLDecoder.decode(pair.substring(0, eq), StandardCharsets.UTF_8),
          URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8));
    }
    return out;
  }
}
