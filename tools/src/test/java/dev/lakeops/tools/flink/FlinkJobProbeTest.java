package dev.lakeops.tools.flink;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakeops.tools.Finding;
import dev.lakeops.tools.ProbeException;
import dev.lakeops.tools.Severity;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Probe + analyzer on answers recorded from real Flink 1.20.3 and 2.3.0 clusters (see
 * resources/flink/README.md).
 */
class FlinkJobProbeTest {

  private static final String SLOW_ENRICH = "ea632d67b7d595e5b851708ae9ad79d6";

  private static FlinkJobProbe probe(FlinkRest rest) {
    return new FlinkJobProbe(rest, Sampling.once(), Clock.systemUTC());
  }

  @ParameterizedTest
  @ValueSource(strings = {"1.20", "2.3"})
  void locatesTheSlowMapAsTheBottleneck(String version) {
    FlinkJobSnapshot snapshot =
        probe(new RecordedFlinkRest(version + "/backpressured")).capture("bp-pipeline");

    List<Finding> findings = new BackpressureAnalyzer().analyze(snapshot);

    assertThat(snapshot.vertices())
        .extracting(v -> v.vertex().name())
        .containsExactly(
            "Source: Sequence Source", "parse", "slow-enrich", "keep-all", "lake-writer: Writer");
    assertThat(findings)
        .extracting(Finding::code)
        .containsExactly("flink.backpressure.bottleneck", "flink.backpressure.capacity");
    Finding bottleneck = findings.get(0);
    assertThat(bottleneck.severity()).isEqualTo(Severity.CRITICAL);
    assertThat(bottleneck.evidence())
        .containsEntry("vertexId", SLOW_ENRICH)
        .containsEntry("busyMsPerSecond.max", "995")
        .containsEntry("backPressuredMsPerSecond.max", "0")
        .containsEntry("backpressureLevel", "ok")
        .containsEntry("role", "intermediate");
    assertThat(bottleneck.evidence().get("backpressuredInputs")).isEqualTo("'parse'");
    assertThat(bottleneck.sources())
        .anyMatch(s -> s.contains("/vertices/" + SLOW_ENRICH + "/metrics"));
  }

  @ParameterizedTest
  @ValueSource(strings = {"1.20", "2.3"})
  void findsNoBackpressureInAHealthyJob(String version) {
    FlinkJobSnapshot snapshot =
        probe(new RecordedFlinkRest(version + "/healthy")).capture("healthy-pipeline");

    List<Finding> findings = new BackpressureAnalyzer().analyze(snapshot);

    assertThat(findings).extracting(Finding::code).containsExactly("flink.backpressure.none");
    assertThat(findings.get(0).severity()).isEqualTo(Severity.OK);
  }

  @Test
  void callsTheRecordedHotKeyJobKeySkewedAtItsHotSubtask() {
    FlinkJobSnapshot snapshot = probe(new RecordedFlinkRest("2.3/hot-key")).capture("hot-key");

    List<Finding> findings = new BackpressureAnalyzer().analyze(snapshot);

    assertThat(findings)
        .extracting(Finding::code)
        .containsExactly("flink.backpressure.bottleneck", "flink.backpressure.key-skew");
    assertThat(findings.get(0).evidence()).containsEntry("vertex", "per-shop-total");
    assertThat(findings.get(1).evidence())
        .containsEntry("hotSubtasks", "1")
        .containsEntry("coldSubtasks", "3");
  }

  @Test
  void callsTheRecordedCpuHeavyJobACapacityProblem() {
    FlinkJobSnapshot snapshot = probe(new RecordedFlinkRest("2.3/cpu-heavy")).capture("cpu-heavy");

    List<Finding> findings = new BackpressureAnalyzer().analyze(snapshot);

    assertThat(findings)
        .extracting(Finding::code)
        .containsExactly("flink.backpressure.bottleneck", "flink.backpressure.capacity");
    assertThat(findings.get(1).evidence())
        .containsEntry("vertex", "score-orders")
        .containsEntry("role", "intermediate");
  }

  @Test
  void readsTheFlinkVersion() {
    assertThat(
            probe(new RecordedFlinkRest("1.20/healthy")).capture("healthy-pipeline").flinkVersion())
        .isEqualTo("1.20.3");
  }

