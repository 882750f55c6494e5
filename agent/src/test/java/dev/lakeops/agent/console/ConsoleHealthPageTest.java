package dev.lakeops.agent.console;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.agent.scheduler.Watcher;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import java.util.Map;
import org.junit.jupiter.api.Test;

@QuarkusTest
@TestProfile(ConsoleHealthPageTest.Watching.class)
class ConsoleHealthPageTest {

  /**
   * Watches a job on the test's unreachable Flink cluster and a group on a Kafka cluster that is
   * not configured.
   */
  public static class Watching implements QuarkusTestProfile {
    @Override
    public Map<String, String> getConfigOverrides() {
      return Map.of(
          "lakeops.watch.flink-jobs",
          "orders-to-lake",
          "lakeops.watch.kafka-groups",
          "nowhere/orders-consumer",
          "lakeops.watch.interval",
          "1h",
          "quarkus.http.test-port",
          "62413");
    }
  }

  @Inject Watcher watcher;

  @Test
  void showsEveryWatchedTargetAndItsLatestProbe() {
    String before = given().get("/console/health").then().statusCode(200).extract().asString();
    assertThat(before)
        .contains("orders-to-lake")
        .contains("orders-consumer")
        .contains("nowhere")
        .contains("FLINK_JOB")
        .contains("KAFKA_GROUP");

    watcher.round();

    String after = given().get("/console/health").then().statusCode(200).extract().asString();
    Watcher.Observation flink =
        watcher.observations().stream()
            .filter(o -> o.target().name().equals("orders-to-lake"))
            .findFirst()
            .orElseThrow();
    assertThat(after)
        .contains(flink.at().toString())
        .contains(flink.status().name())
        .contains(flink.worst().name());
    given()
        .get("/console/health?lang=zh-CN")
        .then()
        .statusCode(200)
        .body(org.hamcrest.Matchers.containsString("监控目标"));
  }
}
