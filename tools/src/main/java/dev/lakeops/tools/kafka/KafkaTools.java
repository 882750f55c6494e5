package dev.lakeops.tools.kafka;

import dev.lakeops.tools.Json;
import dev.lakeops.tools.ProbeException;
import dev.lakeops.tools.ToolReport;
import dev.lakeops.tools.ToolReports;
import dev.langchain4j.agent.tool.P;
import dev.langchain4j.agent.tool.Tool;
import java.time.Clock;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The {@code @Tool} facade over the Kafka probes and analyzers: read-only, never throws. The
 * {@code @Tool} methods take a configured cluster name only (never an address from the model);
 * the typed methods take a {@link KafkaCluster} for the CLI.
 */
public final class KafkaTools {

  public static final String LAG = "kafka.lag";
  public static final String GROUPS = "kafka.groups";
  public static final String RECONCILE = "kafka.reconcile";
  public static final String CONFIGS = "kafka.configs";
  private static final Duration COUNT_TIMEOUT = Duration.ofSeconds(30);

  private final KafkaClusters clusters;
  private final KafkaProbeOptions options;
  private final LagRules rules;
  private final LagHistory history;
  private final Clock clock;

  public KafkaTools(KafkaClusters clusters, KafkaProbeOptions options, LagRules rules, LagHistory history, Clock clock) {
    this.clusters = clusters;
    this.options = options;
    this.rules = rules;
    this.history = history;
    this.clock = clock;
  }

  /** The snapshots lag calls took, per cluster; for callers that show raw data on request. */
  public LagHistory history() {
    return history;
  }

  /**
   * Takes {@code samples} lag probes {@code interval} apart and judges the cluster's window.
   *
   * @param groups group ids; empty for all consumer groups
   * @param flinkByGroup Flink source offsets per group id, for groups read by Flink jobs
   */
  public ToolReport lag(KafkaCluster cluster, List<String> groups, int samples, Duration interval, Map<String, FlinkSourceOffsets> flinkByGroup) {
    Map<String, String> params = params(cluster);
    params.put("groups", groups.isEmpty() ? "*" : String.join(",", groups));
    params.put("samples", Integer.toString(samples));
    params.put("interval", interval.toString());
    return ToolReports.run(LAG, params, () -> {
      KafkaLagProbe probe = new KafkaLagProbe(cluster, options, clock);
      for (int i = 0; i < samples; i++) {
        if (i > 0) {
          sleep(interval);
        }
        history.add(probe.capture(LagScope.groups(groups)));
      }
      return new KafkaLagAnalyzer(rules).analyze(history.window(cluster.name()), flinkByGroup);
    });
  }

  public ToolReport groups(KafkaCluster cluster) {
    return ToolReports.run(GROUPS, params(cluster), () ->
        new GroupsAnalyzer().analyze(new KafkaLagProbe(cluster, options.withMaxRecordLookups(0), clock).capture(LagScope.allGroups())));
  }

  /**
   * Counts the records in {@code ranges} of {@code topic} and compares them with {@code sinkCount},
   * explaining differences with rewinds of {@code group} seen by earlier lag calls.
   *
   * @param ranges empty for every partition from log start to high watermark
   */
  public ToolReport reconcile(KafkaCluster cluster, String topic, List<OffsetRange> ranges, long sinkCount, @Nullable String group) {
    Map<String, String> params = params(cluster);
    params.put("topic", topic);
    params.put("ranges", ranges.isEmpty() ? "all" : String.join(" ", ranges.stream().map(r -> r.partition() + ":" + r.from() + "-" + r.to()).toList()));
    params.put("sinkCount", Long.toString(sinkCount));
    if (group != null && !group.isBlank()) {
      params.put("group", group);
    }
    return ToolReports.run(RECONCILE, params, () -> {
      RecordCountSnapshot counted = new RecordCountProbe(new KafkaLagProbe(cluster, options.withMaxRecordLookups(0), clock), COUNT_TIMEOUT, clock)
          .count(topic, ranges);
      List<OffsetRewind> rewinds = group == null || group.isBlank() ? List.of() : history.rewinds(cluster.name(), group.strip());
      return new ReconcileAnalyzer().analyze(counted, sinkCount, rewinds);
    });
  }

