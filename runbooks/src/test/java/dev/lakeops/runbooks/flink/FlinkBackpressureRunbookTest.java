package dev.lakeops.runbooks.flink;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.lakeops.runbooks.AlertSignal;
import dev.lakeops.runbooks.Category;
import dev.lakeops.runbooks.Runbook;
import dev.lakeops.runbooks.TriageReport;
import dev.lakeops.runbooks.plan.GraphRunbook;
import dev.lakeops.runbooks.tool.FlinkBindings;
import dev.lakeops.runbooks.tool.ToolRegistry;
import dev.lakeops.tools.Json;
import dev.lakeops.tools.ProbeException;
import dev.lakeops.tools.ToolReport;
import dev.lakeops.tools.flink.BackpressureAnalyzer;
import dev.lakeops.tools.flink.FlinkClusters;
import dev.lakeops.tools.flink.FlinkJobProbe;
import dev.lakeops.tools.flink.FlinkRest;
import dev.lakeops.tools.flink.FlinkTools;
import dev.lakeops.tools.flink.Sampling;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The shipped {@code flink-backpressure} runbook over the real Flink tools, reading a recorded
 * cluster.
 */
class FlinkBackpressureRunbookTest {

  private static final String JID = "0123456789abcdef0123456789abcdef";

  /** A two-vertex job whose sink is saturated: answers every endpoint the probe reads. */
  private static final class SlowSinkCluster implements FlinkRest {
    final List<String> paths = new ArrayList<>();
    // the sink's maxParallelism in the job's details; absent below 1
    int sinkMaxParallelism = -1;

    @Override
    public JsonNode get(String path) {
      paths.add(path);
      String body;
      if (path.equals("/v1/overview")) {
        body = "{\"flink-version\":\"2.3.0\"}";
      } else if (path.equals("/v1/jobs/overview")) {
        body =
            "{\"jobs\":[{\"jid\":\""
                + JID
                + "\",\"name\":\"orders-to-lake\",\"state\":\"RUNNING\",\"start-time\":1}]}";
      } else if (path.equals("/v1/jobs/" + JID)) {
        body =
            "{\"jid\":\""
                + JID
                + "\",\"name\":\"orders-to-lake\",\"state\":\"RUNNING\",\"start-time\":1,\"vertices\":[{\"id\":\"a\",\"name\":\"Source:"
                + " orders\",\"parallelism\":1,\"status\":\"RUNNING\"},"
                + "{\"id\":\"b\",\"name\":\"lake-writer\",\"parallelism\":1,"
                + (sinkMaxParallelism > 0 ? "\"maxParallelism\":" + sinkMaxParallelism + "," : "")
                + "\"status\":\"RUNNING\"}],"
                + "\"plan\":{\"nodes\":[{\"id\":\"a\",\"inputs\":[]},{\"id\":\"b\",\"inputs\":[{\"id\":\"a\"}]}]}}";
      } else if (path.contains("/vertices/a/metrics")) {
        body =
            "[{\"id\":\"0.busyTimeMsPerSecond\",\"value\":\"20\"},{\"id\":\"0.backPressuredTimeMsPerSecond\",\"value\":\"975\"},{\"id\":\"0.idleTimeMsPerSecond\",\"value\":\"0\"}]";
      } else if (path.contains("/vertices/b/metrics")) {
        body =
            "[{\"id\":\"0.busyTimeMsPerSecond\",\"value\":\"998.0\"},{\"id\":\"0.backPressuredTimeMsPerSecond\",\"value\":\"0\"},{\"id\":\"0.idleTimeMsPerSecond\",\"value\":\"2\"}]";
      } else if (path.endsWith("/backpressure")) {
        body = "{\"status\":\"ok\",\"backpressureLevel\":\"ok\",\"subtasks\":[]}";
      } else {
        throw new ProbeException(ProbeException.Code.NOT_FOUND, "GET " + path, "no such resource");
      }
      try {
        return Json.mapper().readTree(body);
      } catch (Exception e) {
        throw new IllegalStateException(e);
      }
    }

    @Override
    public String baseUrl() {
      return "http://flink:8081";
    }
  }

  private final SlowSinkCluster cluster = new SlowSinkCluster();
  private final GraphRunbook runbook = runbook(FlinkClusters.single(tools(cluster)));

  private static FlinkTools tools(FlinkRest rest) {
    return new FlinkTools(
        new FlinkJobProbe(rest, Sampling.once(), Clock.systemUTC()), new BackpressureAnalyzer());
  }

  private static GraphRunbook runbook(FlinkClusters clusters) {
    return GraphRunbook.shipped(
        "flink-backpressure",
        new ToolRegistry().registerAll(FlinkBindings.of(clusters)),
        Clock.systemUTC());
  }

  private static AlertSignal alert(Map<String, String> labels) {
    return new AlertSignal(labels, Map.of("summary", "Flink job is backpressured"));
  }

  @Test
  void concludesBackpressureAndNamesTheVertex() {
    TriageReport report =
        runbook.run(alert(Map.of("alertname", "FlinkBackpressure", "job_name", "orders-to-lake")));

    assertThat(report.verdict().category()).isEqualTo(Category.BACKPRESSURE);
    assertThat(report.verdict().entities())
        .containsEntry("vertex", "lake-writer")
        .containsEntry("job", "orders-to-lake");
    assertThat(report.evidenceCodes())
        .contains("flink.backpressure.bottleneck", "flink.backpressure.slow-sink");
    assertThat(report.verdict().evidence())
        .allSatisfy(id -> assertThat(report.findingsById()).containsKey(id));
    assertThat(report.verdict().window()).isNotNull();
    assertThat(report.toMarkdown())
        .contains("lake-writer")
        .contains("busyMsPerSecond.max: `998`")
        .contains("`backpressure#1`");
  }

