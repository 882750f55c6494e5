package dev.lakeops.tools.kafka;

import dev.lakeops.tools.Finding;
import dev.lakeops.tools.Severity;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;

/**
 * The findings that explain a group's lag beyond its status: what only looks wrong (transaction
 * markers, open transactions, compaction gaps, Flink's checkpoint-paced commits), rewinds, and
 * unread data that retention will delete. One instance per group verdict.
 */
final class LagCorrections {

  private final GroupVerdict v;
  private final LagRules rules;

  LagCorrections(GroupVerdict verdict, LagRules rules) {
    this.v = verdict;
    this.rules = rules;
  }

  /**
   * The group's status, corrected with Flink's own offsets when given: a source that reads on while
   * its committed offsets stand still is not stopped, its checkpoints are.
   */
  LagStatus statusWithFlink(@Nullable FlinkSourceOffsets flink) {
    LagStatus status = v.status();
    if (flink == null || status != LagStatus.STOP || !flinkAhead(flink)) {
      return status;
    }
    return v.partitions().stream()
        .map(p -> p.status() == LagStatus.STOP ? LagStatus.NO_TREND : p.status())
        .reduce(LagStatus.OK, LagStatus::worse);
  }

  List<Finding> findings(@Nullable FlinkSourceOffsets flink) {
    List<Finding> findings = new ArrayList<>();
    rewound().ifPresent(findings::add);
    markers().ifPresent(findings::add);
    new TransactionHolds(v, rules).finding().ifPresent(findings::add);
    compacted().ifPresent(findings::add);
    findings.addAll(flink(flink));
    findings.addAll(retention());
    return findings;
  }

  private Optional<Finding> rewound() {
    List<PartitionVerdict> rewound =
        v.partitions().stream().filter(p -> !p.rewinds().isEmpty()).toList();
    if (rewound.isEmpty()) {
      return Optional.empty();
    }
    Map<String, String> e = base();
    long replayed = 0;
    for (PartitionVerdict p : rewound) {
      List<String> moves = new ArrayList<>();
      for (long[] r : p.rewinds()) {
        moves.add(r[0] + ">" + r[1]);
        replayed += r[0] - r[1];
      }
      e.put("rewind[" + p.name() + "]", String.join(",", moves));
    }
    e.put("replayedOffsets", Long.toString(replayed));
    String summary =
        "Committed offsets of '"
            + v.group().groupId()
            + "' moved backwards on "
            + rewound.size()
            + " partition(s) between probes: "
            + replayed
            + " offset(s) will be read again, which duplicates them downstream unless the sink is"
            + " idempotent (an offset reset, a restore from an old savepoint, or a lost commit).";
    return Optional.of(finding(Severity.WARN, "kafka.offset.rewound", summary, e));
  }

  private Optional<Finding> markers() {
    List<PartitionVerdict> markers =
        v.partitions().stream().filter(PartitionVerdict::onlyMarkersLeft).toList();
    if (markers.isEmpty()) {
      return Optional.empty();
    }
    Map<String, String> e = base();
    for (PartitionVerdict p : limit(markers)) {
      PartitionSample s = p.latest();
      e.put(
          "partition[" + p.name() + "]",
          "committed="
              + s.committed()
              + " end="
              + s.end()
              + " lag="
              + s.lag()
              + " dataRecordsLeft=0");
    }
    long lag = markers.stream().mapToLong(p -> p.latest().lag()).sum();
    String summary =
        "The lag of "
            + lag
            + " on "
            + markers.size()
            + " partition(s) of '"
            + v.group().groupId()
            + "' is transaction control records (commit/abort markers), not unread data: a read"
            + " from the committed offset found no record before the end. Nothing is left to"
            + " consume; the lag stays until the next record arrives.";
    return Optional.of(finding(Severity.INFO, "kafka.lag.transaction-marker", summary, e));
  }

  private Optional<Finding> compacted() {
    List<PartitionVerdict> compacted =
        v.partitions().stream()
            .filter(
                p ->
                    p.latest().lag() > 0
                        && v.latest().topic(p.topic()).map(TopicInfo::isCompacted).orElse(false))
            .toList();
    if (compacted.isEmpty()) {
      return Optional.empty();
    }
    Map<String, String> e = base();
    e.put(
        "topics",
        compacted.stream()
            .map(PartitionVerdict::topic)
            .distinct()
            .sorted()
            .collect(Collectors.joining(",")));
    for (PartitionVerdict p : limit(compacted)) {
      e.put(
          "partition[" + p.name() + "]",
          "committed="
              + p.latest().committed()
              + " lag="
              + p.latest().lag()
              + (p.recordGap() > 0
                  ? " firstRecordAt="
                      + (p.latest().committed() + p.recordGap())
                      + " gap="
                      + p.recordGap()
                  : ""));
    }
    String summary =
        "Group '"
            + v.group().groupId()
            + "' reads compacted topic(s) (cleanup.policy=compact): compaction leaves offset gaps,"
            + " so the lag in offsets overstates the records left, and offset arithmetic is not a"
            + " record count.";
    return Optional.of(finding(Severity.INFO, "kafka.lag.compacted-topic", summary, e));
  }

