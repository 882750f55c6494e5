package dev.lakeops.tools.kafka;

import dev.lakeops.tools.Finding;
import dev.lakeops.tools.Severity;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Configuration risks for duplicates and loss ({@code reference/kafka.md} §7): topic settings from
 * {@code describeConfigs}, the consumer's and producer's settings as the caller supplies them, and
 * retention against the lag in time. Pure.
 *
 * <p>Codes: {@code kafka.config.unclean-leader-election}, {@code kafka.config.min-insync-replicas},
 * {@code kafka.config.single-replica}, {@code kafka.config.retention-shorter-than-lag}, {@code
 * kafka.config.auto-commit}, {@code kafka.config.offset-reset-latest}, {@code
 * kafka.config.poll-interval-exceeded}, {@code kafka.config.read-uncommitted}, {@code
 * kafka.config.producer-acks}, {@code kafka.config.idempotence-disabled}, {@code
 * kafka.config.client-settings-unknown}, {@code kafka.config.ok}.
 */
public final class KafkaConfigAnalyzer {

  /** Processing at or above this share of {@code max.poll.interval.ms} is a warning. */
  static final double POLL_INTERVAL_WARN_SHARE = 0.8;

  private final KafkaLagAnalyzer lag;

  public KafkaConfigAnalyzer(KafkaLagAnalyzer lag) {
    this.lag = lag;
  }

  public KafkaConfigAnalyzer() {
    this(new KafkaLagAnalyzer());
  }

  public List<Finding> analyze(KafkaLagSnapshot snapshot, ClientSettings settings) {
    List<Finding> findings = new ArrayList<>();
    for (TopicInfo topic : snapshot.topics()) {
      findings.addAll(topicRisks(snapshot, topic, settings));
    }
    lag.analyze(List.of(snapshot)).stream()
        .filter(
            f ->
                f.code().equals("kafka.config.retention-shorter-than-lag")
                    || f.code().equals("kafka.probe.partial"))
        .forEach(findings::add);
    findings.addAll(consumerRisks(snapshot, settings));
    findings.addAll(producerRisks(snapshot, settings));
    if (!settings.knowsConsumer() && !settings.knowsProducer()) {
      findings.add(
          new Finding(
              Severity.INFO,
              "kafka.config.client-settings-unknown",
              "kafka " + snapshot.cluster(),
              "Only topic settings were checked: the broker does not know how consumers and"
                  + " producers are configured; supply enable.auto.commit, auto.offset.reset,"
                  + " isolation.level, max.poll.* and the producer's acks and enable.idempotence to"
                  + " check them.",
              Map.of("bootstrap", snapshot.bootstrap()),
              List.of()));
    }
    boolean risky = findings.stream().anyMatch(f -> f.severity().compareTo(Severity.WARN) >= 0);
    if (!risky) {
      Map<String, String> e = new LinkedHashMap<>();
      e.put("bootstrap", snapshot.bootstrap());
      e.put(
          "topics",
          snapshot.topics().stream().map(TopicInfo::topic).collect(Collectors.joining(",")));
      findings.add(
          new Finding(
              Severity.OK,
              "kafka.config.ok",
              "kafka " + snapshot.cluster(),
              "No configuration risk for duplicates or loss found in what was checked.",
              e,
              snapshot.queries()));
    }
    return findings;
  }

  private List<Finding> topicRisks(KafkaLagSnapshot s, TopicInfo t, ClientSettings settings) {
    List<Finding> findings = new ArrayList<>();
    String subject = "kafka " + s.cluster() + " / topic " + t.topic();
    Map<String, String> configs = t.configs();
    if ("true".equalsIgnoreCase(configs.get("unclean.leader.election.enable"))) {
      findings.add(
          topic(
              Severity.CRITICAL,
              "kafka.config.unclean-leader-election",
              subject,
              s,
              t,
              "unclean.leader.election.enable=true on '"
                  + t.topic()
                  + "': an out-of-sync replica can become leader after a failure and the records it"
                  + " lacks are lost."));
    }
    int minIsr = Integer.parseInt(configs.getOrDefault("min.insync.replicas", "1"));
    if (t.replicationFactor() == 1) {
      findings.add(
          topic(
              Severity.WARN,
              "kafka.config.single-replica",
              subject,
              s,
              t,
              "'"
                  + t.topic()
                  + "' has one replica: losing that broker's disk loses the topic, whatever acks"
                  + " producers use."));
    } else if (minIsr < 2) {
      boolean ackAll = settings.producer("acks", "all").matches("all|-1");
      findings.add(
          topic(
              Severity.WARN,
              "kafka.config.min-insync-replicas",
              subject,
              s,
              t,
              "min.insync.replicas="
                  + minIsr
                  + " with replication factor "
                  + t.replicationFactor()
                  + " on '"
                  + t.topic()
                  + "': acks=all"
                  + (ackAll ? "" : " (if producers use it)")
                  + " is satisfied by the leader alone, so one broker failure can lose acknowledged"
                  + " records."));
    }
    return findings;
  }

