package dev.lakeops.tools.kafka;

import dev.lakeops.tools.Finding;
import dev.lakeops.tools.Severity;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * Judges consumer lag over a window of probes: a Burrow-style status per group ({@link LagStatus}),
 * then corrections for what only looks wrong (transaction markers, open transactions, compacted
 * topics, Flink sources that commit on checkpoint), rewinds, and data at risk from retention. Pure:
 * snapshots in, findings out.
 *
 * <p>Codes: the {@link LagStatus} codes ({@code kafka.lag.ok}, {@code kafka.lag.no-trend}, {@code
 * kafka.lag.growing}, {@code kafka.lag.stalled}, {@code kafka.lag.stopped}, {@code
 * kafka.offset.below-log-start}); {@code kafka.offset.rewound}, {@code
 * kafka.lag.transaction-marker}, {@code kafka.lag.open-transaction}, {@code
 * kafka.lag.held-by-transaction} ({@link TransactionHolds}), {@code kafka.lag.compacted-topic},
 * {@code kafka.lag.flink-checkpoint-commits}, {@code kafka.lag.flink-commits-stalled}, {@code
 * kafka.config.retention-shorter-than-lag}, {@code kafka.group.not-found}, {@code
 * kafka.group.none}, {@code kafka.probe.partial}.
 */
public final class KafkaLagAnalyzer {

  private final LagRules rules;

  public KafkaLagAnalyzer(LagRules rules) {
    this.rules = rules;
  }

  public KafkaLagAnalyzer() {
    this(LagRules.defaults());
  }

  /** Analyzes the latest snapshot of {@code window} (oldest first) against the ones before it. */
  public List<Finding> analyze(List<KafkaLagSnapshot> window) {
    return analyze(window, Map.of());
  }

  /**
   * As {@link #analyze(List)}, combining groups with the Flink sources that read as them.
   *
   * @param flinkByGroup Flink source progress per consumer group id
   * @throws IllegalArgumentException {@code window} is empty
   */
  public List<Finding> analyze(
      List<KafkaLagSnapshot> window, Map<String, FlinkSourceOffsets> flinkByGroup) {
    if (window.isEmpty()) {
      throw new IllegalArgumentException("No Kafka snapshot to analyze");
    }
    List<GroupVerdict> verdicts = evaluate(window);
    KafkaLagSnapshot latest = window.get(window.size() - 1);
    List<Finding> findings = new ArrayList<>();
    for (GroupVerdict verdict : verdicts) {
      findings.addAll(groupFindings(verdict, flinkByGroup.get(verdict.group().groupId())));
    }
    if (latest.groups().isEmpty() && latest.errors().isEmpty()) {
      findings.add(
          new Finding(
              Severity.INFO,
              "kafka.group.none",
              "kafka " + latest.cluster(),
              "The cluster at " + latest.bootstrap() + " has no consumer groups in scope.",
              Map.of("bootstrap", latest.bootstrap()),
              latest.queries()));
    }
    findings.addAll(probeErrors(latest));
    return findings;
  }

  /** The per-group, per-partition evaluation of the latest snapshot's groups. */
  List<GroupVerdict> evaluate(List<KafkaLagSnapshot> window) {
    List<SnapshotIndex> indexes = window.stream().map(SnapshotIndex::new).toList();
    SnapshotIndex latest = indexes.get(indexes.size() - 1);
    Duration span = Duration.between(window.get(0).capturedAt(), latest.snapshot.capturedAt());
    List<GroupVerdict> verdicts = new ArrayList<>();
    for (ConsumerGroup group : latest.snapshot.groups()) {
      List<PartitionVerdict> partitions = new ArrayList<>();
      for (CommittedOffset committed : group.offsets()) {
        SnapshotIndex.Key key = new SnapshotIndex.Key(committed.topic(), committed.partition());
        PartitionSample now = latest.sample(group.groupId(), key);
        if (now == null) {
          continue; // no broker offsets for it in the latest probe: reported as a probe error
        }
        List<PartitionSample> samples = new ArrayList<>();
        for (SnapshotIndex index : indexes.subList(0, indexes.size() - 1)) {
          PartitionSample s = index.sample(group.groupId(), key);
          if (s != null) {
            samples.add(s);
          }
        }
        samples.add(now);
        partitions.add(partition(key, samples, group, latest));
      }
      verdicts.add(new GroupVerdict(latest.snapshot, group, partitions, indexes.size(), span));
    }
    return verdicts;
  }

