package dev.lakeops.tools.flink;

import dev.lakeops.tools.Finding;
import dev.lakeops.tools.Severity;
import dev.lakeops.tools.ToolReport;
import dev.lakeops.tools.ToolReports;
import dev.lakeops.tools.spec.ToolFunction;
import dev.lakeops.tools.spec.ToolSet;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The facade over the Flink probes and analyzers of one cluster: read-only, never throws. The typed
 * methods are for the CLI; {@link #functions()} pairs them with their declarations ({@link
 * FlinkToolSpecs}) for the planner and the model.
 */
public final class FlinkTools implements ToolSet {

  public static final String BACKPRESSURE = "flink.backpressure";
  public static final String JOBS = "flink.jobs";
  public static final String JOB = "flink.job";
  public static final String CHECKPOINTS = "flink.checkpoints";
  public static final String SOURCE_LAG = "flink.source-lag";
  public static final String HEALTH = "flink.health";

  private final FlinkJobProbe probe;
  private final FlinkHealthProbe health;
  private final BackpressureAnalyzer analyzer;

  public FlinkTools(FlinkJobProbe probe, BackpressureAnalyzer analyzer) {
    this.probe = probe;
    this.health = probe.healthProbe();
    this.analyzer = analyzer;
  }

  /** Every Flink tool of this cluster with its declaration. */
  @Override
  public List<ToolFunction<ToolReport>> functions() {
    return List.of(
        new ToolFunction<>(FlinkToolSpecs.BACKPRESSURE, a -> backpressure(a.string("job"))),
        new ToolFunction<>(
            FlinkToolSpecs.HEALTH, a -> health(a.string("job"), a.optionalString("alert_job_id"))),
        new ToolFunction<>(FlinkToolSpecs.JOB_STATE, a -> job(a.string("job"))),
        new ToolFunction<>(FlinkToolSpecs.CHECKPOINTS, a -> checkpoints(a.string("job"))),
        new ToolFunction<>(FlinkToolSpecs.SOURCE_LAG, a -> sourceLag(a.string("job"))),
        new ToolFunction<>(FlinkToolSpecs.JOBS, a -> jobs()));
  }

  /** The cluster these tools read, for evidence and for telling clusters apart. */
  public String restUrl() {
    return probe.restUrl();
  }

  /**
   * The REST API of this cluster, for probes of other tools over the same cluster (e.g. what
   * changed).
   */
  public FlinkRest rest() {
    return probe.rest();
  }

  /** Probe + analyze as a typed report, for the planner and the CLI. */
  public ToolReport backpressure(String job) {
    return ToolReports.run(BACKPRESSURE, params(job), () -> analyzer.analyze(probe.capture(job)));
  }

  /** Every job on the cluster with its state. */
  public ToolReport jobs() {
    return ToolReports.run(
        JOBS,
        Map.of("cluster", restUrl()),
        () -> {
          List<FlinkJobSummary> jobs = probe.jobs();
          if (jobs.isEmpty()) {
            return List.of(
                new Finding(
                    Severity.INFO,
                    "flink.jobs.none",
                    "flink cluster " + restUrl(),
                    "The cluster runs no jobs.",
                    Map.of("cluster", restUrl()),
                    List.of("GET " + restUrl() + "/v1/jobs/overview")));
          }
          return jobs.stream().map(this::jobRow).toList();
        });
  }

  private Finding jobRow(FlinkJobSummary j) {
    Map<String, String> evidence = new LinkedHashMap<>();
    evidence.put("job", j.name());
    evidence.put("jobId", j.jobId());
    evidence.put("state", j.state());
    evidence.put("startTime", Long.toString(j.startTimeMillis()));
    boolean failing = List.of("FAILED", "FAILING", "RESTARTING").contains(j.state());
    Severity severity = j.isRunning() ? Severity.OK : failing ? Severity.CRITICAL : Severity.INFO;
    String code =
        j.isRunning() ? "flink.job.running" : failing ? "flink.job.not-running" : "flink.job.ended";
    return new Finding(
        severity,
        code,
        "flink job " + j.name(),
        "'" + j.name() + "' is " + j.state() + ".",
        evidence,
        List.of("GET " + restUrl() + "/v1/jobs/overview"));
  }

  /**
   * State, restarts, exception root causes and observation checks of one job (probed twice if it
   * looks faulty).
   */
  public ToolReport job(String job) {
    return ToolReports.run(
        JOB,
        params(job),
        () -> {
          FlinkObservation o = health.observe(job);
          List<Finding> findings = new ArrayList<>(new RestartAnalyzer().analyze(o.latest()));
          findings.addAll(new ExceptionAnalyzer().analyze(o.latest()));
          findings.addAll(new ObservationAnalyzer().analyze(o, Optional.of(job.strip())));
          findings.addAll(new EndpointFailureAnalyzer().analyze(o.latest()));
          return findings;
        });
  }

  /** Checkpoint health of one job. */
  public ToolReport checkpoints(String job) {
    return ToolReports.run(
        CHECKPOINTS,
        params(job),
        () -> {
          FlinkHealthSnapshot s = health.capture(job);
          List<Finding> findings = new ArrayList<>(new CheckpointAnalyzer().analyze(s));
          s.failures().stream()
              .filter(f -> f.endpoint().contains("/checkpoints"))
              .map(f -> EndpointFailureAnalyzer.finding(s, f))
              .forEach(findings::add);
          return findings;
        });
  }

  /** Source lag and watermarks of one job. */
  public ToolReport sourceLag(String job) {
    return ToolReports.run(
        SOURCE_LAG,
        params(job),
        () -> {
          FlinkHealthSnapshot s = health.capture(job);
          List<Finding> findings = new ArrayList<>(new SourceLagAnalyzer().analyze(s));
          s.failures().stream()
              .filter(f -> f.endpoint().contains("/vertices/"))
              .map(f -> EndpointFailureAnalyzer.finding(s, f))
              .forEach(findings::add);
          return findings;
        });
  }

  /**
   * Everything but backpressure in one observation: state and restarts, exceptions, checkpoints,
   * source lag, unreadable endpoints, and whether the alert's job id is stale.
   *
   * @param alertJobId the job id an alert named, if any, to detect a redeploy
   */
  public ToolReport health(String job, Optional<String> alertJobId) {
    return ToolReports.run(
        HEALTH,
        params(job),
        () -> {
          FlinkObservation o = health.observe(job);
          FlinkHealthSnapshot s = o.latest();
          List<Finding> findings =
              new ArrayList<>(new ObservationAnalyzer().analyze(o, alertJobId));
          findings.addAll(new RestartAnalyzer().analyze(s));
          findings.addAll(new ExceptionAnalyzer().analyze(s));
          findings.addAll(new CheckpointAnalyzer().analyze(s));
          findings.addAll(new SourceLagAnalyzer().analyze(s));
          findings.addAll(new EndpointFailureAnalyzer().analyze(s));
          return findings;
        });
  }

  private static Map<String, String> params(String job) {
    return Map.of("job", job == null ? "" : job);
  }
}