  private List<Finding> consumerRisks(KafkaLagSnapshot s, ClientSettings c) {
    if (!c.knowsConsumer()) {
      return List.of();
    }
    List<Finding> findings = new ArrayList<>();
    String subject = "kafka " + s.cluster() + " / consumer";
    if (c.consumer("enable.auto.commit", "true").equals("true")) {
      findings.add(
          client(
              Severity.WARN,
              "kafka.config.auto-commit",
              subject,
              s,
              c.consumer(),
              "enable.auto.commit",
              "enable.auto.commit=true commits positions on the next poll whether or not the"
                  + " records were processed: a crash after the commit loses them, and one commit"
                  + " interval (auto.commit.interval.ms="
                  + c.consumer("auto.commit.interval.ms", "5000")
                  + ") is replayed after a crash before it. At-least-once processing needs manual"
                  + " commits after processing."));
    }
    if (c.consumer("auto.offset.reset", "latest").equals("latest")) {
      boolean belowStart =
          s.groups().stream()
              .anyMatch(
                  g ->
                      g.offsets().stream()
                          .anyMatch(
                              o ->
                                  s.partition(o.topic(), o.partition())
                                      .map(p -> o.offset() < p.logStart())
                                      .orElse(false)));
      findings.add(
          client(
              belowStart ? Severity.CRITICAL : Severity.WARN,
              "kafka.config.offset-reset-latest",
              subject,
              s,
              c.consumer(),
              "auto.offset.reset",
              "auto.offset.reset=latest: a new group, or one whose offsets expired or fell below"
                  + " the log start, silently skips to the end"
                  + (belowStart
                      ? "; a group here already committed below the log start, so it will skip"
                          + " everything up to the end."
                      : ".")));
    }
    long maxPollMs = Long.parseLong(c.consumer("max.poll.interval.ms", "300000"));
    long records = Long.parseLong(c.consumer("max.poll.records", "500"));
    c.processingTime()
        .ifPresent(
            perRecord -> {
              long batchMs = perRecord.multipliedBy(records).toMillis();
              if (batchMs >= maxPollMs * POLL_INTERVAL_WARN_SHARE) {
                boolean exceeded = batchMs > maxPollMs;
                Map<String, String> e = evidence(s);
                e.put("max.poll.interval.ms", Long.toString(maxPollMs));
                e.put("max.poll.records", Long.toString(records));
                e.put("processingMsPerRecord", Double.toString(perRecord.toNanos() / 1e6));
                e.put("processingMsPerPoll", Long.toString(batchMs));
                findings.add(
                    new Finding(
                        exceeded ? Severity.CRITICAL : Severity.WARN,
                        "kafka.config.poll-interval-exceeded",
                        subject,
                        "A full poll of "
                            + records
                            + " records takes about "
                            + batchMs
                            + " ms, "
                            + (exceeded ? "more than" : "close to")
                            + " max.poll.interval.ms ("
                            + maxPollMs
                            + "): the member is "
                            + (exceeded ? "" : "at risk of being ")
                            + "removed from the group, its partitions revoked and its work redone"
                            + " (rebalance storms, CommitFailedException, duplicates). Lower"
                            + " max.poll.records or raise max.poll.interval.ms.",
                        e,
                        List.of()));
              }
            });
    if (c.consumer("isolation.level", "read_uncommitted").equals("read_uncommitted")
        && transactional(s)) {
      findings.add(
          client(
              Severity.WARN,
              "kafka.config.read-uncommitted",
              subject,
              s,
              c.consumer(),
              "isolation.level",
              "isolation.level=read_uncommitted on transactional topic(s): the consumer also reads"
                  + " aborted and still-open transactions, which shows up downstream as duplicates"
                  + " or phantom records."));
    }
    return findings;
  }

  private List<Finding> producerRisks(KafkaLagSnapshot s, ClientSettings c) {
    if (!c.knowsProducer()) {
      return List.of();
    }
    List<Finding> findings = new ArrayList<>();
    String subject = "kafka " + s.cluster() + " / producer";
    String acks = c.producer("acks", "all");
    if (acks.equals("0") || acks.equals("1")) {
      findings.add(
          client(
              acks.equals("0") ? Severity.CRITICAL : Severity.WARN,
              "kafka.config.producer-acks",
              subject,
              s,
              c.producer(),
              "acks",
              "acks="
                  + acks
                  + ": a record counts as written "
                  + (acks.equals("0") ? "before any broker has it" : "once the leader has it")
                  + "; a leader failover loses it. Use acks=all with min.insync.replicas>=2."));
    }
    if (c.producer("enable.idempotence", "true").equals("false")) {
      findings.add(
          client(
              Severity.WARN,
              "kafka.config.idempotence-disabled",
              subject,
              s,
              c.producer(),
              "enable.idempotence",
              "enable.idempotence=false: a retried send can write the same record twice"
                  + " (duplicates) and reorder records."));
    }
    return findings;
  }

  private static boolean transactional(KafkaLagSnapshot s) {
    return !s.openTransactions().isEmpty()
        || s.partitions().stream().anyMatch(p -> p.lastStable() < p.highWatermark())
        || s.records().stream().anyMatch(RecordAtOffset::onlyNonDataRecordsBefore);
  }

  private static Finding topic(
      Severity severity,
      String code,
      String subject,
      KafkaLagSnapshot s,
      TopicInfo t,
      String summary) {
    Map<String, String> e = evidence(s);
    e.put("topic", t.topic());
    e.put("replicationFactor", Integer.toString(t.replicationFactor()));
    t.configs().forEach(e::put);
    return new Finding(
        severity,
        code,
        subject,
        summary,
        e,
        s.queries().stream().filter(q -> q.startsWith("describe")).toList());
  }

  private static Finding client(
      Severity severity,
      String code,
      String subject,
      KafkaLagSnapshot s,
      Map<String, String> given,
      String key,
      String summary) {
    Map<String, String> e = evidence(s);
    e.put(key, given.getOrDefault(key, "(default)"));
    return new Finding(severity, code, subject, summary, e, List.of());
  }

  private static Map<String, String> evidence(KafkaLagSnapshot s) {
    Map<String, String> e = new LinkedHashMap<>();
    e.put("cluster", s.cluster());
    e.put("bootstrap", s.bootstrap());
    return e;
  }
}
