package dev.lakeops.agent.scheduler;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.agent.incident.Incident;
import dev.lakeops.agent.incident.Incidents;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

@QuarkusTest
@TestProfile(WatcherTest.Watching.class)
public class WatcherTest {

  /**
   * Watches a job on the test's unreachable Flink cluster and a group on a Kafka cluster that is
   * not configured; the console's health page test runs on it too (one app for both).
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

  @Inject Incidents incidents;

  @Test
  void raisesOneIncidentPerFailingTargetAndLaterRoundsJoinIt() {
    watcher.round();
    watcher.round();

    List<Incident> raised =
        incidents.list(100).stream()
            .filter(i -> "lakeops-scheduler".equals(i.labels().get("source")))
            .toList();
    assertThat(raised)
        .extracting(Incident::alertname)
        .containsExactlyInAnyOrder("LakeopsWatchFlinkJob", "LakeopsWatchKafkaGroup");
    Incident flink =
        raised.stream()
            .filter(i -> i.alertname().equals("LakeopsWatchFlinkJob"))
            .findFirst()
            .orElseThrow();
    assertThat(flink.labels())
        .containsEntry("job_name", "orders-to-lake")
        .containsEntry("flink_cluster", "default");
    assertThat(flink.annotations().get("summary")).contains("ERROR");
    Incident kafka =
        raised.stream()
            .filter(i -> i.alertname().equals("LakeopsWatchKafkaGroup"))
            .findFirst()
            .orElseThrow();
    assertThat(kafka.annotations().get("summary"))
        .contains("no cluster named nowhere in lakeops.kafka.clusters");
    assertThat(watcher.observations()).hasSize(2);
  }

  @Test
  void showsEachConfiguredClusterAndWatchedTargetOnTheReadinessPageWithoutGoingDown() {
    watcher.round();

    String health = given().get("/q/health/ready").then().statusCode(200).extract().asString();

    assertThat(health)
        .contains("lakeops-clusters")
        .contains("flink.default")
        .contains("unreachable")
        .contains("flink.eu")
        .contains("watch.default/orders-to-lake");
  }

  @Test
  void rejectsAWatchEntryWithoutAClusterWhereOneIsRequired() {
    org.assertj.core.api.Assertions.assertThatThrownBy(
            () ->
                WatchTarget.parse(
                    WatchTarget.Kind.KAFKA_GROUP, "lakeops.watch.kafka-groups", "orders", null))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("lakeops.watch.kafka-groups: 'orders' must be cluster/name");
    assertThat(WatchTarget.parse(WatchTarget.Kind.FLINK_JOB, "k", " eu / job-1 ", "default"))
        .isEqualTo(new WatchTarget(WatchTarget.Kind.FLINK_JOB, "eu", "job-1"));
  }
}
