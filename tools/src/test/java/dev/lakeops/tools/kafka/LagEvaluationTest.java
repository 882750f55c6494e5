package dev.lakeops.tools.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Burrow's partition rules, one window shape per test. */
class LagEvaluationTest {

  private static final LagRules RULES = LagRules.defaults();

  @Test
  void isOkWhenTheLagWasZeroAnywhereInTheWindow() {
    assertThat(evaluate(true, sample(0, 100, 100), sample(10, 100, 150), sample(20, 100, 200)))
        .isEqualTo(LagStatus.OK);
  }

  @Test
  void isOkWhenTheLagShrinksWhileOffsetsMove() {
    assertThat(evaluate(true, sample(0, 100, 300), sample(10, 200, 350), sample(20, 300, 380)))
        .isEqualTo(LagStatus.OK);
  }

  @Test
  void warnsWhenTheLagGrowsBetweenEveryPairOfProbes() {
    assertThat(evaluate(true, sample(0, 100, 200), sample(10, 110, 300), sample(20, 120, 400)))
        .isEqualTo(LagStatus.WARN);
  }

  @Test
  void doesNotWarnWhenTheLagDippedOnce() {
    assertThat(evaluate(true, sample(0, 100, 200), sample(10, 190, 250), sample(20, 200, 400)))
        .isEqualTo(LagStatus.OK);
  }

  @Test
  void stallsWithMembersAndStopsWithoutWhenOffsetsStandStill() {
    assertThat(evaluate(true, sample(0, 100, 200), sample(15, 100, 200)))
        .isEqualTo(LagStatus.STALL);
    assertThat(evaluate(false, sample(0, 100, 200), sample(15, 100, 200)))
        .isEqualTo(LagStatus.STOP);
  }

  @Test
  void hasNoTrendFromOneProbeOrTooShortAWindow() {
    assertThat(evaluate(true, sample(0, 100, 200))).isEqualTo(LagStatus.NO_TREND);
    assertThat(evaluate(false, sample(0, 100, 200), sample(5, 100, 200)))
        .isEqualTo(LagStatus.NO_TREND);
  }

  @Test
  void reportsErrBelowTheLogStartWhateverTheTrend() {
    PartitionSample below =
        new PartitionSample(at(0), 10, new PartitionOffsets("t", 0, 50, 200, 200));

    assertThat(LagEvaluation.evaluate(List.of(below), true, false, RULES)).isEqualTo(LagStatus.ERR);
  }

  @Test
  void judgesOnlyTheProbesSinceTheLastRewind() {
    List<PartitionSample> samples =
        List.of(sample(0, 100, 100), sample(10, 40, 100), sample(20, 40, 100));

    assertThat(LagEvaluation.rewinds(samples))
        .singleElement()
        .satisfies(r -> assertThat(r).containsExactly(100, 40));
    // The zero lag before the rewind does not make the stopped consumer after it OK.
    assertThat(
            LagEvaluation.evaluate(
                samples, false, false, RULES.withMinStallWindow(Duration.ofSeconds(5))))
        .isEqualTo(LagStatus.STOP);
  }

  @Test
  void measuresLagToTheLastStableOffsetUnlessTheConsumerIsPastIt() {
    PartitionOffsets open = new PartitionOffsets("t", 0, 0, 15, 11);

    assertThat(new PartitionSample(at(0), 11, open).lag()).isZero();
    assertThat(new PartitionSample(at(0), 11, open).lagToHighWatermark()).isEqualTo(4);
    assertThat(new PartitionSample(at(0), 13, open).lag()).isEqualTo(2);
  }

  private static LagStatus evaluate(boolean members, PartitionSample... samples) {
    return LagEvaluation.evaluate(new ArrayList<>(List.of(samples)), members, false, RULES);
  }

  private static PartitionSample sample(int second, long committed, long end) {
    return new PartitionSample(at(second), committed, new PartitionOffsets("t", 0, 0, end, end));
  }

  private static Instant at(int second) {
    return Instant.parse("2026-01-01T00:00:00Z").plusSeconds(second);
  }
}
