package dev.lakeops.eval.world.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import dev.lakeops.eval.world.time.WorldClock;
import dev.lakeops.tools.Finding;
import dev.lakeops.tools.Json;
import dev.lakeops.tools.kafka.KafkaCluster;
import dev.lakeops.tools.kafka.KafkaLagAnalyzer;
import dev.lakeops.tools.kafka.KafkaLagSnapshot;
import dev.lakeops.tools.kafka.KafkaProbeOptions;
import dev.lakeops.tools.kafka.LagRules;
import dev.lakeops.tools.kafka.LagScope;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * The simulated Kafka cluster against lag windows recorded from a real Kafka 4.4 broker ({@code
 * tools/src/test/resources/kafka}): the world's snapshots have every field the probe's real ones
 * have, and the same fault, probed with the same spacing, gives the same findings.
 */
class WorldKafkaAgainstRecordingsTest {

  private static final Path RECORDED = Path.of("../../tools/src/test/resources/kafka");
  private static final Instant NOW = Instant.parse("2026-11-30T12:00:00Z");
  private static final long MINUTE = 60_000;

  /** As the tools' own tests judge these recordings: their windows span seconds. */
  private static final KafkaLagAnalyzer ANALYZER =
      new KafkaLagAnalyzer(
          LagRules.defaults()
              .withMinStallWindow(Duration.ofSeconds(1))
              .withMinGrowthWindow(Duration.ofSeconds(1)));

  @Test
  void aStalledGroupIsStalledInBoth() throws Exception {
    assertSameFindings(
        "lag_stalled",
        k -> {
          k.topic("stalled", 2, 50);
          GroupModel g = k.group("g-stalled", "stalled", 1_000, 100);
          g.members(List.of("consumer-g-stalled-2"));
          g.stall(NOW.toEpochMilli() - 10 * MINUTE);
        },
        "g-stalled");
  }

  @Test
  void offsetsBelowTheLogStartAreDataLossInBoth() throws Exception {
    assertSameFindings(
        "lag_below_log_start",
        k -> {
          k.topic("retention", 1, 10);
          GroupModel g = k.group("g-retention", "retention", 1_000, 100);
          g.stop(NOW.toEpochMilli() - 30 * MINUTE);
          k.deletePastCommitted("g-retention", NOW.toEpochMilli() - 20 * MINUTE, 30);
        },
        "g-retention");
  }

  @Test
  void aGroupThatReadsSlowerThanItsTopicGrowsInBoth() throws Exception {
    assertSameFindings(
        "lag_growing",
        k -> {
          k.topic("lagging", 1, 100);
          GroupModel g = k.group("g-lagging", "lagging", 1_000, 100);
          g.capacity().set(NOW.toEpochMilli() - 10 * MINUTE, 10);
        },
        "g-lagging");
  }

  @Test
  void aGroupThatHasReadEverythingIsOkInBoth() throws Exception {
    assertSameFindings(
        "lag_healthy",
        k -> {
          TopicModel t = k.topic("healthy", 3, 100);
          t.written().set(NOW.toEpochMilli() - 10 * MINUTE, 0);
          k.group("g-healthy", "healthy", 1_000, 100);
        },
        "g-healthy");
  }

  /**
   * Probes the world built by {@code build} as often and as far apart as the recording was probed,
   * and compares the snapshots' fields and the analyzer's findings for {@code group}.
   */
  private static void assertSameFindings(String recording, Consumer<KafkaWorld> build, String group)
      throws Exception {
    List<KafkaLagSnapshot> real =
        Json.mapper()
            .readValue(
                Files.readString(RECORDED.resolve(recording + ".json")),
                new TypeReference<List<KafkaLagSnapshot>>() {});
    WorldClock clock = new WorldClock(NOW);
    KafkaWorld world = new KafkaWorld("default", NOW.toEpochMilli() - 60 * MINUTE);
    build.accept(world);
    WorldKafkaCaptures captures = new WorldKafkaCaptures(List.of(world), clock);
    KafkaCluster cluster = new KafkaCluster("default", world.bootstrap(), Map.of());
    List<KafkaLagSnapshot> simulated = new ArrayList<>();
    for (int i = 0; i < real.size(); i++) {
      if (i > 0) {
        captures.pause(Duration.between(real.get(i - 1).capturedAt(), real.get(i).capturedAt()));
      }
      simulated.add(
          captures.capture(cluster, KafkaProbeOptions.defaults(), LagScope.groups(List.of(group))));
    }
    assertThat(paths(Json.mapper().valueToTree(simulated.get(simulated.size() - 1)), ""))
        .containsAll(paths(Json.mapper().valueToTree(real.get(real.size() - 1)), ""));
    assertThat(codes(ANALYZER.analyze(simulated), group))
        .isNotEmpty()
        .isEqualTo(codes(ANALYZER.analyze(real), group));
  }

  private static Set<String> codes(List<Finding> findings, String group) {
    Set<String> codes = new TreeSet<>();
    for (Finding f : findings) {
      if (group.equals(f.evidence().get("group"))) {
        codes.add(f.code());
      }
    }
    return codes;
  }

  private static Set<String> paths(JsonNode node, String at) {
    Set<String> all = new TreeSet<>();
    if (node.isObject()) {
      Iterator<String> names = node.fieldNames();
      while (names.hasNext()) {
        String n = names.next();
        if (node.get(n).isNull() || (node.get(n).isArray() && node.get(n).isEmpty())) {
          continue;
        }
        String p = at + "." + (at.endsWith(".configs") ? "*" : n);
        all.add(p);
        all.addAll(paths(node.get(n), p));
      }
    } else if (node.isArray()) {
      for (JsonNode e : node) {
        all.addAll(paths(e, at + "[]"));
      }
    }
    return all;
  }
}