  @Test
  void findsAJobByItsId() {
    FlinkJobSnapshot byName =
        probe(new RecordedFlinkRest("2.3/backpressured")).capture("bp-pipeline");

    FlinkJobSnapshot byId =
        probe(new RecordedFlinkRest("2.3/backpressured")).capture(byName.job().jobId());

    assertThat(byId.job()).isEqualTo(byName.job());
  }

  @Test
  void findsAJobByTheLabelValueFlinksPrometheusReporterExports() {
    FlinkJobSnapshot byName =
        probe(new RecordedFlinkRest("2.3/backpressured")).capture("bp-pipeline");

    FlinkJobSnapshot byLabel =
        probe(new RecordedFlinkRest("2.3/backpressured")).capture("bp_pipeline");

    assertThat(byLabel.job()).isEqualTo(byName.job());
  }

  @Test
  void findsAJobByTheNameOfOneOfItsTasks() {
    FlinkJobSnapshot byName =
        probe(new RecordedFlinkRest("2.3/backpressured")).capture("bp-pipeline");

    FlinkJobSnapshot byTask =
        probe(new RecordedFlinkRest("2.3/backpressured")).capture("slow-enrich");
    FlinkJobSnapshot byReporterTask =
        probe(new RecordedFlinkRest("2.3/backpressured")).capture("lake_writer:_Writer");

    assertThat(byTask.job()).isEqualTo(byName.job());
    assertThat(byReporterTask.job()).isEqualTo(byName.job());
  }

  @Test
  void aTaskNameNoJobHasIsStillNotFound() {
    assertThatThrownBy(
            () -> probe(new RecordedFlinkRest("2.3/backpressured")).capture("Source: payments"))
        .isInstanceOfSatisfying(
            ProbeException.class,
            e -> assertThat(e.code()).isEqualTo(ProbeException.Code.NOT_FOUND))
        .hasMessageContaining("no such job: 'Source: payments'");
  }

  @Test
  void namesTheJobsThatExistWhenTheJobIsUnknown() {
    assertThatThrownBy(() -> probe(new RecordedFlinkRest("2.3/backpressured")).capture("payments"))
        .isInstanceOfSatisfying(
            ProbeException.class,
            e -> assertThat(e.code()).isEqualTo(ProbeException.Code.NOT_FOUND))
        .hasMessageContaining("no such job: 'payments'")
        .hasMessageContaining("'bp-pipeline' (RUNNING)");
  }

  @Test
  void probesAgainWhileFlinkHasNotSampledBackpressureYet() {
    // Flink 2.3 answered HTTP 500 to the first backpressure request of the source vertex
    // (recorded).
    RecordedFlinkRest rest =
        new RecordedFlinkRest("2.3/healthy")
            .once(
                "/vertices/bc764cd8ddf7a0cff126f51c16239658/backpressure",
                500,
                "vertex-bc764cd8ddf7a0cff126f51c16239658-backpressure-first-call-http500.json");
    FlinkJobProbe probe =
        new FlinkJobProbe(rest, new Sampling(3, Duration.ofMillis(1), 32, 64), Clock.systemUTC());

    FlinkJobSnapshot snapshot = probe.capture("healthy-pipeline");

    assertThat(snapshot.attempts()).isEqualTo(2);
    assertThat(snapshot.vertices()).allMatch(v -> v.backpressure() != null);
  }

  @Test
  void asksForMetricsOfEverySubtaskInBoundedRequests() {
    RecordedFlinkRest rest = new RecordedFlinkRest("2.3/backpressured");
    new FlinkJobProbe(rest, new Sampling(1, Duration.ZERO, 32, 1), Clock.systemUTC())
        .capture("bp-pipeline");

    // parallelism 2, one subtask per request: two metric requests per vertex
    assertThat(rest.requested.stream().filter(p -> p.contains("/metrics?get=")).count())
        .isEqualTo(10);
  }

  @Test
  void parsesTheFirstJobAnswerWhoseMetricsAreNotComplete() throws Exception {
    for (String dir : List.of("1.20/healthy", "2.3/backpressured")) {
      String body =
          new String(
              getClass()
                  .getResourceAsStream("/flink/" + dir + "/job-first-call.json")
                  .readAllBytes());
      List<FlinkVertex> vertices =
          FlinkRestJson.vertices(
              "GET /v1/jobs/x", FlinkRestClient.parse("GET /v1/jobs/x", 200, body));
      assertThat(vertices).hasSize(5);
      assertThat(vertices.get(0).inputIds()).isEmpty();
    }
  }
}
