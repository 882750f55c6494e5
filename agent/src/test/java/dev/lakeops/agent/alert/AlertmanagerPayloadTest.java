package dev.lakeops.agent.alert;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakeops.agent.InvalidInputException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class AlertmanagerPayloadTest {

  private static final String GROUP =
      """
      {
        "version": "4",
        "groupKey": "{}/{severity=\\"critical\\"}:{alertname=\\"FlinkJobBackpressured\\"}",
        "truncatedAlerts": 0,
        "status": "firing",
        "receiver": "lakeops",
        "groupLabels": {"alertname": "FlinkJobBackpressured"},
        "commonLabels": {"alertname": "FlinkJobBackpressured"},
        "commonAnnotations": {},
        "externalURL": "http://alertmanager:9093",
        "alerts": [
          {
            "status": "firing",
            "labels": {"alertname": "FlinkJobBackpressured", "job_name": "orders-to-lake", "severity": "critical"},
            "annotations": {"summary": "orders-to-lake is backpressured"},
            "startsAt": "2024-05-01T12:00:00.123456789Z",
            "endsAt": "0001-01-01T00:00:00Z",
            "generatorURL": "http://prometheus:9090/graph?g0.expr=x",
            "fingerprint": "1A30BA71CCA2921F"
          },
          {
            "status": "resolved",
            "labels": {"alertname": "FlinkJobBackpressured", "job_name": "payments", "severity": "critical"},
            "annotations": {},
            "startsAt": "2024-05-01T13:00:00+02:00",
            "endsAt": "2024-05-01T11:30:00Z"
          }
        ]
      }
      """;

  @Test
  void readsEveryAlertOfAGroup() {
    AlertmanagerPayload payload = parse(GROUP);

    assertThat(payload.groupKey())
        .contains("{}/{severity=\"critical\"}:{alertname=\"FlinkJobBackpressured\"}");
    assertThat(payload.alerts()).hasSize(2);
    AlertmanagerAlert first = payload.alerts().get(0);
    assertThat(first.status()).isEqualTo(AlertStatus.FIRING);
    assertThat(first.alertname()).isEqualTo("FlinkJobBackpressured");
    assertThat(first.labels()).containsEntry("job_name", "orders-to-lake").hasSize(3);
    assertThat(first.annotations())
        .containsOnly(Map.entry("summary", "orders-to-lake is backpressured"));
    assertThat(first.startsAt()).contains(Instant.parse("2024-05-01T12:00:00.123456789Z"));
    assertThat(first.endsAt()).isEmpty();
    assertThat(first.fingerprint()).isEqualTo("1a30ba71cca2921f");
    AlertmanagerAlert second = payload.alerts().get(1);
    assertThat(second.status()).isEqualTo(AlertStatus.RESOLVED);
    assertThat(second.startsAt()).contains(Instant.parse("2024-05-01T11:00:00Z"));
    assertThat(second.endsAt()).contains(Instant.parse("2024-05-01T11:30:00Z"));
  }

  @Test
  void computesTheFingerprintFromTheLabelsWhenTheSenderGivesNone() {
    AlertmanagerAlert alert = parse(GROUP).alerts().get(1);

    assertThat(alert.fingerprint())
        .isEqualTo(LabelFingerprint.of(alert.labels()))
        .matches("[0-9a-f]{16}");
  }

  @Test
  void acceptsTheMinimalPayloadWithGroupStatusAsTheAlertsStatus() {
    AlertmanagerPayload payload =
        parse(
            "{\"version\":\"4\",\"status\":\"resolved\",\"groupKey\":\"g\",\"alerts\":[{\"labels\":{\"alertname\":\"CommitLag\",\"table\":\"payments\"}}]}");

    AlertmanagerAlert alert = payload.alerts().get(0);
    assertThat(alert.status()).isEqualTo(AlertStatus.RESOLVED);
    assertThat(alert.startsAt()).isEmpty();
    assertThat(alert.annotations()).isEmpty();
  }

  @Test
  void takesAnAlertToBeFiringWhenNeitherItNorItsGroupSays() {
    AlertmanagerAlert alert =
        parse(
                "{\"version\":\"4\",\"alerts\":[{\"labels\":{\"alertname\":\"A\"},\"annotations\":null}]}")
            .alerts()
            .get(0);

    assertThat(alert.status()).isEqualTo(AlertStatus.FIRING);
    assertThat(
            payloadGroupKey("{\"version\":\"4\",\"alerts\":[{\"labels\":{\"alertname\":\"A\"}}]}"))
        .isEmpty();
  }

  @Test
  void reportsInvalidJsonWithLineAndColumn() {
    assertThatThrownBy(() -> parse("{\n  \"version\": \"4\",\n  \"alerts\": [\n}"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageStartingWith("body: is not valid JSON at line 4, column 1");
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          empty body                 | ''                                                                  | body: is empty
          blank body                 | '   '                                                               | body: holds no JSON value
          not an object              | '[1,2]'                                                             | body: must be a JSON object (an Alertmanager webhook payload), got array
          trailing garbage           | '{"version":"4","alerts":[{"labels":{"a":"b"}}]} x'                 | body: is not valid JSON at line 1, column 49
          duplicate field            | '{"version":"4","version":"4"}'                                     | body: is not valid JSON at line 1, column 25: Duplicate field 'version'
          version missing            | '{"alerts":[]}'                                                     | version: is missing
          version 3                  | '{"version":"3","alerts":[]}'                                       | version: unsupported payload version "3"
          version a number           | '{"version":4,"alerts":[]}'                                         | version: must be the string "4", got number 4
          alerts missing             | '{"version":"4"}'                                                   | alerts: is missing; expected a non-empty array of alerts
          alerts an object           | '{"version":"4","alerts":{"labels":{}}}'                            | alerts: must be an array of alerts, got object
          alerts empty               | '{"version":"4","alerts":[]}'                                       | alerts: is empty
          alert a string             | '{"version":"4","alerts":["x"]}'                                    | alerts[0]: must be an alert object, got string "x"
          labels missing             | '{"version":"4","alerts":[{"status":"firing"}]}'                    | alerts[0].labels: is missing
          labels an array            | '{"version":"4","alerts":[{"labels":["a"]}]}'                       | alerts[0].labels: must be an object of strings, got array
          labels empty               | '{"version":"4","alerts":[{"labels":{}}]}'                          | alerts[0].labels: is empty
          label value a number       | '{"version":"4","alerts":[{"labels":{"a":"b"}},{"labels":{"severity":3}}]}' | alerts[1].labels.severity: must be a string, got number 3
          annotation value an object | '{"version":"4","alerts":[{"labels":{"a":"b"},"annotations":{"x":{}}}]}' | alerts[0].annotations.x: must be a string, got object
          group status unknown       | '{"version":"4","status":"on fire","alerts":[{"labels":{"a":"b"}}]}' | status: must be "firing" or "resolved", got "on fire"
          alert status unknown       | '{"version":"4","alerts":[{"labels":{"a":"b"},"status":"pending"}]}' | alerts[0].status: must be "firing" or "resolved", got "pending"
          alert status a boolean     | '{"version":"4","alerts":[{"labels":{"a":"b"},"status":true}]}'     | alerts[0].status: must be a string, got boolean true
          startsAt not a time        | '{"version":"4","alerts":[{"labels":{"a":"b"},"startsAt":"yesterday"}]}' | alerts[0].startsAt: must be an RFC 3339 timestamp
          startsAt without zone      | '{"version":"4","alerts":[{"labels":{"a":"b"},"startsAt":"2024-05-01T12:00:00"}]}' | alerts[0].startsAt: must be an RFC 3339 timestamp
          endsAt a number            | '{"version":"4","alerts":[{"labels":{"a":"b"},"endsAt":0}]}'        | alerts[0].endsAt: must be a string, got number 0
          fingerprint too short      | '{"version":"4","alerts":[{"labels":{"a":"b"},"fingerprint":"abc"}]}' | alerts[0].fingerprint: must be 16 hex digits, got "abc"
          groupKey a number          | '{"version":"4","groupKey":7,"alerts":[{"labels":{"a":"b"}}]}'      | groupKey: must be a string, got number 7
          unpaired surrogate         | '{"version":"4","alerts":[{"labels":{"a":"x\\ud800"}}]}'            | alerts[0].labels.a: contains an unpaired UTF-16 surrogate \\ud800 at index 1
          """)
  void namesTheFieldThatIsWrong(String name, String body, String message) {
    assertThatThrownBy(() -> parse(body))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageStartingWith(message);
  }

  @Test
  void refusesMoreAlertsThanOneNotificationMayCarry() {
    String alerts =
        String.join(
            ",",
            java.util.Collections.nCopies(
                AlertmanagerJson.MAX_ALERTS + 1, "{\"labels\":{\"a\":\"b\"}}"));

    assertThatThrownBy(() -> parse("{\"version\":\"4\",\"alerts\":[" + alerts + "]}"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageStartingWith("alerts: has 1001 alerts; at most 1000");
  }

  @Test
  void quotesLongValuesShortened() {
    String longVersion = "9".repeat(500);

    assertThatThrownBy(() -> parse("{\"version\":\"" + longVersion + "\",\"alerts\":[]}"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("\"" + "9".repeat(120) + "...\"")
        .hasMessageNotContaining("9".repeat(121));
  }

  private static AlertmanagerPayload parse(String json) {
    return AlertmanagerPayload.parse(json.getBytes(StandardCharsets.UTF_8));
  }

  private static Optional<String> payloadGroupKey(String json) {
    return parse(json).groupKey();
  }
}
