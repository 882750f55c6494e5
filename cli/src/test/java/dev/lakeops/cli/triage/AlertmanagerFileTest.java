package dev.lakeops.cli.triage;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakeops.runbooks.AlertSignal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The alert as sent: its rule link, values and start reach the planner as the agent's do. */
class AlertmanagerFileTest {

  @TempDir Path dir;

  private Path payload(String alert) throws Exception {
    return Files.writeString(
        dir.resolve("alert.json"), "{\"version\":\"4\",\"alerts\":[" + alert + "]}");
  }

  @Test
  void readsWhenTheAlertStartedAndItsValues() throws Exception {
    List<AlertSignal> alerts =
        AlertmanagerFile.firingAlerts(
            payload(
                "{\"labels\":{\"alertname\":\"Lag\"},\"startsAt\":\"2026-11-30T10:00:00.5+01:00\","
                    + "\"generatorURL\":\"http://prom:9090/graph?g0.expr=up\","
                    + "\"values\":{\"B\":0.93,\"C\":1}}"));

    assertThat(alerts).hasSize(1);
    assertThat(alerts.get(0).startsAt()).isEqualTo(Instant.parse("2026-11-30T09:00:00.5Z"));
    assertThat(alerts.get(0).generatorUrl()).isEqualTo("http://prom:9090/graph?g0.expr=up");
    assertThat(alerts.get(0).valuesText()).isEqualTo("B=0.93 C=1");
  }

  @Test
  void alertmanagersZeroTimeAndNoTimeAreAnUnknownStart() throws Exception {
    assertThat(
            AlertmanagerFile.firingAlerts(
                    payload(
                        "{\"labels\":{\"alertname\":\"Lag\"},"
                            + "\"startsAt\":\"0001-01-01T00:00:00Z\"}"))
                .get(0)
                .startsAt())
        .isNull();
    assertThat(
            AlertmanagerFile.firingAlerts(payload("{\"labels\":{\"alertname\":\"Lag\"}}"))
                .get(0)
                .startsAt())
        .isNull();
  }

  @Test
  void namesAStartThatIsNoTime() throws Exception {
    Path file = payload("{\"labels\":{\"alertname\":\"Lag\"},\"startsAt\":\"yesterday\"}");

    assertThatThrownBy(() -> AlertmanagerFile.firingAlerts(file))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            file
                + ": alerts[0].startsAt must be an RFC 3339 time such as 2026-11-30T10:00:00Z,"
                + " was 'yesterday'");
  }
}
