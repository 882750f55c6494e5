package dev.lakeops.tools.kafka;

import dev.lakeops.tools.ProbeException;
import dev.lakeops.tools.ToolReport;
import dev.lakeops.tools.ToolReports;
import dev.lakeops.tools.spec.ToolArgs;
import dev.lakeops.tools.spec.ToolFunction;
import dev.lakeops.tools.spec.ToolSet;
import java.time.Clock;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * The facade over the Kafka probes and analyzers: read-only, never throws. {@link #functions()}
 * pairs the tools with their declarations ({@link KafkaToolSpecs}) for the planner, the model and
 * chat: they take a configured cluster name only, never an address. The typed methods take a {@link
 * KafkaCluster} for the CLI.
 */
public final class KafkaTools implements ToolSet {

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
  private final KafkaCaptures captures;
  private final FlinkSourceFinder flinkSources;

  public KafkaTools(
      KafkaClusters clusters,
      KafkaProbeOptions options,
      LagRules rules,
      LagHistory history,
      Clock clock) {
    this(clusters, options, rules, history, clock, KafkaCaptures.probes(clock));
  }

  /** Tools whose lag, groups and configs snapshots come from {@code captures}. */
  public KafkaTools(
      KafkaClusters clusters,
      KafkaProbeOptions options,
      LagRules rules,
      LagHistory history,
      Clock clock,
      KafkaCaptures captures) {
    this(clusters, options, rules, history, clock, captures, FlinkSourceFinder.NONE);
  }

  private KafkaTools(
      KafkaClusters clusters,
      KafkaProbeOptions options,
      LagRules rules,
      LagHistory history,
      Clock clock,
      KafkaCaptures captures,
      FlinkSourceFinder flinkSources) {
    this.clusters = clusters;
    this.options = options;
    this.rules = rules;
    this.history = history;
    this.clock = clock;
    this.captures = captures;
    this.flinkSources = flinkSources;
  }

  /**
   * These tools, with lag calls that look up the Flink job owning each member-less group ({@link
   * FlinkSourceFinder}) and judge the group with that job's source offsets.
   */
  public KafkaTools withFlinkSources(FlinkSourceFinder finder) {
    return new KafkaTools(clusters, options, rules, history, clock, captures, finder);
  }

  /** Every Kafka tool with its declaration; an unknown cluster name is {@code NO_DATA}. */
  @Override
  public List<ToolFunction<ToolReport>> functions() {
    return List.of(
        new ToolFunction<>(
            KafkaToolSpecs.LAG,
            a ->
                withCluster(
                    LAG,
                    a,
                    c ->
                        a.optionalInteger("samples")
                            .map(
                                n ->
                                    lag(
                                        c,
                                        groups(a),
                                        n.intValue(),
                                        a.duration("interval"),
                                        Map.of()))
                            .orElseGet(() -> lag(c, groups(a))))),
        new ToolFunction<>(KafkaToolSpecs.GROUPS, a -> withCluster(GROUPS, a, this::groups)),
        new ToolFunction<>(
            KafkaToolSpecs.RECONCILE,
            a ->
                withCluster(
                    RECONCILE,
                    a,
                    c ->
                        reconcile(
                            c,
                            a.string("topic"),
                            ranges(a),
                            a.integer("sink_count"),
                            a.optionalString("group").orElse(null)))),
        new ToolFunction<>(
            KafkaToolSpecs.CONFIGS,
            a ->
                withCluster(
                    CONFIGS,
                    a,
                    c ->
                        configs(
                            c,
                            List.of(a.string("topic")),
                            groups(a),
                            KafkaToolSpecs.clientSettings(a)))));
  }

  /** The cluster profiles the tools take by name. */
  public KafkaClusters clusters() {
    return clusters;
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
  public ToolReport lag(
      KafkaCluster cluster,
      List<String> groups,
      int samples,
      Duration interval,
      Map<String, FlinkSourceOffsets> flinkByGroup) {
    Map<String, String> params = params(cluster);
    params.put("groups", groups.isEmpty() ? "*" : String.join(",", groups));
    params.put("samples", Integer.toString(samples));
    params.put("interval", interval.toString());
    return ToolReports.run(
        LAG,
        params,
        () -> {
          for (int i = 0; i < samples; i++) {
            if (i > 0) {
              captures.pause(interval);
            }
            history.add(captures.capture(cluster, options, LagScope.groups(groups)));
          }
          List<KafkaLagSnapshot> window = history.window(cluster.name());
          Map<String, FlinkSourceOffsets> flink = new LinkedHashMap<>();
          flink.putAll(flinkSources.find(window));
          flink.putAll(flinkByGroup);
          return new KafkaLagAnalyzer(rules).analyze(window, flink);
        });
  }

  /**
   * Lag of {@code groups} judged over a window long enough to tell a stall and a growing lag
   * ({@link LagRules#minStallWindow()}, {@link LagRules#minGrowthWindow()}): one probe when earlier
   * calls already cover the window, otherwise enough probes spread over the time missing for the
   * window to hold {@link LagRules#minGrowthSamples()} (at least two).
   *
   * @param groups group ids; empty for all consumer groups
   */
  public ToolReport lag(KafkaCluster cluster, List<String> groups) {
    List<KafkaLagSnapshot> window = history.window(cluster.name());
    Duration span =
        window.isEmpty()
            ? Duration.ZERO
            : Duration.between(window.get(0).capturedAt(), clock.instant());
    Duration needed =
        rules.minStallWindow().compareTo(rules.minGrowthWindow()) >= 0
            ? rules.minStallWindow()
            : rules.minGrowthWindow();
    Duration missing = needed.minus(span);
    ToolReport report;
    if (missing.isNegative() || missing.isZero()) {
      report = lag(cluster, groups, 1, Duration.ZERO, Map.of());
    } else {
      int probes = Math.max(2, rules.minGrowthSamples() - window.size());
      report = lag(cluster, groups, probes, missing.dividedBy(probes - 1), Map.of());
    }
    // A lag that rose but not yet beyond commit jitter: watch it over a few commit intervals.
    Duration trend = rules.commitInterval().multipliedBy(LagEvaluation.TREND_COMMITS);
    if (report.status() == ToolReport.Status.OK
        && report.findings().stream().anyMatch(f -> f.code().equals("kafka.lag.no-trend"))) {
      List<KafkaLagSnapshot> now = history.window(cluster.name());
      Duration covered =
          now.isEmpty()
              ? Duration.ZERO
              : Duration.between(now.get(0).capturedAt(), clock.instant());
      Duration more = trend.minus(covered);
      if (more.compareTo(Duration.ZERO) > 0) {
        return lag(cluster, groups, 2, more, Map.of());
      }
    }
    return report;
  }

  public ToolReport groups(KafkaCluster cluster) {
    return ToolReports.run(
        GROUPS,
        params(cluster),
        () ->
            new GroupsAnalyzer()
                .analyze(
                    captures.capture(
                        cluster, options.withMaxRecordLookups(0), LagScope.allGroups())));
  }

  /**
   * Counts the records in {@code ranges} of {@code topic} and compares them with {@code sinkCount},
   * explaining differences with rewinds of {@code group} seen by earlier lag calls.
   *
   * @param ranges empty for every partition from log start to high watermark
   */
  public ToolReport reconcile(
      KafkaCluster cluster,
      String topic,
      List<OffsetRange> ranges,
      long sinkCount,
      @Nullable String group) {
    Map<String, String> params = params(cluster);
    params.put("topic", topic);
    params.put(
        "ranges",
        ranges.isEmpty()
            ? "all"
            : String.join(
                " ",
                ranges.stream().map(r -> r.partition() + ":" + r.from() + "-" + r.to()).toList()));
    params.put("sinkCount", Long.toString(sinkCount));
    if (group != null && !group.isBlank()) {
      params.put("group", group);
    }
    return ToolReports.run(
        RECONCILE,
        params,
        () -> {
          RecordCountSnapshot counted =
              new RecordCountProbe(
                      new KafkaLagProbe(cluster, options.withMaxRecordLookups(0), clock),
                      COUNT_TIMEOUT,
                      clock)
                  .count(topic, ranges);
          List<OffsetRewind> rewinds =
              group == null || group.isBlank()
                  ? List.of()
                  : history.rewinds(cluster.name(), group.strip());
          return new ReconcileAnalyzer().analyze(counted, sinkCount, rewinds);
        });
  }

  public ToolReport configs(
      KafkaCluster cluster, List<String> topics, List<String> groups, ClientSettings settings) {
    Map<String, String> params = params(cluster);
    params.put("topics", String.join(",", topics));
    params.put("groups", String.join(",", groups));
    settings.consumer().forEach((k, v) -> params.put("consumer." + k, v));
    settings.producer().forEach((k, v) -> params.put("producer." + k, v));
    if (settings.processingTimePerRecord() != null) {
      params.put("processingTimePerRecord", settings.processingTimePerRecord().toString());
    }
    return ToolReports.run(
        CONFIGS,
        params,
        () -> {
          LagScope scope =
              groups.isEmpty()
                  ? LagScope.topicsOnly(topics)
                  : LagScope.groups(groups).withTopics(topics);
          return new KafkaConfigAnalyzer(new KafkaLagAnalyzer(rules))
              .analyze(captures.capture(cluster, options, scope), settings);
        });
  }

  private ToolReport withCluster(
      String tool, ToolArgs args, Function<KafkaCluster, ToolReport> call) {
    KafkaCluster resolved;
    try {
      resolved = clusters.resolve(args.string("cluster"));
    } catch (IllegalArgumentException e) {
      return ToolReports.run(
          tool,
          args.given(),
          () -> {
            throw new ProbeException(
                ProbeException.Code.NOT_FOUND, "lakeops.kafka.clusters", e.getMessage());
          });
    }
    return call.apply(resolved);
  }

  private static List<String> groups(ToolArgs args) {
    return args.optionalString("group").map(List::of).orElse(List.of());
  }

  private static List<OffsetRange> ranges(ToolArgs args) {
    return args.optionalInteger("partition")
        .map(
            p ->
                List.of(
                    new OffsetRange(
                        p.intValue(),
                        args.integer("from"),
                        args.optionalInteger("to").orElse(Long.MAX_VALUE))))
        .orElse(List.of());
  }

  private static Map<String, String> params(KafkaCluster cluster) {
    Map<String, String> params = new LinkedHashMap<>();
    params.put("cluster", cluster.name());
    params.put("bootstrap", cluster.bootstrapServers());
    return params;
  }
}
