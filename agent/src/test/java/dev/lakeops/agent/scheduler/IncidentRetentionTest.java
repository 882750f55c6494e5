package dev.lakeops.agent.scheduler;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.agent.chat.ChatTurn;
import dev.lakeops.agent.chat.JdbcChatThreadStore;
import dev.lakeops.agent.incident.Incident;
import dev.lakeops.agent.incident.JdbcIncidentStore;
import dev.lakeops.agent.report.ReportThreads;
import dev.lakeops.agent.store.TestDatabases;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class IncidentRetentionTest {

  private static final Instant NOW = Instant.parse("2024-06-01T00:00:00Z");

  @TempDir Path dir;

  @Test
  void deletesFinishedIncidentsPastTheCutoffAndKeepsRunningAndRecentOnes() {
    JdbcIncidentStore store = new JdbcIncidentStore(TestDatabases.h2(dir));
    Incident oldDone =
        dev.lakeops.agent.incident.SampleIncidents.firing(NOW.minusSeconds(40L * 86400))
            .failed("x", NOW);
    Incident oldRunning =
        dev.lakeops.agent.incident.SampleIncidents.firing(NOW.minusSeconds(41L * 86400));
    Incident recentDone =
        dev.lakeops.agent.incident.SampleIncidents.firing(NOW.minusSeconds(86400)).failed("y", NOW);
    store.insertIfNew(oldDone);
    store.insertIfNew(oldRunning);
    store.insertIfNew(recentDone);

    int deleted = store.deleteFinishedReceivedBefore(NOW.minusSeconds(30L * 86400));

    assertThat(deleted).isEqualTo(1);
    assertThat(store.list(10))
        .extracting(Incident::id)
        .containsExactly(recentDone.id(), oldRunning.id());
  }

  @Test
  void purgeAlsoForgetsTheReportThreadsAndChatTurnsOfDeletedIncidents() {
    DataSource db = TestDatabases.h2(dir);
    JdbcIncidentStore store = new JdbcIncidentStore(db);
    Clock clock = Clock.fixed(NOW, ZoneOffset.UTC);
    ReportThreads threads = new ReportThreads(db, clock);
    JdbcChatThreadStore turns = new JdbcChatThreadStore(db, 20);
    Incident old =
        dev.lakeops.agent.incident.SampleIncidents.firing(NOW.minusSeconds(40L * 86400))
            .failed("x", NOW);
    Incident recent =
        dev.lakeops.agent.incident.SampleIncidents.firing(NOW.minusSeconds(86400)).failed("y", NOW);
    store.insertIfNew(old);
    store.insertIfNew(recent);
    threads.remember(old.id(), "slack:C1:1.1");
    threads.remember(recent.id(), "slack:C1:2.2");
    turns.append(
        "slack:C1:1.1",
        new ChatTurn(ChatTurn.Author.PERSON, "u", "about the old one", NOW.minusSeconds(3600)));
    turns.append(
        "slack:C1:2.2",
        new ChatTurn(ChatTurn.Author.PERSON, "u", "about the recent one", NOW.minusSeconds(3600)));
    turns.append(
        "api:api:chat",
        new ChatTurn(ChatTurn.Author.PERSON, "u", "long ago", NOW.minusSeconds(31L * 86400)));

    int deleted = new IncidentRetention(store, threads, turns, Duration.ofDays(30), clock).purge();

    assertThat(deleted).isEqualTo(1);
    assertThat(threads.threadOf(old.id())).isEmpty();
    assertThat(threads.incidentFor("slack:C1:1.1")).isEmpty();
    assertThat(turns.recent("slack:C1:1.1", 5)).isEmpty();
    assertThat(threads.threadOf(recent.id())).contains("slack:C1:2.2");
    assertThat(turns.recent("slack:C1:2.2", 5))
        .extracting(ChatTurn::text)
        .containsExactly("about the recent one");
    assertThat(turns.recent("api:api:chat", 5)).isEmpty();
  }

  @Test
  void zeroRetentionKeepsEverything() {
    DataSource db = TestDatabases.h2(dir);
    JdbcIncidentStore store = new JdbcIncidentStore(db);
    store.insertIfNew(
        dev.lakeops.agent.incident.SampleIncidents.firing(NOW.minusSeconds(400L * 86400))
            .failed("x", NOW));
    Clock clock = Clock.fixed(NOW, ZoneOffset.UTC);

    assertThat(
            new IncidentRetention(
                    store,
                    new ReportThreads(db, clock),
                    new JdbcChatThreadStore(db, 20),
                    Duration.ZERO,
                    clock)
                .purge())
        .isZero();
    assertThat(store.list(10)).hasSize(1);
  }
}