  public ToolReport configs(KafkaCluster cluster, List<String> topics, List<String> groups, ClientSettings settings) {
    Map<String, String> params = params(cluster);
    params.put("topics", String.join(",", topics));
    params.put("groups", String.join(",", groups));
    settings.consumer().forEach((k, v) -> params.put("consumer." + k, v));
    settings.producer().forEach((k, v) -> params.put("producer." + k, v));
    if (settings.processingTimePerRecord() != null) {
      params.put("processingTimePerRecord", settings.processingTimePerRecord().toString());
    }
    return ToolReports.run(CONFIGS, params, () -> {
      LagScope scope = groups.isEmpty() ? LagScope.topicsOnly(topics) : LagScope.groups(groups).withTopics(topics);
      return new KafkaConfigAnalyzer(new KafkaLagAnalyzer(rules)).analyze(new KafkaLagProbe(cluster, options, clock).capture(scope), settings);
    });
  }

  @Tool("Consumer lag of Kafka consumer groups with a Burrow-style status per group: kafka.lag.ok, kafka.lag.growing,"
      + " kafka.lag.stalled (members but no progress), kafka.lag.stopped (no members, no commits), kafka.offset.below-log-start"
      + " (data deleted before it was read: loss); corrections for transaction markers, open transactions, compacted topics and"
      + " Flink sources that commit only on checkpoint; rewinds; lag in records and in time. Probes over at least 10 s unless"
      + " recent probes exist. Read-only. Compact JSON with status OK, NO_DATA (no such cluster or group) or ERROR.")
  public String consumerLag(
      @P("Kafka cluster name as configured in lakeops.kafka.clusters") String cluster,
      @P(value = "Consumer group id; empty for every consumer group", required = false) String group) {
    List<String> groups = group == null || group.isBlank() ? List.of() : List.of(group.strip());
    ToolReport report = withCluster(LAG, cluster, c -> {
      List<KafkaLagSnapshot> window = history.window(c.name());
      Duration span = window.size() < 1 ? Duration.ZERO : Duration.between(window.get(0).capturedAt(), clock.instant());
      Duration missing = rules.minStallWindow().minus(span);
      return missing.isNegative() || missing.isZero()
          ? lag(c, groups, 1, Duration.ZERO, Map.of())
          : lag(c, groups, 2, missing, Map.of());
    });
    return Json.compact(report);
  }

  @Tool("Lists the consumer groups of a Kafka cluster with state (Stable, Empty, rebalancing), members and total lag. Read-only. Compact JSON.")
  public String consumerGroups(@P("Kafka cluster name as configured in lakeops.kafka.clusters") String cluster) {
    return Json.compact(withCluster(GROUPS, cluster, this::groups));
  }

  @Tool("Reconciles a Kafka offset range with a sink's record count: counts the records per partition in [fromOffset, toOffset)"
      + " and explains a difference by transaction markers, aborted records, compaction gaps, rewinds of the group's committed"
      + " offsets (replays: duplicates) and retention (deleted offsets). Codes kafka.reconcile.match, .duplicates, .missing,"
      + " .offset-gaps, .range-deleted. Read-only. Compact JSON.")
  public String reconcileOffsetRange(
      @P("Kafka cluster name as configured in lakeops.kafka.clusters") String cluster,
      @P("Topic name") String topic,
      @P(value = "Partition; omit for every partition (then the offsets are ignored and each partition is counted whole)", required = false) Integer partition,
      @P(value = "First offset of the range (inclusive)", required = false) Long fromOffset,
      @P(value = "End of the range (exclusive)", required = false) Long toOffset,
      @P("Records the sink holds for this range") long sinkCount,
      @P(value = "Consumer group that fed the sink, to explain duplicates with its rewinds", required = false) String group) {
    return Json.compact(withCluster(RECONCILE, cluster, c -> {
      List<OffsetRange> ranges = partition == null ? List.of()
          : List.of(new OffsetRange(partition, fromOffset == null ? 0 : fromOffset, toOffset == null ? Long.MAX_VALUE : toOffset));
      return reconcile(c, topic, ranges, sinkCount, group);
    }));
  }

