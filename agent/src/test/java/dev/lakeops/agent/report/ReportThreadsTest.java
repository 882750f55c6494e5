package dev.lakeops.agent.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.agent.chat.ChatMessage;
import dev.lakeops.agent.chat.ChatTurn;
import dev.lakeops.agent.chat.JdbcChatThreadStore;
import dev.lakeops.agent.chat.Language;
import dev.lakeops.agent.chat.Platform;
import dev.lakeops.agent.incident.Incident;
import dev.lakeops.agent.incident.JdbcIncidentStore;
import dev.lakeops.agent.incident.SampleIncidents;
import dev.lakeops.agent.store.TestDatabases;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReportThreadsTest {

  private static final Instant NOW = Instant.parse("2026-05-01T12:00:00Z");
  private static final Clock CLOCK = Clock.fixed(NOW, ZoneOffset.UTC);

  @TempDir Path dir;

  @Test
  void mapsIncidentsAndThreadsBothWaysAcrossARestart() {
    DataSource db = TestDatabases.h2(dir);
    ReportThreads before = new ReportThreads(db, CLOCK);
    assertThat(before.claim("inc-1", "slack")).isTrue();
    before.remember("inc-1", ReportThreads.slackKey("C0123", "1700000000.000100"));

    ReportThreads after = new ReportThreads(TestDatabases.h2(dir), CLOCK);

    assertThat(after.incidentFor("slack:C0123:1700000000.000100")).contains("inc-1");
    assertThat(after.threadOf("inc-1")).contains("slack:C0123:1700000000.000100");
    assertThat(after.incidentFor("slack:C0123:1")).isEmpty();
    assertThat(after.threadOf("inc-2")).isEmpty();
  }

  @Test
  void aReportIsClaimedOnceEvenByAnotherInstanceOrAfterARestart() {
    DataSource db = TestDatabases.h2(dir);
    ReportThreads one = new ReportThreads(db, CLOCK);
    ReportThreads two = new ReportThreads(db, CLOCK);

    assertThat(one.claim("inc-1", "wecom")).isTrue();
    assertThat(two.claim("inc-1", "wecom")).isFalse();
    assertThat(new ReportThreads(TestDatabases.h2(dir), CLOCK).claim("inc-1", "wecom")).isFalse();
    assertThat(one.claim("inc-2", "wecom")).isTrue();
    // An unthreaded post has no thread to find.
    assertThat(one.threadOf("inc-1")).isEmpty();
  }

  @Test
  void rememberWithoutAClaimStillRecordsTheThread() {
    ReportThreads threads = new ReportThreads(TestDatabases.h2(dir), CLOCK);
    threads.remember("inc-9", ReportThreads.feishuKey("oc_1", "om_9"));
    assertThat(threads.incidentFor("feishu:oc_1:om_9")).contains("inc-9");
    assertThat(threads.claim("inc-9", "feishu")).isFalse();
  }

  @Test
  void theStoredKeysAreTheKeysOfMessagesInThoseThreads() {
    ChatMessage slackReply =
        new ChatMessage(Platform.SLACK, "1700000000.000100", "C0123", "U1", "status", Language.EN);
    ChatMessage feishuReply =
        new ChatMessage(Platform.FEISHU, "om_report", "oc_chat", "ou_1", "状态", Language.ZH_CN);

    assertThat(slackReply.threadKey())
        .isEqualTo(ReportThreads.slackKey("C0123", "1700000000.000100"));
    assertThat(feishuReply.threadKey()).isEqualTo(ReportThreads.feishuKey("oc_chat", "om_report"));
  }

  @Test
  void forgetsTheThreadsAndTurnsOfDeletedIncidentsOnly() {
    DataSource db = TestDatabases.h2(dir);
    JdbcIncidentStore incidents = new JdbcIncidentStore(db);
    Incident kept = SampleIncidents.firing(NOW);
    incidents.insertIfNew(kept);
    ReportThreads threads = new ReportThreads(db, CLOCK);
    JdbcChatThreadStore turns = new JdbcChatThreadStore(db, 20);
    threads.remember(kept.id(), "slack:C1:1.1");
    threads.remember("gone", "slack:C1:2.2");
    threads.claim("gone-unthreaded", "wecom");
    turns.append("slack:C1:1.1", new ChatTurn(ChatTurn.Author.PERSON, "u", "kept", NOW));
    turns.append("slack:C1:2.2", new ChatTurn(ChatTurn.Author.PERSON, "u", "gone", NOW));
    turns.append("api:api:other", new ChatTurn(ChatTurn.Author.PERSON, "u", "other", NOW));

    assertThat(threads.forgetDeletedIncidents()).isEqualTo(2);

    assertThat(threads.threadOf(kept.id())).contains("slack:C1:1.1");
    assertThat(threads.incidentFor("slack:C1:2.2")).isEmpty();
    assertThat(turns.recent("slack:C1:1.1", 5)).hasSize(1);
    assertThat(turns.recent("slack:C1:2.2", 5)).isEmpty();
    assertThat(turns.recent("api:api:other", 5)).hasSize(1);
  }

  @Test
  void theReportThreadOfAnIncidentIsKnownOnceItsPostStartedAThread() {
    dev.lakeops.agent.im.MutableClock clock = new dev.lakeops.agent.im.MutableClock(NOW);
    ReportThreads threads = new ReportThreads(TestDatabases.h2(dir), clock);
    assertThat(threads.claim("inc-1", "slack")).isTrue();
    // Claimed, not (yet) posted: a failed or unthreaded post leaves it so.
    assertThat(threads.reportOf("inc-1")).isEmpty();
    clock.advance(java.time.Duration.ofSeconds(2));

    threads.remember("inc-1", ReportThreads.slackKey("C0123", "1700000000.000100"));

    ReportThread report = threads.reportOf("inc-1").orElseThrow();
    assertThat(report)
        .isEqualTo(new ReportThread("slack", "slack:C0123:1700000000.000100", NOW.plusSeconds(2)));
    assertThat(report.channel()).isEqualTo("C0123");
    assertThat(report.thread()).isEqualTo("1700000000.000100");
    assertThat(threads.reportOf("inc-2")).isEmpty();
  }
}
