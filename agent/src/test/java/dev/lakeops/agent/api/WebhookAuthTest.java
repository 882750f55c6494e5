package dev.lakeops.agent.api;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import java.io.IOException;
import java.util.Map;
import org.junit.jupiter.api.Test;

@QuarkusTest
@TestProfile(WebhookAuthTest.WithCredentials.class)
class WebhookAuthTest {

  public static class WithCredentials implements QuarkusTestProfile {
    @Override
    public Map<String, String> getConfigOverrides() {
      return Map.of(
          "lakeops.webhook.bearer-token",
          "s3cret-token",
          "lakeops.webhook.basic-username",
          "grafana",
          "lakeops.webhook.basic-password",
          "pa:ss");
    }
  }

  private static String payload() {
    return AlertPayloads.group(AlertPayloads.alert("DiskFull", "firing", "2024-05-01T12:00:00Z"));
  }

  @Test
  void acceptsTheConfiguredBearerToken() {
    given()
        .header("Authorization", "Bearer s3cret-token")
        .contentType("application/json")
        .body(payload())
        .post("/api/alerts/alertmanager")
        .then()
        .statusCode(202);
  }

  @Test
  void acceptsTheConfiguredBasicAuthPairOnTheGrafanaEndpoint() throws IOException {
    given()
        .auth()
        .preemptive()
        .basic("grafana", "pa:ss")
        .contentType("application/json")
        .body(
            GrafanaWebhookTest.resource("webhook/grafana-firing.json")
                .replace("c6eadffa33fcdf37", "aaaabbbbccccdddd"))
        .post("/api/alerts/grafana")
        .then()
        .statusCode(202);
  }

  @Test
  void refusesAMissingAuthorizationHeaderWith401AndStoresNothing() {
    String body =
        AlertPayloads.group(AlertPayloads.alert("NeverStored", "firing", "2024-05-01T12:00:00Z"));

    given()
        .contentType("application/json")
        .body(body)
        .post("/api/alerts/alertmanager")
        .then()
        .statusCode(401)
        .header("WWW-Authenticate", containsString("realm=\"lakeops\""))
        .body("error", equalTo("Authorization header is missing (lakeops.webhook.*)"));
    given()
        .get("/api/incidents")
        .then()
        .statusCode(200)
        .body("alertname", org.hamcrest.Matchers.not(org.hamcrest.Matchers.hasItem("NeverStored")));
  }

  @Test
  void refusesAWrongTokenAWrongPasswordAndATokenSentAsBasic() {
    given()
        .header("Authorization", "Bearer s3cret-tokeN")
        .contentType("application/json")
        .body(payload())
        .post("/api/alerts/alertmanager")
        .then()
        .statusCode(401)
        .body("error", containsString("does not match"));
    given()
        .auth()
        .preemptive()
        .basic("grafana", "pass")
        .contentType("application/json")
        .body(payload())
        .post("/api/alerts/grafana")
        .then()
        .statusCode(401);
    given()
        .header("Authorization", "Basic s3cret-token")
        .contentType("application/json")
        .body(payload())
        .post("/api/alerts/alertmanager")
        .then()
        .statusCode(401);
  }

  @Test
  void leavesReadEndpointsAndHealthOutsideTheWebhookCredentials() {
    given().get("/q/health/live").then().statusCode(200);
  }
}
