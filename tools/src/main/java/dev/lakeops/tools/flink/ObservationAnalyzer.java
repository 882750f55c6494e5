package dev.lakeops.tools.flink;

import dev.lakeops.tools.Finding;
import dev.lakeops.tools.Severity;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * Tells monitoring artefacts from faults: when two captures of a job disagree (the first saw it
 * failing or without metrics, the second sees it running with no new restart), or when the job id
 * an alert names is no longer the job's (a redeploy), a fault-looking alert is about the
 * observation, not the job ({@code flink-rest.md} §5.6). Pure.
 *
 * <p>Codes: {@code flink.observation.artefact}, {@code flink.observation.confirmed}.
 */
public final class ObservationAnalyzer {

  /**
   * @param observation one or two captures, oldest first
   * @param alertJobId the job id the alert named, if it named one
   */
  public List<Finding> analyze(FlinkObservation observation, Optional<String> alertJobId) {
    FlinkHealthSnapshot first = observation.first();
    FlinkHealthSnapshot latest = observation.latest();
    String subject = "flink job " + latest.job().name();
    List<Finding> findings = new ArrayList<>();
    if (alertJobId.isPresent()
        && JobLookup.isJobId(alertJobId.get())
        && !alertJobId.get().equals(latest.job().jobId())) {
      findings.add(
          new Finding(
              Severity.WARN,
              "flink.observation.artefact",
              subject,
              "The alert names job id "
                  + alertJobId.get()
                  + ", but the job '"
                  + latest.job().name()
                  + "' now runs as "
                  + latest.job().jobId()
                  + " (redeployed): the alert is about a job that no longer exists; judge the"
                  + " current one and update the alert.",
              new Evidence()
                  .put("kind", "job-id-changed")
                  .put("alertJobId", alertJobId.get())
                  .put("currentJobId", latest.job().jobId())
                  .put("state", latest.job().state())
                  .map(),
              latest.endpoints().subList(0, Math.min(2, latest.endpoints().size()))));
    }
    if (observation.captures().size() < 2) {
      return findings;
    }
    Evidence e =
        new Evidence()
            .put("job", latest.job().name())
            .put("first.state", first.job().state())
            .put("second.state", latest.job().state())
            .put("first.jobId", first.job().jobId())
            .put("second.jobId", latest.job().jobId())
            .put("first.numRestarts", restarts(first))
            .put("second.numRestarts", restarts(latest))
            .put("first.endpointFailures", first.failures().size())
            .put("second.endpointFailures", latest.failures().size())
            .put(
                "secondsBetween",
                (latest.capturedAt().toEpochMilli() - first.capturedAt().toEpochMilli()) / 1000.0);
    boolean redeployed = !first.job().jobId().equals(latest.job().jobId());
    boolean recovered =
        latest.job().isRunning()
            && !first.job().isRunning()
            && restarts(first) != null
            && restarts(first).equals(restarts(latest));
    boolean metricsArrived =
        latest.job().isRunning()
            && first.job().isRunning()
            && (first.metrics() == null || first.metrics().values().isEmpty())
            && latest.metrics() != null
            && !latest.metrics().values().isEmpty();
    boolean failuresCleared = !first.failures().isEmpty() && latest.failures().isEmpty();
    if (redeployed || recovered || metricsArrived || failuresCleared) {
      String kind =
          redeployed
              ? "redeployed-between-probes"
              : recovered
                  ? "state-recovered"
                  : metricsArrived ? "metrics-late" : "endpoint-recovered";
      findings.add(
          new Finding(
              Severity.INFO,
              "flink.observation.artefact",
              subject,
              "Two probes disagree ("
                  + kind
                  + "): the first saw "
                  + first.job().state()
                  + (first.failures().isEmpty() ? "" : " with failing endpoints")
                  + ", the second "
                  + latest.job().state()
                  + ". A fault seen once is a monitoring artefact until it repeats.",
              e.put("kind", kind).map(),
              latest.endpoints().subList(0, Math.min(2, latest.endpoints().size()))));
    } else {
      findings.add(
          new Finding(
              Severity.INFO,
              "flink.observation.confirmed",
              subject,
              "A second probe after "
                  + e.map().get("secondsBetween")
                  + " s confirms what the first saw ("
                  + latest.job().state()
                  + ").",
              e.map(),
              List.of()));
    }
    return findings;
  }

  private static Double restarts(FlinkHealthSnapshot s) {
    if (s.metrics() == null) {
      return null;
    }
    OptionalDouble r = s.metrics().find(JobMetrics.NUM_RESTARTS);
    return r.isPresent() ? r.getAsDouble() : null;
  }
}