  private PartitionVerdict partition(
      SnapshotIndex.Key key,
      List<PartitionSample> samples,
      ConsumerGroup group,
      SnapshotIndex latest) {
    PartitionSample now = samples.get(samples.size() - 1);
    RecordAtOffset read = latest.record(key, now.committed());
    boolean onlyMarkers =
        read != null && read.onlyNonDataRecordsBefore() && read.endOffset() == now.end();
    long gap =
        read != null && read.recordOffset() != null ? read.recordOffset() - now.committed() : 0;
    Long timeLag = null;
    if (read != null && read.timestampMs() != null) {
      timeLag = Math.max(0, latest.snapshot.capturedAt().toEpochMilli() - read.timestampMs());
    } else if (onlyMarkers || now.lag() == 0) {
      timeLag = 0L;
    }
    LagStatus status = LagEvaluation.evaluate(samples, group.hasMembers(), onlyMarkers, rules);
    return new PartitionVerdict(
        key.topic(),
        key.partition(),
        status,
        samples,
        LagEvaluation.rewinds(samples),
        onlyMarkers,
        gap,
        timeLag);
  }

  private List<Finding> groupFindings(GroupVerdict v, FlinkSourceOffsets flink) {
    List<Finding> findings = new ArrayList<>();
    ConsumerGroup g = v.group();
    if (g.offsets().isEmpty() && !g.hasMembers()) {
      findings.add(
          new Finding(
              Severity.INFO,
              "kafka.group.not-found",
              v.subject(),
              "Group '"
                  + g.groupId()
                  + "' has no committed offsets and no members on "
                  + v.latest().bootstrap()
                  + ".",
              Map.of("group", g.groupId(), "state", g.state()),
              v.latest().queries()));
      return findings;
    }
    LagCorrections corrections = new LagCorrections(v, rules);
    LagStatus status = corrections.statusWithFlink(flink);
    findings.add(statusFinding(v, status));
    findings.addAll(corrections.findings(flink));
    return findings;
  }

  private Finding statusFinding(GroupVerdict v, LagStatus status) {
    ConsumerGroup g = v.group();
    Map<String, String> e = new LinkedHashMap<>();
    e.put("cluster", v.latest().cluster());
    e.put("bootstrap", v.latest().bootstrap());
    e.put("group", g.groupId());
    e.put("state", g.state());
    e.put("type", g.type());
    e.put("members", Integer.toString(g.members().size()));
    e.put("status", status.name());
    e.put(
        "topics",
        v.partitions().stream()
            .map(PartitionVerdict::topic)
            .distinct()
            .sorted()
            .collect(Collectors.joining(",")));
    e.put("partitions", Integer.toString(v.partitions().size()));
    e.put("totalLag", Long.toString(v.totalLag()));
    v.partitions().stream()
        .max(java.util.Comparator.comparingLong(p -> p.latest().lag()))
        .ifPresent(
            p -> {
              e.put("maxLag", Long.toString(p.latest().lag()));
              e.put("maxLagPartition", p.name());
            });
    v.partitions().stream()
        .filter(p -> p.timeLagMs() != null)
        .mapToLong(PartitionVerdict::timeLagMs)
        .max()
        .ifPresent(ms -> e.put("maxTimeLagSeconds", seconds(ms)));
    e.put("windowSamples", Integer.toString(v.windowSamples()));
    e.put("windowSeconds", seconds(v.window().toMillis()));
    Map<LagStatus, Long> counts = new TreeMap<>();
    v.partitions().forEach(p -> counts.merge(p.status(), 1L, Long::sum));
    e.put(
        "partitionStatus",
        counts.entrySet().stream()
            .map(x -> x.getKey() + "=" + x.getValue())
            .collect(Collectors.joining(" ")));
    v.worstFirst().stream()
        .limit(rules.maxPartitionsInEvidence())
        .forEach(p -> e.put("partition[" + p.name() + "]", p.describe()));
    putLagShape(e, v);
    return new Finding(
        status.severity(), status.code(), v.subject(), summary(v, status), e, v.latest().queries());
  }

  /** Partitions {@code lagByPartition} lists, largest lag first; the rest are summed up. */
  static final int MAX_PARTITIONS_IN_SHAPE = 60;

