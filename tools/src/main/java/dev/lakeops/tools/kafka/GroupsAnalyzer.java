package dev.lakeops.tools.kafka;

import dev.lakeops.tools.Finding;
import dev.lakeops.tools.Severity;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * One finding per consumer group describing its state and membership: the overview behind {@code
 * lakeops kafka groups}. Pure.
 *
 * <p>Codes: {@code kafka.group.stable}, {@code kafka.group.empty}, {@code kafka.group.rebalancing},
 * {@code kafka.group.dead}, {@code kafka.group.none}, {@code kafka.probe.partial}.
 */
public final class GroupsAnalyzer {

  public List<Finding> analyze(KafkaLagSnapshot s) {
    SnapshotIndex index = new SnapshotIndex(s);
    List<Finding> findings = new ArrayList<>();
    for (ConsumerGroup g : s.groups()) {
      long lag = 0;
      int counted = 0;
      for (CommittedOffset o : g.offsets()) {
        PartitionSample sample =
            index.sample(g.groupId(), new SnapshotIndex.Key(o.topic(), o.partition()));
        if (sample != null) {
          lag += sample.lag();
          counted++;
        }
      }
      Map<String, String> e = new LinkedHashMap<>();
      e.put("cluster", s.cluster());
      e.put("group", g.groupId());
      e.put("state", g.state());
      e.put("type", g.type());
      e.put("protocol", g.protocol());
      e.put("members", Integer.toString(g.members().size()));
      if (g.hasMembers()) {
        e.put(
            "clients",
            g.members().stream()
                .map(m -> m.clientId() + "@" + m.host())
                .distinct()
                .limit(10)
                .collect(Collectors.joining(",")));
      }
      e.put(
          "topics",
          g.offsets().stream()
              .map(CommittedOffset::topic)
              .distinct()
              .sorted()
              .collect(Collectors.joining(",")));
      e.put("partitions", Integer.toString(g.offsets().size()));
      e.put("totalLag", counted == 0 ? "n/a" : Long.toString(lag));
      String id = "'" + g.groupId() + "'";
      String state = g.state();
      Finding f;
      if (state.equalsIgnoreCase("Stable")) {
        f =
            finding(
                Severity.OK,
                "kafka.group.stable",
                s,
                g,
                "Group "
                    + id
                    + " is stable with "
                    + g.members().size()
                    + " member(s); total lag "
                    + e.get("totalLag")
                    + ".",
                e);
      } else if (state.equalsIgnoreCase("Empty")) {
        f =
            finding(
                Severity.INFO,
                "kafka.group.empty",
                s,
                g,
                "Group "
                    + id
                    + " has no members (a stopped consumer, or an assign()-based one such as"
                    + " Flink's Kafka source, which never joins); total lag "
                    + e.get("totalLag")
                    + ". Run `kafka lag` to see whether its offsets move.",
                e);
      } else if (state.matches(
          "(?i)PreparingRebalance|CompletingRebalance|Assigning|Reconciling")) {
        f =
            finding(
                Severity.WARN,
                "kafka.group.rebalancing",
                s,
                g,
                "Group "
                    + id
                    + " is rebalancing ("
                    + state
                    + "): consumption pauses meanwhile;"
                    + " repeated rebalances point at max.poll.interval.ms or session timeouts.",
                e);
      } else {
        f =
            finding(
                Severity.INFO, "kafka.group.dead", s, g, "Group " + id + " is " + state + ".", e);
      }
      findings.add(f);
    }
    if (s.groups().isEmpty() && s.errors().isEmpty()) {
      findings.add(
          new Finding(
              Severity.INFO,
              "kafka.group.none",
              "kafka " + s.cluster(),
              "The cluster at " + s.bootstrap() + " has no consumer groups.",
              Map.of("bootstrap", s.bootstrap()),
              s.queries()));
    }
    new KafkaLagAnalyzer()
            .analyze(
                List.of(
                    new KafkaLagSnapshot(
                        s.cluster(),
                        s.bootstrap(),
                        s.capturedAt(),
                        List.of(),
                        List.of(),
                        List.of(),
                        List.of(),
                        List.of(),
                        s.errors(),
                        s.queries())))
            .stream()
            .filter(f -> f.code().equals("kafka.probe.partial"))
            .forEach(findings::add);
    return findings;
  }

  private static Finding finding(
      Severity severity,
      String code,
      KafkaLagSnapshot s,
      ConsumerGroup g,
      String summary,
      Map<String, String> e) {
    return new Finding(
        severity,
        code,
        "kafka " + s.cluster() + " / group " + g.groupId(),
        summary,
        e,
        s.queries());
  }
}
