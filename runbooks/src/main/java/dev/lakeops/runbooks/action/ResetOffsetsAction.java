package dev.lakeops.runbooks.action;

import dev.lakeops.tools.kafka.KafkaCluster;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ConsumerGroupDescription;
import org.apache.kafka.clients.admin.ListOffsetsResult;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.GroupState;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.GroupIdNotFoundException;

/**
 * {@code kafka.reset_offsets}: sets the committed offsets of an inactive consumer group on one
 * topic, per partition, to the earliest or latest offset, an explicit offset, or the first offset
 * at a timestamp ({@code kafka-consumer-groups --reset-offsets}). Arguments: {@code cluster}
 * (bootstrap servers or profile), {@code group}, {@code topic}, {@code to} (earliest, latest,
 * offset, timestamp), {@code offset} (N for every partition, or {@code P:N,P:N}), {@code timestamp}
 * (ISO-8601 or epoch ms), {@code partitions} (optional subset, {@code 0,2}).
 *
 * <p>A group with members (Stable, rebalancing) is refused: its consumers would overwrite the reset
 * with their next commit, and the broker rejects the change anyway.
 */
final class ResetOffsetsAction implements Action {

  static final Set<String> ARGS =
      Set.of("cluster", "group", "topic", "to", "offset", "timestamp", "partitions");
  private static final Set<String> INACTIVE = Set.of("Empty", "Dead");
  private static final Duration TIMEOUT = Duration.ofSeconds(15);

  private final KafkaCluster cluster;
  private final String group;
  private final String topic;
  private final String to;
  private final Map<Integer, Long> explicit;
  private final Long uniformOffset;
  private final Instant timestamp;
  private final Set<Integer> partitions;

  ResetOffsetsAction(ActionArgs args, ActionTargets targets) {
    args.allowOnly(ARGS);
    try {
      this.cluster = targets.kafka(args.require("cluster"));
    } catch (ActionArgumentException e) {
      throw e;
    } catch (IllegalArgumentException e) {
      throw args.invalid("cluster", e.getMessage());
    }
    this.group = args.require("group");
    this.topic = args.require("topic");
    this.to = args.requireChoice("to", Set.of("earliest", "latest", "offset", "timestamp"));
    Map<Integer, Long> perPartition = new TreeMap<>();
    Long uniform = null;
    if (to.equals("offset")) {
      String spec = args.require("offset");
      if (spec.contains(":")) {
        for (String part : spec.split(",")) {
          String[] pn = part.split(":");
          if (pn.length != 2) {
            throw args.invalid("offset", "'" + part + "' (expected PARTITION:OFFSET)");
          }
          perPartition.put(
              nonNegativeInt(args, "offset", pn[0]), nonNegative(args, "offset", pn[1]));
        }
      } else {
        uniform = nonNegative(args, "offset", spec);
      }
    } else if (args.find("offset").isPresent()) {
      throw args.invalid("offset", "only with to=offset");
    }
    this.explicit = perPartition;
    this.uniformOffset = uniform;
    this.timestamp =
        to.equals("timestamp")
            ? args.findInstant("timestamp")
                .orElseThrow(
                    () -> args.invalid("timestamp", "missing (required with to=timestamp)"))
            : null;
    if (!to.equals("timestamp") && args.find("timestamp").isPresent()) {
      throw args.invalid("timestamp", "only with to=timestamp");
    }
    Set<Integer> subset = new TreeSet<>();
    for (String p : args.find("partitions").map(s -> s.split(",")).orElse(new String[0])) {
      subset.add(nonNegativeInt(args, "partitions", p));
    }
    if (!perPartition.isEmpty()) {
      if (!subset.isEmpty() && !subset.equals(perPartition.keySet())) {
        throw args.invalid(
            "partitions",
            subset + " differs from the partitions of offset= " + perPartition.keySet());
      }
      subset.addAll(perPartition.keySet());
    }
    this.partitions = subset;
  }

  private static long nonNegative(ActionArgs args, String name, String text) {
    try {
      long v = Long.parseLong(text.strip());
      if (v >= 0) {
        return v;
      }
    } catch (NumberFormatException ignored) {
      // reported below
    }
    throw args.invalid(name, "'" + text.strip() + "' (expected a non-negative integer)");
  }

  private static int nonNegativeInt(ActionArgs args, String name, String text) {
    long v = nonNegative(args, name, text);
    if (v > Integer.MAX_VALUE) {
      throw args.invalid(name, "'" + text.strip() + "' (not a partition number)");
    }
    return (int) v;
  }

  @Override
  public ActionKind kind() {
    return ActionKind.KAFKA_RESET_OFFSETS;
  }

  /** The live state of the group on the topic. */
  private record GroupView(
      String state,
      int members,
      Map<TopicPartition, Long> committed,
      List<TopicPartition> partitions) {}

