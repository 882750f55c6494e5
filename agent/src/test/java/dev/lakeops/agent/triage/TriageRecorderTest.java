package dev.lakeops.agent.triage;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.agent.RecordedEvents;
import dev.lakeops.agent.alert.AlertStatus;
import dev.lakeops.agent.incident.Incident;
import dev.lakeops.agent.incident.IncidentId;
import dev.lakeops.agent.incident.IncidentStatus;
import dev.lakeops.agent.incident.IncidentTriaged;
import dev.lakeops.agent.incident.Incidents;
import dev.lakeops.agent.incident.JdbcIncidentStore;
import dev.lakeops.agent.store.TestDatabases;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Map;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TriageRecorderTest {

  private static final Instant NOW = Instant.parse("2024-05-01T12:00:00Z");
  private static final Clock CLOCK = Clock.fixed(NOW.plusSeconds(2), ZoneOffset.UTC);

  @TempDir Path dir;

  private final RecordedEvents<IncidentTriaged> triaged = new RecordedEvents<>();

  @Test
  void savesTheOutcomeAndThenAnnouncesTheSavedIncident() {
    JdbcIncidentStore store = new JdbcIncidentStore(TestDatabases.h2(dir));
    Incident incident = triaging();
    store.insertIfNew(incident);
    Incidents incidents = new Incidents(store, CLOCK);
    triaged.observedBy(e -> assertThat(incidents.find(incident.id())).contains(e.incident()));

    Incident saved =
        new TriageRecorder(incidents, triaged, CLOCK)
            .record(incident.id(), TriageOutcome.failed("triage failed (boom)"))
            .orElseThrow();

    assertThat(saved.status()).isEqualTo(IncidentStatus.FAILED);
    assertThat(saved.error()).isEqualTo("triage failed (boom)");
    assertThat(saved.updatedAt()).isEqualTo(NOW.plusSeconds(2));
    assertThat(triaged.fired()).containsExactly(new IncidentTriaged(saved));
  }

  @Test
  void announcesNothingWhenTheOutcomeCannotBeSaved() {
    JdbcDataSource missing = new JdbcDataSource();
    missing.setURL("jdbc:h2:file:" + dir.resolve("none") + ";IFEXISTS=TRUE");
    Incidents incidents = new Incidents(new JdbcIncidentStore(missing), CLOCK);

    assertThat(
            new TriageRecorder(incidents, triaged, CLOCK)
                .record(IncidentId.next(), TriageOutcome.failed("x")))
        .isEmpty();
    assertThat(triaged.fired()).isEmpty();
  }

  @Test
  void announcesNothingForAnIncidentThatIsGone() {
    Incidents incidents = new Incidents(new JdbcIncidentStore(TestDatabases.h2(dir)), CLOCK);

    assertThat(
            new TriageRecorder(incidents, triaged, CLOCK)
                .record(IncidentId.next(), TriageOutcome.failed("x")))
        .isEmpty();
    assertThat(triaged.fired()).isEmpty();
  }

  private static Incident triaging() {
    return new Incident(
        IncidentId.next(),
        "1a30ba71cca2921f",
        NOW,
        IncidentStatus.TRIAGING,
        AlertStatus.FIRING,
        "DiskFull",
        Map.of("alertname", "DiskFull"),
        Map.of(),
        null,
        NOW,
        null,
        NOW,
        null,
        null);
  }
}
