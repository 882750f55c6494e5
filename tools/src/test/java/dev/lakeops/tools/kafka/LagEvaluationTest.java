package dev.lakeops.tools.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

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

  @Test
  void doesNotCallLagGrowingFromTwoProbesSecondsApartOnAGroupThatKeepsUp() {
    // 100 records/s produced, 100/s committed; the lag moves with the commit cycle: 100 > 105.
    assertThat(evaluate(true, sample(0, 1_000, 1_100), sample(6, 1_600, 1_705)))
        .isEqualTo(LagStatus.NO_TREND);
  }

  @Test
  void keepsUpWhenTheLagRoseByLessThanOneCommitIntervalOfProduction() {
    // 100 records/s over 40 s; commits trail the end by up to 5 s (500 records): noisy, rising lag.
    assertThat(
            evaluate(
                true,
                sample(0, 900, 1_000),
                sample(10, 1_850, 2_000),
                sample(20, 2_780, 3_000),
                sample(30, 3_700, 4_000),
                sample(40, 4_620, 5_000)))
        .isEqualTo(LagStatus.OK);
  }

  @Test
  void callsLagGrowingWhenCommitsAdvanceAtHalfTheRateRecordsArrive() {
    assertThat(
            evaluate(
                true,
                sample(0, 0, 1_000),
                sample(10, 500, 2_000),
                sample(20, 1_000, 3_000),
                sample(30, 1_500, 4_000)))
        .isEqualTo(LagStatus.WARN);
  }

  @Test
  void callsCommittedOffsetsFrozenWhileEndOffsetsRiseStalledOrStopped() {
    assertThat(evaluate(true, sample(0, 100, 200), sample(6, 100, 800), sample(12, 100, 1_400)))
        .isEqualTo(LagStatus.STALL);
    assertThat(evaluate(false, sample(0, 100, 200), sample(6, 100, 800), sample(12, 100, 1_400)))
        .isEqualTo(LagStatus.STOP);
  }

  @Test
  void needsTheGrowthWindowBeforeCallingLagGrowing() {
    // Half the production rate: three probes within 10 s cannot tell; two 30 s apart can.
    assertThat(evaluate(true, sample(0, 0, 1_000), sample(4, 200, 1_400), sample(8, 400, 1_800)))
        .isEqualTo(LagStatus.NO_TREND);
    assertThat(evaluate(true, sample(0, 0, 1_000), sample(30, 1_500, 4_000)))
        .isEqualTo(LagStatus.WARN);
  }

  @Test
  void needsAsManyProbesAsTheRulesAskFor() {
    LagRules threeProbes =
        new LagRules(Duration.ofSeconds(10), 10, Duration.ofSeconds(10), 3, Duration.ofSeconds(5));

    assertThat(
            LagEvaluation.evaluate(
                List.of(sample(0, 0, 1_000), sample(30, 1_500, 4_000)), true, false, threeProbes))
        .isEqualTo(LagStatus.NO_TREND);
  }

  @Test
  void rejectsRulesThatAskForFewerThanTwoProbes() {
    assertThatThrownBy(
            () ->
                new LagRules(
                    Duration.ofSeconds(10), 10, Duration.ofSeconds(10), 1, Duration.ofSeconds(5)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("minGrowthSamples: 1");
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
