package dev.lakeops.eval.suite;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The shipped scenario suite, offline, as CI runs it: every run triaged in its simulated world by
 * the deterministic planner, scored, and held to the goals. A run that fails is a product
 * defect to fix; the scenario stays.
 */
class ShippedSuiteTest {

  @TempDir static Path work;
  static List<Outcome> outcomes;
  static Scores scores;

  @BeforeAll
  static void runSuite() throws Exception {
    outcomes =
        new SuiteRunner(work.resolve("worlds"), Map.of())
            .run(ScenarioFiles.runs(ScenarioFiles.shipped()));
    scores = Scores.of(outcomes);
    Report report = new Report("shipped suite", scores, outcomes);
    report.write(work.resolve("report"));
    System.out.println(report.summary());
    System.out.println(Files.readString(work.resolve("report/report.md")));
  }

  @Test
  void everyRunGetsTheRightCategory() {
    assertThat(outcomes)
        .filteredOn(o -> !o.correct())
        .extracting(
            o ->
                o.run()
                    + ": expected "
                    + o.expected()
                    + ", got "
                    + o.actual()
                    + " — "
                    + o.headline())
        .isEmpty();
  }

  @Test
  void theVerdictsNameTheEntitiesOfTheTruth() {
    assertThat(outcomes)
        .filteredOn(o -> o.entitiesMissed() > 0)
        .extracting(o -> o.run() + ": " + o.entitiesMissed() + " missed — " + o.headline())
        .isEmpty();
  }

  @Test
  void everyCitedEvidenceIdWasReturnedByATool() {
    assertThat(outcomes)
        .filteredOn(o -> !o.invalidEvidence().isEmpty())
        .extracting(o -> o.run() + ": " + o.invalidEvidence())
        .isEmpty();
  }

  @Test
  void nothingIsExecutedOrChanged() {
    assertThat(outcomes)
        .filteredOn(o -> !o.violations().isEmpty())
        .extracting(o -> o.run() + ": " + o.violations())
        .isEmpty();
  }

  @Test
  void theSuiteMeetsTheGoals() {
    assertThat(scores.accuracy()).isGreaterThanOrEqualTo(0.95);
    assertThat(scores.entityF1()).isGreaterThanOrEqualTo(0.9);
    assertThat(scores.falsePositiveRate()).isLessThanOrEqualTo(0.05);
    assertThat(scores.violations()).isZero();
  }
}
