package dev.lakeops.agent.metrics;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.agent.llm.LlmMetrics;
import dev.lakeops.agent.llm.LlmToolbox;
import dev.lakeops.runbooks.Category;
import dev.lakeops.runbooks.tool.ToolRegistry;
import dev.lakeops.tools.ToolReport;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Every {@code lakeops_*} series the code declares is on {@code /q/metrics} at 0 right after start,
 * before any alert: the expected names and tag values are read from the declarations ({@link
 * LakeopsMetrics}, {@link LlmMetrics}, {@link Category}, the tool names), so a new meter or tag
 * value that is not registered at start fails here.
 */
@QuarkusTest
@TestProfile(MetricsAtStartTest.FreshStart.class)
class MetricsAtStartTest {

  /** An app of its own, so no other test's alert has been counted. */
  public static final class FreshStart implements QuarkusTestProfile {}

  @Inject ToolRegistry tools;
  @Inject LlmToolbox toolbox;

  @Test
  void everyLakeopsSeriesIsThereAtZeroBeforeTheFirstAlert() {
    String metrics = given().get("/q/metrics").then().statusCode(200).extract().asString();
    List<String> samples =
        Arrays.stream(metrics.split("\n")).filter(l -> l.startsWith("lakeops_")).toList();

    List<String> series = new ArrayList<>();
    for (String counter : concat(LakeopsMetrics.COUNTERS, LlmMetrics.COUNTERS)) {
      series.add(prometheus(counter) + "_total");
    }
    for (String timer : concat(LakeopsMetrics.TIMERS, LlmMetrics.TIMERS)) {
      series.add(prometheus(timer) + "_seconds_count");
      series.add(prometheus(timer) + "_seconds_sum");
    }
    for (String name : series) {
      assertThat(samples)
          .as(name)
          .anyMatch(l -> l.startsWith(name + "{") || l.startsWith(name + " "));
    }
    assertThat(samples)
        .as("every lakeops sample is 0")
        .isNotEmpty()
        .allMatch(l -> Double.parseDouble(l.substring(l.lastIndexOf(' ') + 1)) == 0.0);
    for (Category c : Category.values()) {
      assertThat(metrics)
          .contains("lakeops_triage_latency_seconds_count{category=\"" + c.name() + "\"} 0");
    }
    for (String source : LakeopsMetrics.SOURCES) {
      assertThat(metrics)
          .containsPattern(
              "lakeops_incidents_received_total\\{duplicate=\"false\",source=\""
                  + source
                  + "\"\\} 0");
    }
    for (String decision : LakeopsMetrics.DECISIONS) {
      assertThat(metrics).contains("lakeops_approvals_total{decision=\"" + decision + "\"} 0");
    }
    for (String tool : tools.names()) {
      for (ToolReport.Status status : ToolReport.Status.values()) {
        assertThat(metrics)
            .contains(
                "lakeops_tool_calls_total{status=\"" + status + "\",tool=\"" + tool + "\"} 0");
      }
    }
    for (String tool : toolbox.toolNames()) {
      for (LlmMetrics.ToolOutcome outcome : LlmMetrics.ToolOutcome.values()) {
        assertThat(metrics)
            .containsPattern(
                "lakeops_llm_tool_calls_total\\{outcome=\""
                    + outcome.name().toLowerCase(java.util.Locale.ROOT)
                    + "\",run=\"triage\",tool=\""
                    + tool
                    + "\"\\} 0");
      }
    }
  }

  private static String prometheus(String meter) {
    return meter.replace('.', '_');
  }

  private static List<String> concat(List<String> a, List<String> b) {
    List<String> all = new ArrayList<>(a);
    all.addAll(b);
    return all;
  }
}
