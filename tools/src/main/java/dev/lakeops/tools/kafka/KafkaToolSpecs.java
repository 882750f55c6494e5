package dev.lakeops.tools.kafka;

import static dev.lakeops.tools.spec.ParamType.BOOLEAN;
import static dev.lakeops.tools.spec.ParamType.DURATION;
import static dev.lakeops.tools.spec.ParamType.INTEGER;
import static dev.lakeops.tools.spec.ParamType.NUMBER;
import static dev.lakeops.tools.spec.ParamType.STRING;

import dev.lakeops.tools.spec.FindingCodes;
import dev.lakeops.tools.spec.ToolArgs;
import dev.lakeops.tools.spec.ToolParam;
import dev.lakeops.tools.spec.ToolSpec;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The declarations of the Kafka tools ({@link KafkaTools}). {@code cluster} names a configured
 * profile ({@code lakeops.kafka.clusters}), never an address.
 */
public final class KafkaToolSpecs {

  private static final ToolParam CLUSTER =
      ToolParam.required(
          "cluster", STRING, "Kafka cluster name as configured in lakeops.kafka.clusters");
  private static final String PARTIAL = "kafka.probe.partial";

  public static final ToolSpec LAG =
      new ToolSpec(
          KafkaTools.LAG,
          "Consumer lag of Kafka consumer groups with a Burrow-style status per group (ok, growing,"
              + " stalled: members but no progress, stopped: no members and no commits, committed"
              + " offset below the log start: data deleted before it was read, which is loss);"
              + " corrections for transaction markers, open transactions, compacted topics and"
              + " Flink sources that commit only on checkpoint; lag held by an open transaction,"
              + " named by transactional.id; rewinds; lag in records and in time. Growing means"
              + " commits fall behind the production rate over at least 10 s. Without samples it"
              + " probes over the window a stall or growth needs (10 s) unless recent probes cover"
              + " it. Read-only. Status NO_DATA: no such cluster or group.",
          List.of(
              CLUSTER,
              ToolParam.optional(
                  "group", STRING, "Consumer group id; empty for every consumer group"),
              ToolParam.optional(
                      "samples",
                      INTEGER,
                      "Probes to take, interval apart; omitted: one or two, as the stall window"
                          + " needs")
                  .between(1, 20),
              ToolParam.optional("interval", DURATION, "Pause between probes when samples is given")
                  .withDefault("5s")),
          FindingCodes.of(
                  Arrays.stream(LagStatus.values()).map(LagStatus::code).toArray(String[]::new))
              .and(
                  FindingCodes.of(
                      "kafka.lag.transaction-marker",
                      "kafka.lag.open-transaction",
                      "kafka.lag.held-by-transaction",
                      "kafka.lag.compacted-topic",
                      "kafka.lag.flink-checkpoint-commits",
                      "kafka.lag.flink-commits-stalled",
                      "kafka.lag.read-by-flink",
                      "kafka.offset.rewound",
                      "kafka.config.retention-shorter-than-lag",
                      "kafka.group.none",
                      "kafka.group.not-found",
                      PARTIAL)));

  public static final ToolSpec GROUPS =
      new ToolSpec(
          KafkaTools.GROUPS,
          "Lists the consumer groups of a Kafka cluster with state (Stable, Empty, rebalancing),"
              + " members and total lag. Read-only.",
          List.of(CLUSTER),
          FindingCodes.of(
              "kafka.group.stable",
              "kafka.group.empty",
              "kafka.group.rebalancing",
              "kafka.group.dead",
              "kafka.group.none",
              PARTIAL));

  public static final ToolSpec RECONCILE =
      new ToolSpec(
          KafkaTools.RECONCILE,
          "Reconciles a Kafka offset range with a sink's record count: counts the records per"
              + " partition in [from, to) and explains a difference by transaction markers, aborted"
              + " records, compaction gaps, rewinds of the group's committed offsets (replays:"
              + " duplicates) and retention (deleted offsets). Read-only.",
          List.of(
              CLUSTER,
              ToolParam.required("topic", STRING, "Topic name"),
              ToolParam.optional(
                      "partition",
                      INTEGER,
                      "Partition; omitted: every partition, each counted whole (from and to are"
                          + " ignored)")
                  .between(0, Integer.MAX_VALUE),
              ToolParam.optional("from", INTEGER, "First offset of the range (inclusive)")
                  .between(0, Long.MAX_VALUE)
                  .withDefault("0"),
              ToolParam.optional(
                      "to",
                      INTEGER,
                      "End of the range (exclusive); omitted: the end of the partition")
                  .between(0, Long.MAX_VALUE),
              ToolParam.required("sink_count", INTEGER, "Records the sink holds for this range")
                  .between(0, Long.MAX_VALUE),
              ToolParam.optional(
                  "group",
                  STRING,
                  "Consumer group that fed the sink, to explain duplicates with its rewinds")),
          FindingCodes.of(
              "kafka.reconcile.match",
              "kafka.reconcile.duplicates",
              "kafka.reconcile.missing",
              "kafka.reconcile.offset-gaps",
              "kafka.reconcile.range-deleted",
              "kafka.reconcile.range-unwritten",
              "kafka.reconcile.incomplete",
              PARTIAL));

