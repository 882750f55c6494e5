package dev.lakeops.tools.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.tools.Finding;
import dev.lakeops.tools.ProbeException;
import dev.lakeops.tools.spec.ToolSpec;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The Kafka declarations are true: the analyzers behind each tool, run over every recorded lag
 * window (and the reconciliation cases), emit only codes the tool's declaration lists.
 */
class KafkaToolSpecsTest {

  private static final Instant AT = Instant.parse("2026-01-01T00:00:00Z");
  private static final ClientSettings RISKY =
      new ClientSettings(
          Map.of(
              "enable.auto.commit",
              "true",
              "auto.offset.reset",
              "latest",
              "isolation.level",
              "read_uncommitted",
              "max.poll.interval.ms",
              "1000",
              "max.poll.records",
              "500"),
          Map.of("acks", "1", "enable.idempotence", "false"),
          Duration.ofMillis(10));

  @Test
  void everyCodeTheAnalyzersEmitOverTheRecordedWindowsIsDeclared() throws IOException {
    List<String> lag = new ArrayList<>();
    List<String> groups = new ArrayList<>();
    List<String> configs = new ArrayList<>();
    for (String fixture : fixtures()) {
      List<KafkaLagSnapshot> window = Fixtures.window(fixture);
      KafkaLagSnapshot latest = window.get(window.size() - 1);
      codes(new KafkaLagAnalyzer(LagRules.defaults()).analyze(window, Map.of()), lag);
      codes(new KafkaLagAnalyzer(LagRules.defaults()).analyze(List.of(latest), Map.of()), lag);
      codes(
          new KafkaLagAnalyzer(LagRules.defaults())
              .analyze(List.of(Fixtures.withoutMembers(latest)), Map.of()),
          lag);
      codes(new GroupsAnalyzer().analyze(latest), groups);
      codes(new GroupsAnalyzer().analyze(Fixtures.withoutMembers(latest)), groups);
      for (ClientSettings settings : List.of(ClientSettings.unknown(), RISKY)) {
        codes(
            new KafkaConfigAnalyzer(new KafkaLagAnalyzer(LagRules.defaults()))
                .analyze(latest, settings),
            configs);
      }
    }

    assertDeclared(KafkaToolSpecs.LAG, lag);
    assertDeclared(KafkaToolSpecs.GROUPS, groups);
    assertDeclared(KafkaToolSpecs.CONFIGS, configs);
  }

  @Test
  void everyCodeTheReconciliationEmitsIsDeclared() {
    List<String> codes = new ArrayList<>();
    ReconcileAnalyzer analyzer = new ReconcileAnalyzer();
    RangeCount whole = count(0, 100, 100, 100, 100, true);
    codes(analyzer.analyze(snapshot(whole), 100, List.of()), codes);
    codes(
        analyzer.analyze(
            snapshot(whole), 160, List.of(new OffsetRewind("g", "orders", 0, 100, 40, AT))),
        codes);
    codes(analyzer.analyze(snapshot(whole), 60, List.of()), codes);
    codes(analyzer.analyze(snapshot(count(0, 28, 28, 23, 18, true)), 23, List.of()), codes);
    codes(analyzer.analyze(snapshot(count(50, 100, 200, 50, 50, true)), 50, List.of()), codes);
    codes(analyzer.analyze(snapshot(count(0, 100, 100, 40, 40, false)), 100, List.of()), codes);
    codes(
        analyzer.analyze(
            new RecordCountSnapshot(
                "prod",
                "kafka-1:9092",
                "orders",
                null,
                AT,
                List.of(whole),
                List.of(
                    new ProbeError(ProbeException.Code.TIMEOUT, "listOffsets orders", "timed out")),
                List.of()),
            100,
            List.of()),
        codes);

    assertDeclared(KafkaToolSpecs.RECONCILE, codes);
  }

  private static void assertDeclared(ToolSpec spec, List<String> emitted) {
    assertThat(emitted).as("codes %s emits over the fixtures", spec.name()).isNotEmpty();
    assertThat(emitted)
        .as("codes %s emits that its declaration does not list", spec.name())
        .allMatch(code -> spec.codes().declares(code));
  }

  private static void codes(List<Finding> findings, List<String> into) {
    findings.forEach(f -> into.add(f.code()));
  }

  /**
   * Offsets [0, to) requested, the log starting at {@code logStart} and ending at {@code
   * highWatermark}.
   */
  private static RangeCount count(
      long logStart, long to, long highWatermark, long records, long committed, boolean complete) {
    long readFrom = Math.max(0, logStart);
    long readTo = Math.min(to, highWatermark);
    return new RangeCount(
        new OffsetRange(0, 0, to),
        logStart,
        highWatermark,
        highWatermark,
        readFrom,
        readTo,
        records,
        committed,
        complete,
        null);
  }

  private static RecordCountSnapshot snapshot(RangeCount count) {
    TopicInfo topic = new TopicInfo("orders", 1, 1, Map.of("cleanup.policy", "delete"));
    return new RecordCountSnapshot(
        "prod", "kafka-1:9092", "orders", topic, AT, List.of(count), List.of(), List.of());
  }

  private static List<String> fixtures() throws IOException {
    try (Stream<Path> files = Files.list(Path.of("src/test/resources/kafka"))) {
      List<String> names =
          files
              .map(p -> p.getFileName().toString())
              .filter(n -> n.endsWith(".json"))
              .map(n -> n.substring(0, n.length() - ".json".length()))
              .sorted()
              .toList();
      assertThat(names).isNotEmpty();
      return names;
    }
  }
}