  private List<Finding> flink(@Nullable FlinkSourceOffsets flink) {
    if (v.group().hasMembers()) {
      return List.of();
    }
    boolean moved =
        v.partitions().stream().anyMatch(p -> p.first().committed() != p.latest().committed());
    if (flink == null && !moved) {
      return List.of();
    }
    List<Finding> findings = new ArrayList<>();
    Map<String, String> e = base();
    if (flink != null) {
      e.put("flinkJob", flink.job());
      long flinkLag = 0;
      for (PartitionVerdict p : limit(v.worstFirst())) {
        Optional<FlinkSourcePartition> f = flink.partition(p.topic(), p.partition());
        String line = "kafkaCommitted=" + p.latest().committed() + " kafkaLag=" + p.latest().lag();
        if (f.isPresent()) {
          long lag = Math.max(0, p.latest().end() - f.get().currentOffset());
          line += " flinkCurrentOffset=" + f.get().currentOffset() + " flinkLag=" + lag;
        }
        e.put("partition[" + p.name() + "]", line);
      }
      for (PartitionVerdict p : v.partitions()) {
        Optional<FlinkSourcePartition> f = flink.partition(p.topic(), p.partition());
        if (f.isPresent()) {
          flinkLag += Math.max(0, p.latest().end() - f.get().currentOffset());
        }
      }
      e.put("kafkaLag", Long.toString(v.totalLag()));
      e.put("flinkLag", Long.toString(flinkLag));
    }
    String summary =
        "Group '"
            + v.group().groupId()
            + "' has no members"
            + (moved ? " yet its committed offsets moved" : "")
            + ": the pattern of Flink's Kafka source, which reads with assign() and commits offsets"
            + " only when a checkpoint completes. The group's lag runs up to one checkpoint"
            + " interval behind real progress and is not a consumer outage"
            + (flink != null
                ? "; Flink's own offsets give the real lag (flinkLag)."
                : "; supply the Flink job's source metrics for the real lag.");
    List<String> sources = new ArrayList<>(v.latest().queries());
    if (flink != null) {
      sources.addAll(flink.endpoints());
    }
    findings.add(
        new Finding(
            Severity.INFO, "kafka.lag.flink-checkpoint-commits", v.subject(), summary, e, sources));
    if (flink != null) {
      Map<String, String> read = new LinkedHashMap<>(e);
      if (flink.cluster() != null) {
        read.put("flinkCluster", flink.cluster());
      }
      findings.add(
          new Finding(
              Severity.INFO,
              "kafka.lag.read-by-flink",
              v.subject(),
              "Group '"
                  + v.group().groupId()
                  + "' is the consumer group of Flink job '"
                  + flink.job()
                  + "': its lag is the job's; look at the job (backpressure, restarts,"
                  + " checkpoints) for the cause.",
              read,
              sources));
    }
    if (flink != null && v.status() == LagStatus.STOP && flinkAhead(flink)) {
      Map<String, String> stalled = new LinkedHashMap<>(e);
      stalled.put("windowSeconds", KafkaLagAnalyzer.seconds(v.window().toMillis()));
      String text =
          "Flink job '"
              + flink.job()
              + "' reads ahead of the offsets committed for '"
              + v.group().groupId()
              + "', which did not move for "
              + KafkaLagAnalyzer.seconds(v.window().toMillis())
              + " s: its checkpoints are not completing (check the job's checkpoint history), so"
              + " Kafka-side lag grows while the job still reads.";
      findings.add(
          new Finding(
              Severity.WARN,
              "kafka.lag.flink-commits-stalled",
              v.subject(),
              text,
              stalled,
              sources));
    }
    return findings;
  }

  private List<Finding> retention() {
    List<Finding> findings = new ArrayList<>();
    for (PartitionVerdict p : v.partitions()) {
      Optional<Long> retention = v.latest().topic(p.topic()).flatMap(TopicInfo::retentionMs);
      if (p.timeLagMs() == null
          || retention.isEmpty()
          || p.timeLagMs() <= retention.get()
          || p.latest().lag() == 0) {
        continue;
      }
      Map<String, String> e = base();
      e.put("topic", p.topic());
      e.put("partition", p.name());
      e.put("retentionMs", Long.toString(retention.get()));
      e.put("timeLagMs", Long.toString(p.timeLagMs()));
      e.put("lag", Long.toString(p.latest().lag()));
      String summary =
          "The oldest unread record of '"
              + v.group().groupId()
              + "' on "
              + p.name()
              + " is "
              + KafkaLagAnalyzer.seconds(p.timeLagMs())
              + " s old, longer than the topic's retention.ms ("
              + retention.get()
              + " ms): retention may delete it before the group reads it.";
      findings.add(
          finding(Severity.CRITICAL, "kafka.config.retention-shorter-than-lag", summary, e));
      if (findings.size() >= rules.maxPartitionsInEvidence()) {
        break;
      }
    }
    return findings;
  }

  private boolean flinkAhead(FlinkSourceOffsets flink) {
    return v.partitions().stream()
        .anyMatch(
            p ->
                flink
                    .partition(p.topic(), p.partition())
                    .map(f -> f.currentOffset() > p.latest().committed())
                    .orElse(false));
  }

  private Map<String, String> base() {
    Map<String, String> e = new LinkedHashMap<>();
    e.put("cluster", v.latest().cluster());
    e.put("group", v.group().groupId());
    return e;
  }

  private List<PartitionVerdict> limit(List<PartitionVerdict> partitions) {
    return partitions.stream().limit(rules.maxPartitionsInEvidence()).toList();
  }

  private Finding finding(
      Severity severity, String code, String summary, Map<String, String> evidence) {
    return new Finding(severity, code, v.subject(), summary, evidence, v.latest().queries());
  }
}
