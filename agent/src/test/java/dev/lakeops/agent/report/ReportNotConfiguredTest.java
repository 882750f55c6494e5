package dev.lakeops.agent.report;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Slack is configured (and reachable), but without lakeops.report.channel no report is posted. */
@QuarkusTest
@TestProfile(ReportNotConfiguredTest.NoChannel.class)
class ReportNotConfiguredTest {

  static SlackLoopback slack;

  @Inject ReportPoster poster;

  /** The loopback Slack, no report channel. */
  public static final class NoChannel implements QuarkusTestProfile {
    @Override
    public List<TestResourceEntry> testResources() {
      return List.of(new TestResourceEntry(Loopback.class));
    }
  }

  /** Starts and stops the loopback Slack around the app. */
  public static final class Loopback implements QuarkusTestResourceLifecycleManager {
    @Override
    public Map<String, String> start() {
      slack = new SlackLoopback(62602);
      return Map.of("lakeops.im.slack.api-base-url", slack.apiBaseUrl());
    }

    @Override
    public void stop() {
      slack.close();
    }
  }

  @Test
  void nothingIsPostedWithoutAChannel() {
    String id = ReportPostingTest.post(ReportPostingTest.alert("c0ffee00000000c3"));

    ReportPostingTest.await(
        () -> "TRIAGED".equals(given().get("/api/incidents/" + id).jsonPath().getString("status")));
    ReportPostingTest.post(ReportPostingTest.alert("c0ffee00000000c3"));

    assertThat(poster.enabled()).isFalse();
    assertThat(poster.failure(id)).isEmpty();
    assertThat(slack.posts()).isEmpty();
  }
}
