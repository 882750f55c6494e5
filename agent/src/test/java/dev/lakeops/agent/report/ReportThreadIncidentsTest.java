package dev.lakeops.agent.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.agent.chat.ChatMessage;
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
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReportThreadIncidentsTest {

  private static final Instant NOW = Instant.parse("2026-05-01T12:00:00Z");

  @TempDir Path dir;

  private ReportThreads threads;
  private ReportThreadIncidents incidents;
  private Incident incident;

  @BeforeEach
  void store() {
    DataSource db = TestDatabases.h2(dir);
    JdbcIncidentStore store = new JdbcIncidentStore(db);
    incident = SampleIncidents.firing(NOW);
    store.insertIfNew(incident);
    threads = new ReportThreads(db, Clock.fixed(NOW, ZoneOffset.UTC));
    incidents = new ReportThreadIncidents(threads, store);
  }

  private static ChatMessage message(Platform platform, String thread, String channel) {
    return new ChatMessage(platform, thread, channel, "u1", "status", Language.EN);
  }

  @Test
  void aMessageInTheReportsThreadFindsItsIncident() {
    threads.remember(incident.id(), ReportThreads.slackKey("C0123", "1700000000.000100"));

    assertThat(incidents.find(message(Platform.SLACK, "1700000000.000100", "C0123")))
        .contains(incident);
    assertThat(incidents.find(message(Platform.SLACK, "1700000000.000100", "C0999"))).isEmpty();
    assertThat(incidents.find(message(Platform.SLACK, "1700000001.000100", "C0123"))).isEmpty();
  }

  @Test
  void aRestThreadNamedByTheIncidentIsAboutIt() {
    assertThat(incidents.find(message(Platform.API, incident.id(), "api"))).contains(incident);
    assertThat(incidents.find(message(Platform.API, "incident-" + incident.id(), "api")))
        .contains(incident);
    assertThat(incidents.find(message(Platform.API, "3f2b8c1e-0d4a-4c6e-9b7a-1e2d3c4b5a69", "api")))
        .as("no such incident")
        .isEmpty();
    assertThat(incidents.find(message(Platform.API, "ops-chat", "api"))).isEmpty();
    // Only the REST API names incidents by thread: a Slack thread's ts is never taken for an id.
    assertThat(incidents.find(message(Platform.SLACK, incident.id(), "C0123"))).isEmpty();
  }
}
