package dev.lakeops.agent.intake;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakeops.agent.InvalidInputException;
import dev.lakeops.agent.RecordedEvents;
import dev.lakeops.agent.incident.AlertReceived;
import dev.lakeops.agent.incident.IncidentStatus;
import dev.lakeops.agent.incident.Incidents;
import dev.lakeops.agent.incident.JdbcIncidentStore;
import dev.lakeops.agent.store.TestDatabases;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AlertIntakeTest {

  private static final String TWO_ALERTS =
      """
      {"version":"4","groupKey":"{}:{alertname=\\"FlinkJobBackpressured\\"}","status":"firing","receiver":"lakeops",
       "groupLabels":{},"commonLabels":{},"commonAnnotations":{},"externalURL":"http://am:9093","truncatedAlerts":0,
       "alerts":[
        {"status":"firing","labels":{"alertname":"FlinkJobBackpressured","job_name":"orders-to-lake"},"annotations":{},
         "startsAt":"2024-06-01T10:00:00Z","endsAt":"0001-01-01T00:00:00Z","generatorURL":"","fingerprint":"c0ffee0000000001"},
        {"status":"firing","labels":{"alertname":"FlinkJobBackpressured","job_name":"payments"},"annotations":{},
         "startsAt":"2024-06-01T10:00:00Z","endsAt":"0001-01-01T00:00:00Z","generatorURL":"","fingerprint":"c0ffee0000000002"}]}\
      """;

  @TempDir Path dir;

  private final RecordedEvents<AlertReceived> received = new RecordedEvents<>();

  private AlertIntake intake() {
    return new AlertIntake(
        new Incidents(new JdbcIncidentStore(TestDatabases.h2(dir)), Clock.systemUTC()), received);
  }

  @Test
  void announcesEachStoredAlertAndARepeatAsADuplicateOfTheStoredIncident() {
    AlertIntake intake = intake();

    List<Incidents.Opened> first = intake.alertmanager(TWO_ALERTS.getBytes(StandardCharsets.UTF_8));
    List<Incidents.Opened> again = intake.alertmanager(TWO_ALERTS.getBytes(StandardCharsets.UTF_8));

    assertThat(received.fired()).hasSize(4);
    assertThat(received.fired().subList(0, 2))
        .allSatisfy(
            e -> {
              assertThat(e.duplicate()).isFalse();
              assertThat(e.source()).isEqualTo("alertmanager");
              assertThat(e.incident().status()).isEqualTo(IncidentStatus.TRIAGING);
            });
    assertThat(received.fired().subList(0, 2))
        .extracting(AlertReceived::incident)
        .containsExactly(first.get(0).incident(), first.get(1).incident());
    assertThat(received.fired().subList(2, 4))
        .allSatisfy(e -> assertThat(e.duplicate()).isTrue())
        .extracting(e -> e.incident().id())
        .containsExactly(first.get(0).incident().id(), first.get(1).incident().id());
    assertThat(again).allSatisfy(o -> assertThat(o.duplicate()).isTrue());
  }

  @Test
  void announcesEveryAlertOnlyOnceAllAreStored() {
    List<Boolean> storedWhenAnnounced = new java.util.ArrayList<>();
    Incidents incidents =
        new Incidents(new JdbcIncidentStore(TestDatabases.h2(dir)), Clock.systemUTC());
    received.observedBy(e -> storedWhenAnnounced.add(incidents.list(10).size() == 2));
    AlertIntake intake = new AlertIntake(incidents, received);

    intake.alertmanager(TWO_ALERTS.getBytes(StandardCharsets.UTF_8));

    assertThat(storedWhenAnnounced).containsExactly(true, true);
  }

  @Test
  void storesAndAnnouncesNothingForABodyThatIsNoNotification() {
    AlertIntake intake = intake();

    assertThatThrownBy(
            () -> intake.alertmanager("{\"alerts\":\"none\"}".getBytes(StandardCharsets.UTF_8)))
        .isInstanceOf(InvalidInputException.class);
    assertThat(received.fired()).isEmpty();
  }
}