  @Tool("Configuration risks for Kafka duplicates and loss: topic settings (unclean leader election, min.insync.replicas,"
      + " replication, retention shorter than the lag in time) and the consumer's and producer's settings as given"
      + " (auto-commit, auto.offset.reset=latest, max.poll.interval.ms vs processing time, isolation.level, acks,"
      + " enable.idempotence). Unset client settings take Kafka's defaults. Read-only. Compact JSON.")
  public String configRisks(
      @P("Kafka cluster name as configured in lakeops.kafka.clusters") String cluster,
      @P("Topic name") String topic,
      @P(value = "Consumer group reading the topic", required = false) String group,
      @P(value = "Consumer enable.auto.commit", required = false) Boolean enableAutoCommit,
      @P(value = "Consumer auto.offset.reset (earliest, latest, none)", required = false) String autoOffsetReset,
      @P(value = "Consumer isolation.level (read_committed, read_uncommitted)", required = false) String isolationLevel,
      @P(value = "Consumer max.poll.interval.ms", required = false) Long maxPollIntervalMs,
      @P(value = "Consumer max.poll.records", required = false) Integer maxPollRecords,
      @P(value = "Processing time per record in milliseconds", required = false) Double processingMsPerRecord,
      @P(value = "Producer acks (0, 1, all)", required = false) String producerAcks,
      @P(value = "Producer enable.idempotence", required = false) Boolean enableIdempotence) {
    Map<String, String> consumer = new LinkedHashMap<>();
    putIf(consumer, "enable.auto.commit", enableAutoCommit);
    putIf(consumer, "auto.offset.reset", autoOffsetReset);
    putIf(consumer, "isolation.level", isolationLevel);
    putIf(consumer, "max.poll.interval.ms", maxPollIntervalMs);
    putIf(consumer, "max.poll.records", maxPollRecords);
    Map<String, String> producer = new LinkedHashMap<>();
    putIf(producer, "acks", producerAcks);
    putIf(producer, "enable.idempotence", enableIdempotence);
    Duration perRecord = processingMsPerRecord == null ? null : Duration.ofNanos(Math.round(processingMsPerRecord * 1_000_000));
    ClientSettings settings = new ClientSettings(consumer, producer, perRecord);
    List<String> groups = group == null || group.isBlank() ? List.of() : List.of(group.strip());
    return Json.compact(withCluster(CONFIGS, cluster, c -> configs(c, List.of(topic), groups, settings)));
  }

  private ToolReport withCluster(String tool, String cluster, java.util.function.Function<KafkaCluster, ToolReport> call) {
    KafkaCluster resolved;
    try {
      resolved = clusters.resolve(cluster);
    } catch (IllegalArgumentException e) {
      Map<String, String> params = Map.of("cluster", cluster == null ? "" : cluster);
      return ToolReports.run(tool, params, () -> {
        throw new ProbeException(ProbeException.Code.NOT_FOUND, "lakeops.kafka.clusters", e.getMessage());
      });
    }
    return call.apply(resolved);
  }

  private static Map<String, String> params(KafkaCluster cluster) {
    Map<String, String> params = new LinkedHashMap<>();
    params.put("cluster", cluster.name());
    params.put("bootstrap", cluster.bootstrapServers());
    return params;
  }

  private static void putIf(Map<String, String> map, String key, @Nullable Object value) {
    if (value != null && !value.toString().isBlank()) {
      map.put(key, value.toString().strip());
    }
  }

  private static void sleep(Duration pause) {
    try {
      Thread.sleep(pause.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new ProbeException(ProbeException.Code.TIMEOUT, "lag sampling pause", "interrupted while waiting to probe again", e);
    }
  }
}
