package dev.lakeops.agent.scheduler;

import dev.lakeops.agent.alert.AlertStatus;
import dev.lakeops.agent.alert.AlertmanagerAlert;
import dev.lakeops.agent.alert.LabelFingerprint;
import dev.lakeops.agent.config.LakeopsConfig;
import dev.lakeops.agent.intake.AlertIntake;
import dev.lakeops.agent.metrics.LakeopsMetrics;
import dev.lakeops.tools.Finding;
import dev.lakeops.tools.Severity;
import dev.lakeops.tools.ToolReport;
import dev.lakeops.tools.flink.FlinkClusters;
import dev.lakeops.tools.kafka.KafkaClusters;
import dev.lakeops.tools.kafka.KafkaTools;
import io.quarkus.scheduler.Scheduled;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Probes the configured Flink jobs and Kafka groups on a schedule ({@code lakeops.watch.*}) and
 * raises an incident for a target whose probe finds WARN or worse (or fails), exactly as if an
 * alert had arrived: one incident per episode (the start is the first failing round, so later
 * rounds join it), resolved by the first round that finds the target healthy again. The latest
 * outcome per target is kept for the health page.
 */
@ApplicationScoped
public class Watcher {

  private static final Logger LOG = LoggerFactory.getLogger(Watcher.class);

  /** The latest probe of one target. */
  public record Observation(
      WatchTarget target, Instant at, ToolReport.Status status, Severity worst, String summary) {}

  private final List<WatchTarget> targets;
  private final FlinkClusters flink;
  private final KafkaClusters kafkaClusters;
  private final KafkaTools kafka;
  private final AlertIntake intake;
  private final Clock clock;
  private final Map<WatchTarget, Instant> failingSince = new ConcurrentHashMap<>();
  private final Map<WatchTarget, Observation> latest = new ConcurrentHashMap<>();

  public Watcher(
      LakeopsConfig config,
      FlinkClusters flink,
      KafkaClusters kafkaClusters,
      KafkaTools kafka,
      AlertIntake intake,
      Clock clock) {
    this.targets = targets(config.watch(), flink.defaultName());
    this.flink = flink;
    this.kafkaClusters = kafkaClusters;
    this.kafka = kafka;
    this.intake = intake;
    this.clock = clock;
  }

  static List<WatchTarget> targets(LakeopsConfig.Watch watch, String defaultFlinkCluster) {
    List<WatchTarget> targets = new ArrayList<>();
    watch
        .flinkJobs()
        .orElse(List.of())
        .forEach(
            e ->
                targets.add(
                    WatchTarget.parse(
                        WatchTarget.Kind.FLINK_JOB,
                        "lakeops.watch.flink-jobs",
                        e,
                        defaultFlinkCluster)));
    watch
        .kafkaGroups()
        .orElse(List.of())
        .forEach(
            e ->
                targets.add(
                    WatchTarget.parse(
                        WatchTarget.Kind.KAFKA_GROUP, "lakeops.watch.kafka-groups", e, null)));
    return List.copyOf(targets);
  }

  public List<WatchTarget> targets() {
    return targets;
  }

  /**
   * The latest observation per target, in configuration order (targets not yet probed are absent).
   */
  public List<Observation> observations() {
    return targets.stream().map(latest::get).filter(java.util.Objects::nonNull).toList();
  }

  @Scheduled(
      every = "${lakeops.watch.interval:60s}",
      delayed = "10s",
      concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
  void scheduledRound() {
    round();
  }

  /** Probes every target once and raises or resolves incidents. Never throws. */
  public void round() {
    for (WatchTarget target : targets) {
      try {
        observe(target, probe(target));
      } catch (RuntimeException e) {
        LOG.error("Watching {} failed", target, e);
      }
    }
  }

  private ToolReport probe(WatchTarget target) {
    return switch (target.kind()) {
      case FLINK_JOB ->
          flink
              .find(target.cluster())
              .map(tools -> tools.health(target.name(), Optional.empty()))
              .orElseGet(() -> missingCluster(target, "lakeops.flink.clusters"));
      case KAFKA_GROUP ->
          kafkaClusters.names().contains(target.cluster())
              ? kafka.lag(
                  kafkaClusters.resolve(target.cluster()),
                  List.of(target.name()),
                  1,
                  Duration.ZERO,
                  Map.of())
              : missingCluster(target, "lakeops.kafka.clusters");
    };
  }

  private static ToolReport missingCluster(WatchTarget target, String key) {
    return new ToolReport(
        ToolReport.Status.ERROR,
        "watch",
        Map.of("target", target.toString()),
        List.of(),
        "no cluster named " + target.cluster() + " in " + key);
  }

  private void observe(WatchTarget target, ToolReport report) {
    Instant now = clock.instant();
    boolean failing =
        report.status() == ToolReport.Status.ERROR || report.worst().compareTo(Severity.WARN) >= 0;
    String summary = summary(report);
    latest.put(target, new Observation(target, now, report.status(), report.worst(), summary));
    Map<String, String> labels = target.labels();
    if (failing) {
      Instant since = failingSince.computeIfAbsent(target, t -> now);
      Map<String, String> annotations = new LinkedHashMap<>();
      annotations.put("summary", summary);
      annotations.put(
          "description", "Raised by lakeops' own probe of " + target + " (lakeops.watch)");
      intake.raised(
          new AlertmanagerAlert(
              AlertStatus.FIRING,
              labels,
              annotations,
              Optional.of(since),
              Optional.empty(),
              LabelFingerprint.of(labels)),
          LakeopsMetrics.SOURCE_SCHEDULER);
    } else {
      Instant since = failingSince.remove(target);
      if (since != null) {
        intake.raised(
            new AlertmanagerAlert(
                AlertStatus.RESOLVED,
                labels,
                Map.of("summary", summary),
                Optional.of(since),
                Optional.of(now),
                LabelFingerprint.of(labels)),
            LakeopsMetrics.SOURCE_SCHEDULER);
      }
    }
  }

  private static String summary(ToolReport report) {
    if (report.status() == ToolReport.Status.ERROR
        || report.status() == ToolReport.Status.NO_DATA) {
      return report.tool()
          + ": "
          + report.status()
          + (report.error() == null ? "" : " (" + report.error() + ")");
    }
    return report.findings().stream()
        .max(Comparator.comparing(Finding::severity))
        .map(f -> f.code() + ": " + f.summary())
        .orElse(report.tool() + ": no findings");
  }
}