  @Test
  void proposesTwiceTheSubtasksOfASaturatedSinkAndNoneAtItsMaximumParallelism() {
    TriageReport report =
        runbook.run(alert(Map.of("alertname", "FlinkBackpressure", "job_name", "orders-to-lake")));

    assertThat(report.verdict().proposals())
        .singleElement()
        .satisfies(
            p -> {
              assertThat(p.action()).isEqualTo("flink.rescale");
              assertThat(p.args())
                  .containsEntry("job", JID)
                  .containsEntry("vertex", "b")
                  .containsEntry("parallelism", "2");
              assertThat(p.reason()).contains("lake-writer").contains("2 subtasks instead of 1");
            });

    SlowSinkCluster atMax = new SlowSinkCluster();
    atMax.sinkMaxParallelism = 1;
    TriageReport capped =
        runbook(FlinkClusters.single(tools(atMax)))
            .run(alert(Map.of("alertname", "FlinkBackpressure", "job_name", "orders-to-lake")));

    assertThat(capped.verdict().category()).isEqualTo(Category.BACKPRESSURE);
    assertThat(capped.verdict().proposals()).isEmpty();
  }

  @Test
  void triesTheNameWhenTheJobIdIsStale() {
    TriageReport report =
        runbook.run(
            alert(
                Map.of(
                    "alertname",
                    "FlinkBackpressure",
                    "job_id",
                    "ffffffffffffffffffffffffffffffff",
                    "job_name",
                    "orders-to-lake")));

    assertThat(report.tools())
        .extracting(ToolReport::tool)
        .containsExactly("flink.backpressure", "flink.backpressure", "flink.health");
    assertThat(report.verdict().category()).isEqualTo(Category.BACKPRESSURE);
    assertThat(report.tools().get(2).findings())
        .anySatisfy(
            f -> {
              assertThat(f.code()).isEqualTo("flink.observation.artefact");
              assertThat(f.evidence())
                  .containsEntry("alertJobId", "ffffffffffffffffffffffffffffffff")
                  .containsEntry("currentJobId", JID);
            });
  }

  @Test
  void readsTheClusterTheAlertNames() {
    SlowSinkCluster other = new SlowSinkCluster();
    GraphRunbook two =
        runbook(
            new FlinkClusters(Map.of("default", tools(cluster), "eu", tools(other)), "default"));

    TriageReport report =
        two.run(
            alert(
                Map.of(
                    "alertname",
                    "FlinkBackpressure",
                    "job_name",
                    "orders-to-lake",
                    "flink_cluster",
                    "eu")));

    assertThat(report.verdict().entities()).containsEntry("cluster", "eu");
    assertThat(other.paths).isNotEmpty();
    assertThat(cluster.paths).isEmpty();
  }

  @Test
  void refusesAClusterThatIsNotConfiguredInsteadOfReadingTheDefault() {
    TriageReport report =
        runbook.run(
            alert(
                Map.of(
                    "alertname",
                    "FlinkBackpressure",
                    "job_name",
                    "orders-to-lake",
                    "flink_cluster",
                    "us")));

    assertThat(report.verdict().category()).isEqualTo(Category.NOT_FOUND);
    assertThat(report.verdict().headline()).contains("'us'").contains("default");
    assertThat(report.tools())
        .singleElement()
        .satisfies(t -> assertThat(t.status()).isEqualTo(ToolReport.Status.NO_DATA));
    assertThat(cluster.paths).isEmpty();
  }

  @Test
  void saysNoSuchJobAndListsTheJobsThatExist() {
    TriageReport report =
        runbook.run(alert(Map.of("alertname", "FlinkBackpressure", "job_name", "payments")));

    assertThat(report.verdict().category()).isEqualTo(Category.NOT_FOUND);
    assertThat(report.verdict().headline())
        .contains("no such job: 'payments'")
        .contains("orders-to-lake");
  }

  @Test
  void reportsAnUnreadableClusterAsProbeFailed() {
    FlinkRest down =
        new FlinkRest() {
          @Override
          public JsonNode get(String path) {
            throw new ProbeException(
                ProbeException.Code.UNREACHABLE,
                "GET " + path,
                "Flink REST at http://flink:8081 refused the connection");
          }

          @Override
          public String baseUrl() {
            return "http://flink:8081";
          }
        };
    GraphRunbook offline = runbook(FlinkClusters.single(tools(down)));

    TriageReport report =
        offline.run(alert(Map.of("alertname", "FlinkBackpressure", "job_name", "orders-to-lake")));

    assertThat(report.verdict().category()).isEqualTo(Category.PROBE_FAILED);
    assertThat(report.verdict().headline())
        .contains("UNREACHABLE")
        .contains("refused the connection");
  }

  @Test
  void matchesOnlyAlertsThatNameAFlinkJob() {
    assertThat(runbook.match(alert(Map.of("alertname", "FlinkJobBackpressured", "job_name", "x"))))
        .isEqualTo(Runbook.Match.LABEL);
    assertThat(runbook.match(alert(Map.of("alertname", "Whatever", "job_id", "x"))))
        .isEqualTo(Runbook.Match.KEYWORD);
    assertThat(
            runbook.match(
                new AlertSignal(Map.of("alertname", "Whatever", "job_id", "x"), Map.of())))
        .isEqualTo(Runbook.Match.NONE);
    assertThat(
            runbook.match(
                alert(
                    Map.of("alertname", "FlinkJobBackpressured", "job", "prometheus-scrape-job"))))
        .isEqualTo(Runbook.Match.NONE);
  }
}