  /** Per partition: committed offset (null if none) → target offset. */
  private record Plan(GroupView group, Map<TopicPartition, Long> targets) {}

  private Admin admin() {
    Properties props = new Properties();
    props.putAll(cluster.clientProperties());
    props.put("bootstrap.servers", cluster.bootstrapServers());
    props.put("request.timeout.ms", (int) TIMEOUT.toMillis());
    props.put("default.api.timeout.ms", (int) TIMEOUT.toMillis());
    props.put("client.id", "lakeops-actions");
    return Admin.create(props);
  }

  private GroupView read(Admin admin) {
    String query = "describeConsumerGroups(" + group + ")";
    try {
      ConsumerGroupDescription d =
          admin
              .describeConsumerGroups(List.of(group))
              .describedGroups()
              .get(group)
              .get(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
      GroupState state = d.groupState();
      query = "describeTopics(" + topic + ")";
      TopicDescription t =
          admin
              .describeTopics(List.of(topic))
              .topicNameValues()
              .get(topic)
              .get(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
      List<TopicPartition> all =
          t.partitions().stream().map(p -> new TopicPartition(topic, p.partition())).toList();
      query = "listConsumerGroupOffsets(" + group + ")";
      Map<TopicPartition, OffsetAndMetadata> offsets =
          admin
              .listConsumerGroupOffsets(group)
              .partitionsToOffsetAndMetadata()
              .get(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
      Map<TopicPartition, Long> committed = new LinkedHashMap<>();
      for (TopicPartition tp : all) {
        OffsetAndMetadata om = offsets.get(tp);
        committed.put(tp, om == null ? null : om.offset());
      }
      return new GroupView(state.toString(), d.members().size(), committed, all);
    } catch (ExecutionException e) {
      if (e.getCause() instanceof GroupIdNotFoundException) {
        return new GroupView("Dead", 0, Map.of(), List.of());
      }
      throw new IllegalStateException(
          "Kafka "
              + cluster.bootstrapServers()
              + ": "
              + query
              + " failed: "
              + e.getCause().getMessage(),
          e.getCause());
    } catch (TimeoutException e) {
      throw new IllegalStateException(
          "Kafka "
              + cluster.bootstrapServers()
              + ": "
              + query
              + " timed out after "
              + TIMEOUT.toSeconds()
              + " s",
          e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("Interrupted during " + query, e);
    }
  }

  @Override
  public Fingerprint fingerprint() {
    try (Admin admin = admin()) {
      GroupView g = read(admin);
      Map<String, String> values = new LinkedHashMap<>();
      values.put("group state", g.state());
      values.put("group members", Integer.toString(g.members()));
      g.committed()
          .forEach((tp, off) -> values.put("offset " + tp, off == null ? "none" : off.toString()));
      return Fingerprint.of(values);
    }
  }

  private Plan plan(Admin admin) {
    GroupView g = read(admin);
    if (g.partitions().isEmpty()) {
      throw new ActionRefusedException("Topic " + topic + " has no partitions or does not exist");
    }
    List<TopicPartition> chosen = new ArrayList<>();
    for (TopicPartition tp : g.partitions()) {
      if (partitions.isEmpty() || partitions.contains(tp.partition())) {
        chosen.add(tp);
      }
    }
    Set<Integer> known = new TreeSet<>();
    g.partitions().forEach(tp -> known.add(tp.partition()));
    for (int p : partitions) {
      if (!known.contains(p)) {
        throw new ActionRefusedException(
            "Topic " + topic + " has no partition " + p + " (partitions " + known + ")");
      }
    }
    Map<TopicPartition, Long> earliest = offsets(admin, chosen, OffsetSpec.earliest());
    Map<TopicPartition, Long> latest = offsets(admin, chosen, OffsetSpec.latest());
    Map<TopicPartition, Long> targets = new LinkedHashMap<>();
    Map<TopicPartition, Long> atTime =
        timestamp == null
            ? Map.of()
            : offsets(admin, chosen, OffsetSpec.forTimestamp(timestamp.toEpochMilli()));
    for (TopicPartition tp : chosen) {
      long target =
          switch (to) {
            case "earliest" -> earliest.get(tp);
            case "latest" -> latest.get(tp);
            case "timestamp" -> atTime.get(tp) < 0 ? latest.get(tp) : atTime.get(tp);
            default -> uniformOffset != null ? uniformOffset : explicit.get(tp.partition());
          };
      if (target < earliest.get(tp) || target > latest.get(tp)) {
        throw new ActionRefusedException(
            "Offset "
                + target
                + " is outside partition "
                + tp
                + " (offsets "
                + earliest.get(tp)
                + ".."
                + latest.get(tp)
                + ")");
      }
      targets.put(tp, target);
    }
    return new Plan(g, targets);
  }

  private Map<TopicPartition, Long> offsets(
      Admin admin, List<TopicPartition> tps, OffsetSpec spec) {
    Map<TopicPartition, OffsetSpec> request = new LinkedHashMap<>();
    tps.forEach(tp -> request.put(tp, spec));
    try {
      Map<TopicPartition, ListOffsetsResult.ListOffsetsResultInfo> all =
          admin.listOffsets(request).all().get(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
      Map<TopicPartition, Long> out = new LinkedHashMap<>();
      all.forEach((tp, info) -> out.put(tp, info.offset()));
      return out;
    } catch (ExecutionException | TimeoutException e) {
      throw new IllegalStateException(
          "Kafka "
              + cluster.bootstrapServers()
              + ": listOffsets("
              + topic
              + ") failed: "
              + e.getMessage(),
          e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("Interrupted during listOffsets", e);
    }
  }

  private void requireInactive(GroupView g) {
    if (!INACTIVE.contains(g.state()) || g.members() > 0) {
      throw new ActionRefusedException(
          "Consumer group "
              + group
              + " is "
              + g.state()
              + " with "
              + g.members()
              + " members: stop its consumers first (offsets of an active group cannot be reset)");
    }
  }

  private static Map<String, List<String>> deltas(Plan plan) {
    List<String> lines = new ArrayList<>();
    plan.targets()
        .forEach(
            (tp, target) -> {
              Long old = plan.group().committed().get(tp);
              lines.add(
                  tp
                      + ": "
                      + (old == null ? "none" : old)
                      + " → "
                      + target
                      + (old == null
                          ? ""
                          : " (" + (target - old >= 0 ? "+" : "") + (target - old) + ")"));
            });
    return Map.of("offsets", lines);
  }

  private static long total(Plan plan) {
    long sum = 0;
    for (Map.Entry<TopicPartition, Long> e : plan.targets().entrySet()) {
      Long old = plan.group().committed().get(e.getKey());
      sum += old == null ? 0 : e.getValue() - old;
    }
    return sum;
  }

  @Override
  public Preview preview() {
    try (Admin admin = admin()) {
      Plan plan = plan(admin);
      requireInactive(plan.group());
      return new Preview(
          "reset offsets of group "
              + group
              + " on "
              + topic
              + " to "
              + describeTarget()
              + " ("
              + plan.targets().size()
              + " partitions)",
          deltas(plan),
          Map.of("partitions", (long) plan.targets().size(), "total delta", total(plan)));
    }
  }

  private String describeTarget() {
    return switch (to) {
      case "timestamp" -> "the first offset at " + timestamp;
      case "offset" -> uniformOffset != null ? "offset " + uniformOffset : "offsets " + explicit;
      default -> to;
    };
  }

  @Override
  public ActionOutcome execute(ExecutionContext context) {
    try (Admin admin = admin()) {
      Plan plan = plan(admin);
      requireInactive(plan.group());
      Map<TopicPartition, OffsetAndMetadata> request = new LinkedHashMap<>();
      plan.targets()
          .forEach(
              (tp, off) ->
                  request.put(
                      tp, new OffsetAndMetadata(off, "lakeops proposal " + context.proposalId())));
      try {
        admin
            .alterConsumerGroupOffsets(group, request)
            .all()
            .get(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
      } catch (ExecutionException | TimeoutException e) {
        Throwable cause = e instanceof ExecutionException ? e.getCause() : e;
        throw new IllegalStateException(
            "Kafka "
                + cluster.bootstrapServers()
                + ": alterConsumerGroupOffsets("
                + group
                + ") failed: "
                + cause.getMessage(),
            cause);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("Interrupted during alterConsumerGroupOffsets", e);
      }
      return new ActionOutcome(
          "reset offsets of group "
              + group
              + " on "
              + topic
              + " ("
              + plan.targets().size()
              + " partitions)",
          deltas(plan),
          Map.of("partitions", (long) plan.targets().size(), "total delta", total(plan)));
    }
  }

  @Override
  public Verification verify(ActionOutcome outcome) {
    try (Admin admin = admin()) {
      GroupView g = read(admin);
      List<Verification.Check> checks = new ArrayList<>();
      for (String line : outcome.items("offsets")) {
        String tp = line.substring(0, line.indexOf(':'));
        String arrow = line.substring(line.indexOf("→") + 1).strip();
        long expected = Long.parseLong(arrow.split(" ")[0]);
        Optional<Long> found =
            g.committed().entrySet().stream()
                .filter(e -> e.getKey().toString().equals(tp))
                .map(Map.Entry::getValue)
                .filter(java.util.Objects::nonNull)
                .findFirst();
        checks.add(
            new Verification.Check(
                found.isPresent() && found.get() == expected,
                tp
                    + " committed offset is "
                    + expected
                    + " (found "
                    + found.map(String::valueOf).orElse("none")
                    + ")"));
      }
      return Verification.of(checks);
    }
  }
}
