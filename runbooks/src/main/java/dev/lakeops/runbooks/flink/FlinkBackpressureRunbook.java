package dev.lakeops.runbooks.flink;

import dev.lakeops.runbooks.AlertSignal;
import dev.lakeops.runbooks.Category;
import dev.lakeops.runbooks.Confidence;
import dev.lakeops.runbooks.Runbook;
import dev.lakeops.runbooks.TriageReport;
import dev.lakeops.runbooks.Verdict;
import dev.lakeops.tools.ToolReport;
import dev.lakeops.tools.flink.FlinkClusters;
import dev.lakeops.tools.flink.FlinkTools;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Triage of a Flink job that is late, backpressured, failing checkpoints or restarting: find the
 * cluster and the job the alert names, locate the backpressure bottleneck, then read the job's
 * health (restarts, exceptions, checkpoints, source lag) and conclude with {@link FlinkVerdicts}.
 *
 * <p>The cluster comes from the label {@code flink_cluster} (a configured profile; the default
 * cluster without the label). The job comes from the labels Flink's Prometheus reporter exports
 * ({@code job_id}, {@code job_name}) or from {@code flink_job}. The id is tried first; after a
 * redeploy it is stale, so the name is tried next, and the stale id is reported as an artefact.
 */
public final class FlinkBackpressureRunbook implements Runbook {

  /** Labels that name the job, most precise first. */
  static final List<String> JOB_ID_LABELS = List.of("job_id", "flink_job_id");
  static final List<String> JOB_NAME_LABELS = List.of("job_name", "flink_job", "flink_job_name");
  static final String CLUSTER_LABEL = "flink_cluster";
  /** Words in an alert's name, summary or description that say "Flink job late, slow or failing". */
  static final List<String> KEYWORDS =
      List.of("backpressure", "back-pressure", "back pressure", "backpressured", "busy", "delay", "lag", "late", "latency", "watermark",
          "throughput", "slow", "checkpoint", "restart", "failover", "failing", "exception", "down");

  private final FlinkClusters clusters;
  private final Clock clock;

  public FlinkBackpressureRunbook(FlinkClusters clusters, Clock clock) {
    this.clusters = clusters;
    this.clock = clock;
  }

  public FlinkBackpressureRunbook(FlinkTools flink, Clock clock) {
    this(FlinkClusters.single(flink), clock);
  }

  @Override
  public String id() {
    return "flink-backpressure";
  }

  @Override
  public Match match(AlertSignal alert) {
    boolean namesJob = alert.firstLabel(JOB_ID_LABELS.toArray(String[]::new)).isPresent()
        || alert.firstLabel(JOB_NAME_LABELS.toArray(String[]::new)).isPresent();
    if (!namesJob) {
      return Match.NONE;
    }
    String text = alert.text();
    return KEYWORDS.stream().anyMatch(text::contains) ? Match.LABEL : Match.KEYWORD;
  }

  @Override
  public TriageReport run(AlertSignal alert) {
    Instant started = clock.instant();
    Optional<String> jobId = alert.firstLabel(JOB_ID_LABELS.toArray(String[]::new));
    Optional<String> jobName = alert.firstLabel(JOB_NAME_LABELS.toArray(String[]::new));
    String job = jobName.orElseGet(jobId::orElseThrow);
    String clusterName = alert.label(CLUSTER_LABEL).orElse(clusters.defaultName());
    Optional<FlinkTools> cluster = clusters.find(clusterName);
    if (cluster.isEmpty()) {
      Map<String, String> entities = new LinkedHashMap<>();
      entities.put("job", job);
      entities.put("cluster", clusterName);
      Verdict verdict = new Verdict(Category.NOT_FOUND,
          "No Flink cluster named '" + clusterName + "' is configured (configured: " + String.join(", ", clusters.names()) + ").",
          entities, List.of(), Confidence.HIGH,
          List.of("Add lakeops.flink.clusters." + clusterName + ".rest-url to the configuration, or fix the alert's flink_cluster label."));
      return new TriageReport(id(), alert, verdict, List.of(), started, clock.instant());
    }
    FlinkTools flink = cluster.get();
    List<ToolReport> reports = new ArrayList<>();
    ToolReport backpressure = null;
    String probed = null;
    if (jobId.isPresent()) {
      backpressure = flink.backpressure(jobId.get());
      probed = jobId.get();
      reports.add(backpressure);
    }
    if (jobName.isPresent() && (backpressure == null || backpressure.status() == ToolReport.Status.NO_DATA)) {
      backpressure = flink.backpressure(jobName.get());
      probed = jobName.get();
      reports.add(backpressure);
    }
    ToolReport health = null;
    if (backpressure.status() == ToolReport.Status.OK) {
      health = flink.health(probed, jobId);
      reports.add(health);
    }
    Verdict verdict = FlinkVerdicts.conclude(job, clusterName, backpressure, health);
    return new TriageReport(id(), alert, verdict, reports, started, clock.instant());
  }
}