  /**
   * The lag's shape for a picture: {@code lagByPartition}, the largest lags as {@code name=lag}
   * separated by spaces (a name's {@code %}, space and {@code =} percent-encoded), {@code
   * lagOthers} ({@code partitions=N lag=L}) for the partitions left out, and over the window {@code
   * totalLagTrend} (total lag per probe, oldest first, joined by {@code >}) with {@code
   * sampleSeconds} (each probe's time after the first, joined the same way).
   */
  private static void putLagShape(Map<String, String> e, GroupVerdict v) {
    List<PartitionVerdict> byLag =
        v.partitions().stream()
            .sorted(
                java.util.Comparator.comparingLong((PartitionVerdict p) -> p.latest().lag())
                    .reversed())
            .toList();
    e.put(
        "lagByPartition",
        byLag.stream()
            .limit(MAX_PARTITIONS_IN_SHAPE)
            .map(p -> encodeName(p.name()) + "=" + p.latest().lag())
            .collect(Collectors.joining(" ")));
    if (byLag.size() > MAX_PARTITIONS_IN_SHAPE) {
      List<PartitionVerdict> rest = byLag.subList(MAX_PARTITIONS_IN_SHAPE, byLag.size());
      e.put(
          "lagOthers",
          "partitions="
              + rest.size()
              + " lag="
              + rest.stream().mapToLong(p -> p.latest().lag()).sum());
    }
    Map<java.time.Instant, Long> total = new TreeMap<>();
    for (PartitionVerdict p : v.partitions()) {
      for (PartitionSample s : p.samples()) {
        total.merge(s.at(), s.lag(), Long::sum);
      }
    }
    if (total.size() > 1) {
      java.time.Instant first = total.keySet().iterator().next();
      e.put(
          "totalLagTrend",
          total.values().stream().map(String::valueOf).collect(Collectors.joining(">")));
      e.put(
          "sampleSeconds",
          total.keySet().stream()
              .map(at -> seconds(Duration.between(first, at).toMillis()))
              .collect(Collectors.joining(">")));
    }
  }

  /** Percent-encodes what separates entries of {@code lagByPartition}. */
  static String encodeName(String name) {
    return name.replace("%", "%25").replace(" ", "%20").replace("=", "%3D");
  }

  private String summary(GroupVerdict v, LagStatus status) {
    String id = "'" + v.group().groupId() + "'";
    long lag = v.totalLag();
    String window = seconds(v.window().toMillis()) + " s";
    return switch (status) {
      case OK ->
          "Group "
              + id
              + " keeps up: total lag "
              + lag
              + " over "
              + v.partitions().size()
              + " partition(s)"
              + (v.windowSamples() > 1 ? " and not growing over " + window + "." : ".");
      case NO_TREND ->
          "Group "
              + id
              + " has lag "
              + lag
              + ", but "
              + (v.windowSamples() < 2 ? "one probe" : "a window of " + window)
              + " cannot tell a slow consumer from a stopped one, or a rising lag from one"
              + " commit more or less (consumers commit every few seconds, Flink on each"
              + " checkpoint); probe again: at least "
              + rules.minGrowthSamples()
              + " probes over "
              + seconds(
                  Math.max(rules.minStallWindow().toMillis(), rules.minGrowthWindow().toMillis()))
              + " s.";
      case WARN ->
          "Lag of group "
              + id
              + " grew on "
              + v.with(LagStatus.WARN).size()
              + " partition(s) to "
              + lag
              + " over "
              + window
              + " while it kept committing, by more than one commit interval of production: it"
              + " commits slower than records arrive (producedPerSecond against"
              + " committedPerSecond per partition).";
      case STALL ->
          "Group "
              + id
              + " has "
              + v.group().members().size()
              + " live member(s), but its committed offsets did not move for "
              + window
              + " on "
              + v.with(LagStatus.STALL).size()
              + " partition(s) with lag "
              + lag
              + ": the consumers are stuck (a poison record, a blocked sink, paused partitions).";
      case STOP ->
          "Group "
              + id
              + " has no members and its committed offsets did not move for "
              + window
              + " with lag "
              + lag
              + ": nothing consumes. A Flink Kafka source also shows no members and commits only on"
              + " completed checkpoints: if a Flink job reads as this group, its checkpoints are"
              + " failing or the job is down.";
      case ERR -> {
        long lost =
            v.with(LagStatus.ERR).stream()
                .mapToLong(p -> p.latest().offsets().logStart() - p.latest().committed())
                .sum();
        yield "Group "
            + id
            + " committed offsets below the log start on "
            + v.with(LagStatus.ERR).size()
            + " partition(s): "
            + lost
            + " offset(s) were deleted (retention or deleteRecords) before it read them: data loss."
            + " With auto.offset.reset=latest the consumer jumps to the end and skips even more.";
      }
    };
  }

  private static List<Finding> probeErrors(KafkaLagSnapshot s) {
    List<Finding> findings = new ArrayList<>();
    for (ProbeError error : s.errors()) {
      Map<String, String> e = new LinkedHashMap<>();
      e.put("bootstrap", s.bootstrap());
      e.put("code", error.code().name());
      e.put("query", error.query());
      e.put("error", error.message());
      findings.add(
          new Finding(
              Severity.WARN,
              "kafka.probe.partial",
              "kafka " + s.cluster(),
              "Part of the capture failed ("
                  + error.code()
                  + ") at "
                  + s.bootstrap()
                  + ": "
                  + error.query()
                  + "; the findings above use what was read.",
              e,
              List.of(error.query())));
    }
    return findings;
  }

  static String seconds(long millis) {
    double s = Math.round(millis / 100.0) / 10.0;
    return s == Math.rint(s) ? Long.toString((long) s) : Double.toString(s);
  }
}
