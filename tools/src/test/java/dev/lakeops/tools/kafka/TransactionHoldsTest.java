package dev.lakeops.tools.kafka;

import static dev.lakeops.tools.kafka.Fixtures.codes;
import static dev.lakeops.tools.kafka.Fixtures.only;
import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.tools.Finding;
import dev.lakeops.tools.Severity;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A read_committed group behind an open transaction: a window of three probes, one minute apart, of
 * group {@code g-orders} on {@code tx-orders-0} while producers keep writing behind the transaction
 * that holds the last stable offset at 11.
 */
class TransactionHoldsTest {

  private static final Instant T0 = Instant.parse("2026-12-01T10:00:00Z");
  private static final String TOPIC = "tx-orders";

  private final KafkaLagAnalyzer analyzer = new KafkaLagAnalyzer();

  /** Probes 60 s apart; the high watermark rises by 40 each time. */
  private static List<KafkaLagSnapshot> window(long committed, OpenTransaction... open) {
    List<KafkaLagSnapshot> window = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      window.add(snapshot(T0.plusSeconds(60L * i), committed, 11, 15 + 40L * i, List.of(open)));
    }
    return window;
  }

  private static KafkaLagSnapshot snapshot(
      Instant at, long committed, long lastStable, long highWatermark, List<OpenTransaction> open) {
    ConsumerGroup group =
        new ConsumerGroup(
            "g-orders",
            "Stable",
            "Classic",
            "range",
            List.of(new GroupMember("m-1", "reader", "/10.0.0.7", List.of(TOPIC + "-0"))),
            List.of(new CommittedOffset(TOPIC, 0, committed)));
    return new KafkaLagSnapshot(
        "prod",
        "kafka-1:9092",
        at,
        List.of(group),
        List.of(new PartitionOffsets(TOPIC, 0, 0, highWatermark, lastStable)),
        List.of(new TopicInfo(TOPIC, 1, 3, Map.of("cleanup.policy", "delete"))),
        List.of(),
        open,
        List.of(),
        List.of("describeProducers(tx-orders-0) at kafka-1:9092"));
  }

  /** A transaction at offset 11, started {@code agoSeconds} before the latest probe. */
  private static OpenTransaction named(long agoSeconds, long timeoutMs) {
    return new OpenTransaction(
        TOPIC,
        0,
        4007,
        3,
        11,
        T0.plusSeconds(100).toEpochMilli(),
        "orders-sink-0-7",
        "Ongoing",
        T0.plusSeconds(120 - agoSeconds).toEpochMilli(),
        timeoutMs);
  }

  @Test
  void
      aGroupWaitingAtTheLastStableOffsetBehindALongOpenTransactionIsAFaultNamedByTransactionalId() {
    List<Finding> findings = analyzer.analyze(window(11, named(300, 900_000)));

    Finding f = only(findings, "kafka.lag.held-by-transaction");
    assertThat(f.severity()).isEqualTo(Severity.WARN);
    assertThat(f.evidence())
        .containsEntry("group", "g-orders")
        .containsEntry("transactionalId", "orders-sink-0-7")
        .containsEntry("producerId", "4007")
        .containsEntry("partition", "tx-orders-0")
        .containsEntry("lastStable", "11")
        .containsEntry("highWatermark", "95")
        .containsEntry("openForMs", "300000")
        .containsEntry("openForFrom", "coordinator")
        .containsEntry("pastTimeout", "false");
    assertThat(f.summary()).contains("orders-sink-0-7");
    assertThat(codes(findings)).doesNotContain("kafka.lag.open-transaction");
  }

  @Test
  void aTransactionOpenLongerThanItsTimeoutHangsAndIsCritical() {
    Finding f =
        only(analyzer.analyze(window(11, named(300, 60_000))), "kafka.lag.held-by-transaction");

    assertThat(f.severity()).isEqualTo(Severity.CRITICAL);
    assertThat(f.evidence())
        .containsEntry("pastTimeout", "true")
        .containsEntry("hanging", "true")
        .containsEntry("transactionTimeoutMs", "60000");
  }

  @Test
  void aHangingTransactionHoldsAGroupThatHasNotReachedItYet() {
    Finding f =
        only(analyzer.analyze(window(5, named(300, 60_000))), "kafka.lag.held-by-transaction");

    assertThat(f.severity()).isEqualTo(Severity.CRITICAL);
    assertThat(f.evidence()).containsEntry("atLastStable", "false");
  }

  @Test
  void withoutTheCoordinatorsViewTheStandingLastStableOffsetTimesTheHold() {
    OpenTransaction unnamed = new OpenTransaction(TOPIC, 0, 4007, 3, 11, T0.toEpochMilli());

    Finding f = only(analyzer.analyze(window(11, unnamed)), "kafka.lag.held-by-transaction");

    assertThat(f.severity()).isEqualTo(Severity.WARN);
    assertThat(f.evidence())
        .containsEntry("transactionalId", "unknown")
        .containsEntry("producerId", "4007")
        .containsEntry("openForMs", "120000")
        .containsEntry("openForFrom", "window (at least)");
  }

  @Test
  void aTransactionItsCoordinatorHasCompletedButThePartitionHoldsOpenHangs() {
    OpenTransaction completed =
        new OpenTransaction(
            TOPIC,
            0,
            4007,
            3,
            11,
            T0.toEpochMilli(),
            "orders-sink-0-7",
            "CompleteCommit",
            null,
            900_000L);

    Finding f = only(analyzer.analyze(window(11, completed)), "kafka.lag.held-by-transaction");

    assertThat(f.severity()).isEqualTo(Severity.CRITICAL);
    assertThat(f.evidence())
        .containsEntry("hanging", "true")
        .containsEntry("pastTimeout", "false")
        .containsEntry("transactionState", "CompleteCommit");
  }

  @Test
  void aTransactionJustCompletedAtItsCoordinatorIsNotCalledHanging() {
    OpenTransaction justCommitted =
        new OpenTransaction(
            TOPIC,
            0,
            4007,
            3,
            11,
            T0.plusSeconds(118).toEpochMilli(),
            "orders-sink-0-7",
            "CompleteCommit",
            null,
            900_000L);

    Finding f = only(analyzer.analyze(window(11, justCommitted)), "kafka.lag.held-by-transaction");

    // Held: the LSO has stood for the whole 120 s window; not hanging: the producer wrote 2 s ago.
    assertThat(f.severity()).isEqualTo(Severity.WARN);
    assertThat(f.evidence()).containsEntry("hanging", "false");
  }

  @Test
  void aYoungTransactionIsNoFault() {
    List<Finding> findings = analyzer.analyze(window(11, named(20, 900_000)));

    Finding f = only(findings, "kafka.lag.open-transaction");
    assertThat(f.severity()).isEqualTo(Severity.INFO);
    assertThat(f.evidence()).containsEntry("transactionalId", "orders-sink-0-7");
    assertThat(codes(findings)).doesNotContain("kafka.lag.held-by-transaction");
  }

  @Test
  void aGroupStillReadingBelowAnOpenTransactionWithinItsTimeoutIsNoFault() {
    assertThat(codes(analyzer.analyze(window(5, named(300, 900_000)))))
        .contains("kafka.lag.open-transaction")
        .doesNotContain("kafka.lag.held-by-transaction");
  }
}