  /**
   * The client settings {@link #CONFIGS} takes: parameter, client property, and whether the
   * producer's.
   */
  private record Setting(ToolParam param, String property, boolean producer) {}

  private static final List<Setting> SETTINGS =
      List.of(
          new Setting(
              ToolParam.optional("enable_auto_commit", BOOLEAN, "Consumer enable.auto.commit"),
              "enable.auto.commit",
              false),
          new Setting(
              ToolParam.optional(
                  "auto_offset_reset",
                  STRING,
                  "Consumer auto.offset.reset (earliest, latest, none)"),
              "auto.offset.reset",
              false),
          new Setting(
              ToolParam.optional(
                  "isolation_level",
                  STRING,
                  "Consumer isolation.level (read_committed, read_uncommitted)"),
              "isolation.level",
              false),
          new Setting(
              ToolParam.optional("max_poll_interval_ms", INTEGER, "Consumer max.poll.interval.ms")
                  .between(0, Integer.MAX_VALUE),
              "max.poll.interval.ms",
              false),
          new Setting(
              ToolParam.optional("max_poll_records", INTEGER, "Consumer max.poll.records")
                  .between(1, Integer.MAX_VALUE),
              "max.poll.records",
              false),
          new Setting(
              ToolParam.optional("producer_acks", STRING, "Producer acks (0, 1, all)"),
              "acks",
              true),
          new Setting(
              ToolParam.optional("enable_idempotence", BOOLEAN, "Producer enable.idempotence"),
              "enable.idempotence",
              true));
  private static final ToolParam PROCESSING =
      ToolParam.optional(
          "processing_ms_per_record", NUMBER, "Processing time per record in milliseconds");

  public static final ToolSpec CONFIGS =
      new ToolSpec(
          KafkaTools.CONFIGS,
          "Configuration risks for Kafka duplicates and loss: topic settings (unclean leader"
              + " election, min.insync.replicas, replication, retention shorter than the lag in"
              + " time) and the consumer's and producer's settings as given (auto-commit,"
              + " auto.offset.reset=latest, max.poll.interval.ms vs processing time,"
              + " isolation.level, acks, enable.idempotence). Unset client settings take Kafka's"
              + " defaults. Read-only.",
          configsParams(),
          FindingCodes.of(
              "kafka.config.unclean-leader-election",
              "kafka.config.min-insync-replicas",
              "kafka.config.single-replica",
              "kafka.config.retention-shorter-than-lag",
              "kafka.config.auto-commit",
              "kafka.config.offset-reset-latest",
              "kafka.config.poll-interval-exceeded",
              "kafka.config.read-uncommitted",
              "kafka.config.producer-acks",
              "kafka.config.idempotence-disabled",
              "kafka.config.client-settings-unknown",
              "kafka.config.ok",
              PARTIAL));

  /** Every Kafka tool. */
  public static final List<ToolSpec> ALL = List.of(LAG, GROUPS, RECONCILE, CONFIGS);

  private KafkaToolSpecs() {}

  private static List<ToolParam> configsParams() {
    List<ToolParam> params =
        new ArrayList<>(
            List.of(
                CLUSTER,
                ToolParam.required("topic", STRING, "Topic name"),
                ToolParam.optional("group", STRING, "Consumer group reading the topic")));
    SETTINGS.forEach(s -> params.add(s.param()));
    params.add(PROCESSING);
    return params;
  }

  /**
   * The client settings a {@link #CONFIGS} call gave; unknown (Kafka's defaults) for those it left
   * out.
   */
  static ClientSettings clientSettings(ToolArgs args) {
    Map<String, String> consumer = new LinkedHashMap<>();
    Map<String, String> producer = new LinkedHashMap<>();
    for (Setting s : SETTINGS) {
      String name = s.param().name();
      Optional<String> value =
          switch (s.param().type()) {
            case BOOLEAN -> args.optionalBoolean(name).map(String::valueOf);
            case INTEGER -> args.optionalInteger(name).map(String::valueOf);
            default -> args.optionalString(name);
          };
      value.ifPresent(v -> (s.producer() ? producer : consumer).put(s.property(), v));
    }
    Duration perRecord =
        args.optionalNumber(PROCESSING.name())
            .map(ms -> Duration.ofNanos(Math.round(ms * 1_000_000)))
            .orElse(null);
    return new ClientSettings(consumer, producer, perRecord);
  }
}
