package dev.lakeops.tools.table;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.tools.Finding;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The commit timeline judged from recorded commits: gaps, batch users, APPEND+COMPACT pairs,
 * overwrites.
 */
class CommitTimelineAnalyzerTest {

  private static final long MINUTE = 60_000;

  private static CommitRecord c(long id, String user, long identifier, String kind, long time) {
    return new CommitRecord(id, user, identifier, kind, time, 1L, id, 1, 0);
  }

  private static List<String> codes(List<Finding> findings) {
    return findings.stream().map(Finding::code).toList();
  }

  private static List<Finding> analyze(List<CommitRecord> commits) {
    CommitTimeline t =
        new CommitTimeline(
            "db.t",
            "/w/db.db/t",
            commits.get(0).snapshotId(),
            commits.get(commits.size() - 1).snapshotId(),
            commits);
    return new CommitTimelineAnalyzer(CommitTimelineRules.defaults()).analyze(t);
  }

  @Test
  void reportsAPauseFarAboveTheMedianIntervalAsAGap() {
    List<CommitRecord> commits = new ArrayList<>();
    long time = 0;
    for (int i = 1; i <= 6; i++) {
      commits.add(c(i, "job", i, "APPEND", time));
      time += i == 4 ? 120 * MINUTE : MINUTE;
    }

    List<Finding> findings = analyze(commits);

    Finding gap =
        findings.stream()
            .filter(f -> f.code().equals("table.commit.gap"))
            .findFirst()
            .orElseThrow();
    assertThat(gap.evidence())
        .containsEntry("fromSnapshot", "4")
        .containsEntry("toSnapshot", "5")
        .containsEntry("gap", Duration.ofMinutes(120).toString())
        .containsEntry("medianInterval", Duration.ofMinutes(1).toString());
    assertThat(codes(findings)).doesNotContain("table.commit.ok");
  }

  @Test
  void ignoresJitterBelowTheMinimumGapAndTooFewIntervals() {
    List<CommitRecord> burst = new ArrayList<>();
    for (int i = 1; i <= 6; i++) {
      burst.add(c(i, "job", i, "APPEND", i == 6 ? 10_000 : i * 10L));
    }
    assertThat(codes(analyze(burst)))
        .contains("table.commit.ok")
        .doesNotContain("table.commit.gap");

    List<CommitRecord> few =
        List.of(
            c(1, "job", 1, "APPEND", 0),
            c(2, "job", 2, "APPEND", MINUTE),
            c(3, "job", 3, "APPEND", 500 * MINUTE));
    assertThat(codes(analyze(few))).contains("table.commit.ok");
  }

  @Test
  void anAppendAndACompactionOfOneCommitShareTheirIdentifier() {
    List<Finding> findings =
        analyze(
            List.of(
                c(1, "job", 1, "APPEND", 0),
                c(2, "job", 1, "COMPACT", 1),
                c(3, "job", 2, "APPEND", MINUTE),
                c(4, "compactor", 1, "COMPACT", MINUTE + 5)));

    assertThat(codes(findings))
        .contains("table.commit.ok")
        .doesNotContain("table.commit.identifier-regression", "table.commit.new-user");
  }

  @Test
  void aBackwardsIdentifierOfOneUserIsARegression() {
    List<Finding> findings =
        analyze(
            List.of(
                c(1, "job", 5, "APPEND", 0),
                c(2, "job", 6, "APPEND", 1),
                c(3, "job", 4, "APPEND", 2)));

    Finding f =
        findings.stream()
            .filter(x -> x.code().equals("table.commit.identifier-regression"))
            .findFirst()
            .orElseThrow();
    assertThat(f.evidence())
        .containsEntry("kind", "backwards")
        .containsEntry("snapshot", "3")
        .containsEntry("previousSnapshot", "2");
  }

  @Test
  void batchWritersWithAFreshUserEachAreNotNewUsersButOverwritesAreReported() {
    long batch = CommitRecord.BATCH;
    List<Finding> findings =
        analyze(
            List.of(
                c(1, "spark-1", batch, "APPEND", 0),
                c(2, "spark-2", batch, "APPEND", 1),
                c(3, "spark-3", batch, "OVERWRITE", 2)));

    assertThat(codes(findings))
        .containsExactly("table.commit.timeline", "table.commit.overwrite", "table.commit.ok");
  }

  @Test
  void aTableWithoutSnapshotsIsOk() {
    CommitTimeline empty = new CommitTimeline("db.t", "/w/db.db/t", 0, 0, List.of());

    assertThat(codes(new CommitTimelineAnalyzer(CommitTimelineRules.defaults()).analyze(empty)))
        .containsExactly("table.commit.timeline", "table.commit.ok");
  }
}
