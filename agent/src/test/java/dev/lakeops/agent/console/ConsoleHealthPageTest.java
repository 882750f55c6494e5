package dev.lakeops.agent.console;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.agent.scheduler.Watcher;
import dev.lakeops.agent.scheduler.WatcherTest;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

@QuarkusTest
/** The watcher's page, on the app of {@link WatcherTest} (the same profile: one boot for both). */
@TestProfile(WatcherTest.Watching.class)
class ConsoleHealthPageTest {

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
