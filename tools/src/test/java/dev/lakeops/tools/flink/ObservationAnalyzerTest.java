package dev.lakeops.tools.flink;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.lakeops.tools.Finding;
import dev.lakeops.tools.ProbeException;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ObservationAnalyzerTest {

  private final ObservationAnalyzer analyzer = new ObservationAnalyzer();

  @Test
  void callsAnAlertAboutAJobIdThatWasRedeployedAnArtefact() {
    FlinkObservation o = new FlinkObservation(List.of(Snapshots.running().build()));

    List<Finding> findings = analyzer.analyze(o, Optional.of("ffffffffffffffffffffffffffffffff"));

    assertThat(findings).extracting(Finding::code).containsExactly("flink.observation.artefact");
    assertThat(findings.get(0).evidence())
        .containsEntry("kind", "job-id-changed")
        .containsEntry("currentJobId", Snapshots.JOB_ID);
  }

  @Test
  void saysNothingWhenTheAlertNamesTheCurrentJob() {
    assertThat(
            analyzer.analyze(
                new FlinkObservation(List.of(Snapshots.running().build())),
                Optional.of(Snapshots.JOB_ID)))
        .isEmpty();
  }

  @Test
  void callsAFailureThatASecondProbeDoesNotSeeAnArtefact() {
    Map<String, Double> restarts = Map.of(JobMetrics.NUM_RESTARTS, 2.0);
    FlinkObservation o =
        new FlinkObservation(
            List.of(
                Snapshots.running().state("FAILING").metrics(restarts).build(),
                Snapshots.running().metrics(restarts).build()));

    List<Finding> findings = analyzer.analyze(o, Optional.empty());

    assertThat(findings).extracting(Finding::code).containsExactly("flink.observation.artefact");
    assertThat(findings.get(0).evidence())
        .containsEntry("kind", "state-recovered")
        .containsEntry("first.state", "FAILING");
  }

  @Test
  void confirmsAFailureThatASecondProbeSeesAgain() {
    FlinkObservation o =
        new FlinkObservation(
            List.of(
                Snapshots.running()
                    .state("RESTARTING")
                    .metrics(Map.of(JobMetrics.NUM_RESTARTS, 2.0))
                    .build(),
                Snapshots.running().metrics(Map.of(JobMetrics.NUM_RESTARTS, 3.0)).build()));

    assertThat(analyzer.analyze(o, Optional.empty()))
        .extracting(Finding::code)
        .containsExactly("flink.observation.confirmed");
  }

  @Test
  void probesAgainWhenTheFirstCaptureHasNoJobMetrics() {
    // Flink answers [] for job metrics right after a restart (flink-rest.md §7); the second capture
    // has them.
    String jobMetrics = "/metrics?get=" + String.join(",", FlinkHealthProbe.JOB_METRICS);
    RecordedFlinkRest rest =
        new RecordedFlinkRest("2.3/healthy-checkpointing")
            .once(jobMetrics, 200, "/flink/empty-array.json")
            .once(jobMetrics, 200, "/flink/empty-array.json");
    FlinkHealthProbe probe =
        new FlinkHealthProbe(
            rest, new Sampling(2, Duration.ofMillis(1), 32, 64), Clock.systemUTC());

    FlinkObservation o = probe.observe("healthy");

    assertThat(o.captures()).hasSize(2);
    assertThat(analyzer.analyze(o, Optional.empty()))
        .extracting(f -> f.evidence().get("kind"))
        .containsExactly("metrics-late");
  }

  @Test
  void probesOnceWhenTheJobLooksHealthy() {
    FlinkHealthProbe probe =
        new FlinkHealthProbe(
            new RecordedFlinkRest("2.3/healthy-checkpointing"),
            new Sampling(2, Duration.ofMillis(1), 32, 64),
            Clock.systemUTC());

    assertThat(probe.observe("healthy").captures()).hasSize(1);
  }

  @Test
  void keepsTheFirstCaptureWhenTheJobVanishesBeforeTheSecond() {
    FlinkRest vanishing =
        new FlinkRest() {
          // The first capture meets a failing endpoint, so a second one is due; by then the cluster
          // is gone.
          private final RecordedFlinkRest recorded =
              new RecordedFlinkRest("2.3/restart-loop")
                  .once("/checkpoints", 503, "/flink/login-page.html");
          private int overviews;

          @Override
          public JsonNode get(String path) {
            if (path.equals("/v1/jobs/overview") && ++overviews > 1) {
              throw new ProbeException(ProbeException.Code.UNREACHABLE, "GET " + path, "refused");
            }
            return recorded.get(path);
          }

          @Override
          public String baseUrl() {
            return recorded.baseUrl();
          }
        };
    FlinkHealthProbe probe =
        new FlinkHealthProbe(
            vanishing, new Sampling(2, Duration.ofMillis(1), 32, 64), Clock.systemUTC());

    FlinkObservation o = probe.observe("restart-loop");

    assertThat(o.captures()).hasSize(1);
    assertThat(o.latest().failures())
        .extracting(EndpointFailure::code)
        .contains(ProbeException.Code.UNREACHABLE);
  }
}
