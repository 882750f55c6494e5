package dev.lakeops.agent.incident;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.agent.alert.AlertStatus;
import dev.lakeops.agent.alert.AlertmanagerAlert;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class IncidentsTest {

  private static final Instant NOW = Instant.parse("2024-05-01T12:05:00Z");
  private static final Instant STARTS_AT = Instant.parse("2024-05-01T12:00:00Z");

  @TempDir Path dir;

  @Test
  void opensOneIncidentPerAlertAndRecognisesARepeat() {
    Incidents incidents = incidents();

    Incidents.Opened first =
        incidents.open(alert(AlertStatus.FIRING, Optional.of(STARTS_AT)), Optional.of("g"));
    Incidents.Opened repeat =
        incidents.open(alert(AlertStatus.FIRING, Optional.of(STARTS_AT)), Optional.of("g"));

    assertThat(first.duplicate()).isFalse();
    assertThat(first.incident().status()).isEqualTo(IncidentStatus.TRIAGING);
    assertThat(first.incident().groupKey()).isEqualTo("g");
    assertThat(repeat.duplicate()).isTrue();
    assertThat(repeat.incident()).isEqualTo(first.incident());
  }

  @Test
  void opensANewIncidentWhenTheSameLabelsFireAgainLater() {
    Incidents incidents = incidents();

    Incidents.Opened first =
        incidents.open(alert(AlertStatus.FIRING, Optional.of(STARTS_AT)), Optional.empty());
    Incidents.Opened later =
        incidents.open(
            alert(AlertStatus.FIRING, Optional.of(STARTS_AT.plusSeconds(3600))), Optional.empty());

    assertThat(later.duplicate()).isFalse();
    assertThat(later.incident().id()).isNotEqualTo(first.incident().id());
  }

  @Test
  void marksTheIncidentResolvedWhenItsAlertResolvesAndKeepsTheTriage() {
    Incidents incidents = incidents();
    Incident opened =
        incidents
            .open(alert(AlertStatus.FIRING, Optional.of(STARTS_AT)), Optional.empty())
            .incident();
    incidents.update(opened.id(), i -> i.triaged(SampleIncidents.noRunbookReport(NOW), NOW));

    Incidents.Opened resolved =
        incidents.open(alert(AlertStatus.RESOLVED, Optional.of(STARTS_AT)), Optional.empty());

    assertThat(resolved.duplicate()).isTrue();
    assertThat(resolved.incident().id()).isEqualTo(opened.id());
    assertThat(resolved.incident().alertStatus()).isEqualTo(AlertStatus.RESOLVED);
    assertThat(resolved.incident().status()).isEqualTo(IncidentStatus.TRIAGED);
    assertThat(resolved.incident().endsAt()).isEqualTo(NOW);
  }

  @Test
  void storesAnAlertThatArrivesResolvedWithoutTriage() {
    Incident incident =
        incidents()
            .open(alert(AlertStatus.RESOLVED, Optional.of(STARTS_AT)), Optional.empty())
            .incident();

    assertThat(incident.status()).isEqualTo(IncidentStatus.RESOLVED);
    assertThat(incident.alertStatus()).isEqualTo(AlertStatus.RESOLVED);
    assertThat(incident.report()).isNull();
  }

  @Test
  void takesTheArrivalAsTheStartWhenTheSenderGivesNone() {
    Incident incident =
        incidents().open(alert(AlertStatus.FIRING, Optional.empty()), Optional.empty()).incident();

    assertThat(incident.startsAt()).isEqualTo(NOW);
  }

  private Incidents incidents() {
    return new Incidents(
        new JdbcIncidentStore(dev.lakeops.agent.store.TestDatabases.h2(dir)),
        Clock.fixed(NOW, ZoneOffset.UTC));
  }

  private static AlertmanagerAlert alert(AlertStatus status, Optional<Instant> startsAt) {
    Map<String, String> labels =
        Map.of("alertname", "FlinkJobBackpressured", "job_name", "orders-to-lake");
    return new AlertmanagerAlert(
        status, labels, Map.of(), startsAt, Optional.empty(), "1a30ba71cca2921f");
  }
}
