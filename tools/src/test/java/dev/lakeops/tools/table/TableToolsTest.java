package dev.lakeops.tools.table;

import static dev.lakeops.tools.table.TableFixtures.commit;
import static dev.lakeops.tools.table.TableFixtures.keyed;
import static dev.lakeops.tools.table.TableFixtures.orders;
import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.table.Table;
import dev.lakeops.table.commit.PartitionFilter;
import dev.lakeops.table.write.CompactionMode;
import dev.lakeops.tools.Finding;
import dev.lakeops.tools.Severity;
import dev.lakeops.tools.ToolReport;
import dev.lakeops.tools.spec.ToolArgs;
import dev.lakeops.tools.spec.ToolFunction;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The table tools on tables the engine wrote: failover duplicates, healthy tables, backlogs, and
 * failures.
 */
class TableToolsTest {

  @TempDir Path warehouse;

  private TableTools tools() {
    return new TableTools(TableLocator.local(warehouse));
  }

  private static List<String> codes(ToolReport report) {
    return report.findings().stream().map(Finding::code).toList();
  }

  private static Finding only(ToolReport report, String code) {
    List<Finding> found = report.findings().stream().filter(f -> f.code().equals(code)).toList();
    assertThat(found).as("findings %s in %s", code, codes(report)).hasSize(1);
    return found.get(0);
  }

  /**
   * job-a commits orders 1..30 at identifiers 1..3; restarted without state as job-b it replays
   * orders 21..30 at identifier 1 (snapshot 4), goes on with 31..40 at identifier 2, then commits
   * identifier 2 again with 31..35.
   */
  private Table failover() {
    Table t = TableFixtures.appendOrders(warehouse, "payments");
    commit(t, "job-a", 1, orders(1, 10));
    commit(t, "job-a", 2, orders(11, 20));
    commit(t, "job-a", 3, orders(21, 30));
    commit(t, "job-b", 1, orders(21, 30));
    commit(t, "job-b", 2, orders(31, 40));
    commit(t, "job-b", 2, orders(31, 35));
    return t;
  }

  @Test
  void aStatelessRestartShowsAsANewCommitUserWhoseReplaysAreVisibleDuplicates() {
    failover();

    ToolReport timeline = tools().commitTimeline("db.payments", 100);

    assertThat(timeline.status()).isEqualTo(ToolReport.Status.OK);
    Finding newUser = only(timeline, "table.commit.new-user");
    assertThat(newUser.severity()).isEqualTo(Severity.WARN);
    assertThat(newUser.evidence())
        .containsEntry("newUser", "job-b")
        .containsEntry("firstSnapshot", "4")
        .containsEntry("previousUser", "job-a")
        .containsEntry("previousSnapshot", "3")
        .containsEntry("identifiersRestarted", "true");
    Finding regression = only(timeline, "table.commit.identifier-regression");
    assertThat(regression.evidence())
        .containsEntry("commitUser", "job-b")
        .containsEntry("snapshot", "6")
        .containsEntry("previousSnapshot", "5")
        .containsEntry("kind", "repeated");
    assertThat(codes(timeline)).contains("table.commit.timeline").doesNotContain("table.commit.ok");
    assertThat(only(timeline, "table.commit.timeline").evidence().get("snapshot 4"))
        .contains("user=job-b")
        .contains("identifier=1")
        .contains("delta=+10")
        .contains("total=40");

    ToolReport duplicates = tools().duplicateKeys("db.payments", null, List.of("order_id"));

    assertThat(duplicates.status()).isEqualTo(ToolReport.Status.OK);
    Finding visible = only(duplicates, "table.duplicates.visible");
    assertThat(visible.severity()).isEqualTo(Severity.CRITICAL);
    assertThat(visible.evidence())
        .containsEntry("duplicateKeys", "15")
        .containsEntry("extraRows", "15")
        .containsEntry("tableType", "append")
        .containsEntry("correlation", "two-commit-users")
        .containsEntry("firstSnapshot", "3")
        .containsEntry("secondSnapshot", "4")
        .containsEntry("firstCommitUser", "job-a")
        .containsEntry("secondCommitUser", "job-b");
    assertThat(visible.evidence().get("sampleKeys"))
        .startsWith("order_id=21 | order_id=22")
        .doesNotContain("amount");
    assertThat(visible.summary())
        .contains("snapshot 3 (user job-a, identifier 3)")
        .contains("snapshot 4 (user job-b, identifier 1)");
    assertThat(codes(duplicates))
        .doesNotContain("table.duplicates.none", "table.duplicates.unmerged");
  }

  @Test
  void theSameKeysCommittedByTwoUsersToAPrimaryKeyTableAreUnmergedNotVisible() {
    Table t = TableFixtures.keyedOrders(warehouse, "orders", Map.of("write-only", "true"));
    commit(t, "job-a", 1, keyed("2024-01-01", 1, 10, 0));
    commit(t, "job-b", 1, keyed("2024-01-01", 6, 10, 0));

    ToolReport report =
        tools().duplicateKeys(t.paths().root().toString(), "dt=2024-01-01", List.of());

    Finding unmerged = only(report, "table.duplicates.unmerged");
    assertThat(unmerged.severity()).isEqualTo(Severity.INFO);
    assertThat(unmerged.evidence())
        .containsEntry("duplicateKeys", "5")
        .containsEntry("keyColumns", "dt,id")
        .containsEntry("partition", "dt=2024-01-01")
        .containsEntry("correlation", "two-commit-users")
        .containsEntry("firstSnapshot", "1")
        .containsEntry("secondSnapshot", "2");
    assertThat(unmerged.evidence().get("sampleKeys")).contains("dt=2024-01-01,id=10");
    assertThat(codes(report)).doesNotContain("table.duplicates.visible");

    commit(t, "job-b", 2, keyed("2024-01-01", 101, 103, -100));
    ToolReport byAmount = tools().duplicateKeys("db.orders", null, List.of("amount"));
    Finding visible = only(byAmount, "table.duplicates.visible");
    assertThat(visible.evidence())
        .containsEntry("duplicateKeys", "3")
        .containsEntry("keyColumns", "amount")
        .containsEntry("tableType", "primary-key");
    assertThat(visible.summary()).contains("primary key is (dt,id)");
  }

  @Test
  void replayedRowsOnAnAggregationTableAreAggregatedAgainNotAbsorbed() {
    Map<String, String> sum =
        Map.of(
            "write-only", "true",
            "merge-engine", "aggregation",
            "fields.amount.aggregate-function", "sum");
    Table agg = TableFixtures.keyedOrders(warehouse, "totals", sum);
    commit(agg, "job-a", 1, keyed("2024-01-01", 1, 10, 0));
    commit(agg, "job-b", 1, keyed("2024-01-01", 6, 10, 0));
    Table dedup = TableFixtures.keyedOrders(warehouse, "orders", Map.of("write-only", "true"));
    commit(dedup, "job-a", 1, keyed("2024-01-01", 1, 10, 0));
    commit(dedup, "job-b", 1, keyed("2024-01-01", 6, 10, 0));

    ToolReport aggregated = tools().duplicateKeys("db.totals", null, List.of());
    ToolReport deduplicated = tools().duplicateKeys("db.orders", null, List.of());

    Finding replay = only(aggregated, "table.duplicates.replay-aggregated");
    assertThat(replay.severity()).isEqualTo(Severity.WARN);
    assertThat(replay.evidence())
        .containsEntry("mergeEngine", "aggregation")
        .containsEntry("duplicateKeys", "5")
        .containsEntry("correlation", "two-commit-users");
    assertThat(replay.summary()).contains("aggregated").contains("inflated");
    assertThat(only(aggregated, "table.duplicates.unmerged").summary())
        .contains("the aggregate of its versions");
    assertThat(codes(aggregated)).doesNotContain("table.duplicates.visible");
    assertThat(codes(deduplicated)).doesNotContain("table.duplicates.replay-aggregated");
    assertThat(only(deduplicated, "table.duplicates.unmerged").evidence())
        .containsEntry("mergeEngine", "deduplicate");
    assertThat(only(deduplicated, "table.duplicates.unmerged").summary())
        .contains("the latest version of each");
  }

  @Test
  void levelZeroFilesOfADeletionVectorTableAreReportedAsNotYetVisible() {
    Map<String, String> dv = Map.of("write-only", "true", "deletion-vectors.enabled", "true");
    Table t = TableFixtures.keyedOrders(warehouse, "events", dv);
    commit(t, "job", 1, keyed("2024-01-01", 1, 5, 0));
    commit(t, "job", 2, keyed("2024-01-01", 6, 9, 0));
    Table plain = TableFixtures.keyedOrders(warehouse, "plain", Map.of("write-only", "true"));
    commit(plain, "job", 1, keyed("2024-01-01", 1, 5, 0));
    commit(plain, "job", 2, keyed("2024-01-01", 6, 9, 0));

    ToolReport hidden = tools().compactionBacklog("db.events", null);
    ToolReport visible = tools().compactionBacklog("db.plain", null);

    Finding h = only(hidden, "table.compaction.level0-hidden");
    assertThat(h.evidence())
        .containsEntry("hiddenLevel0Files", "2")
        .containsEntry("worstBucket", "dt=2024-01-01/bucket-0")
        .containsEntry("worstPartitionSpec", "dt=2024-01-01")
        .containsEntry("level0Visible", "false");
    assertThat(codes(hidden)).doesNotContain("table.compaction.ok");
    assertThat(codes(visible))
        .contains("table.compaction.ok")
        .doesNotContain("table.compaction.level0-hidden");
  }

  @Test
  void theBacklogOfADynamicBucketTableIsPerAssignedBucket() {
    Map<String, String> dynamic =
        Map.of(
            "bucket", "-1",
            "dynamic-bucket.target-row-num", "4",
            "num-sorted-run.compaction-trigger", "2",
            "write-only", "true");
    Table t = TableFixtures.keyedOrders(warehouse, "events", dynamic);
    commit(t, "job", 1, keyed("2024-01-01", 1, 12, 0));
    commit(t, "job", 2, keyed("2024-01-01", 1, 12, 1));

    ToolReport backlog = tools().compactionBacklog("db.events", null);

    List<Finding> behind =
        backlog.findings().stream()
            .filter(f -> f.code().equals("table.compaction.backlog"))
            .toList();
    assertThat(behind).hasSizeGreaterThan(1);
    assertThat(behind)
        .allSatisfy(f -> assertThat(Integer.parseInt(f.evidence().get("bucket"))).isNotNegative());
    assertThat(only(backlog, "table.compaction.buckets").evidence().keySet())
        .noneMatch(k -> k.contains("bucket--"));
  }

  @Test
  void aHealthyTableYieldsOkFindings() {
    Table t = TableFixtures.keyedOrders(warehouse, "orders", Map.of());
    commit(t, "job-a", 1, keyed("2024-01-01", 1, 10, 0));
    commit(t, "job-a", 2, keyed("2024-01-01", 11, 20, 0));
    commit(t, "job-a", 3, keyed("2024-01-02", 1, 5, 0));

    ToolReport timeline = tools().commitTimeline("db.orders", 100);
    assertThat(only(timeline, "table.commit.ok").severity()).isEqualTo(Severity.OK);
    assertThat(codes(timeline))
        .doesNotContain(
            "table.commit.new-user", "table.commit.identifier-regression", "table.commit.gap");

    ToolReport duplicates = tools().duplicateKeys("db.orders", null, List.of());
    assertThat(only(duplicates, "table.duplicates.none").evidence())
        .containsEntry("rowsRead", "25");

    ToolReport backlog = tools().compactionBacklog("db.orders", null);
    assertThat(only(backlog, "table.compaction.ok").evidence())
        .containsEntry("buckets", "2")
        .containsEntry("num-sorted-run.compaction-trigger", "5")
        .containsEntry("num-sorted-run.stop-trigger", "8")
        .containsEntry("target-file-size", Long.toString(128L << 20));
    assertThat(only(backlog, "table.compaction.buckets").evidence())
        .containsKey("dt=2024-01-01/bucket-0");

    ToolReport snapshots = tools().snapshots("db.orders");
    assertThat(only(snapshots, "table.snapshots.latest").evidence())
        .containsEntry("latestSnapshot", "3")
        .containsEntry("commitUser", "job-a")
        .containsEntry("earliestSnapshot", "1");
    assertThat(only(snapshots, "table.snapshots.tags").evidence()).containsEntry("tags", "0");
  }

  @Test
  void aWriteOnlyTablesLevelZeroFilesAreABacklogForTheCompactionJobNeverAWriterStall() {
    Table t =
        TableFixtures.keyedOrders(
            warehouse,
            "events",
            Map.of(
                "write-only",
                "true",
                "num-sorted-run.compaction-trigger",
                "3",
                "num-sorted-run.stop-trigger",
                "5"));
    for (int i = 1; i <= 3; i++) {
      commit(t, "job", i, keyed("2024-01-01", i, i, 0));
    }

    ToolReport backlog = tools().compactionBacklog("db.events", "dt=2024-01-01");

    Finding b = only(backlog, "table.compaction.backlog");
    assertThat(b.severity()).isEqualTo(Severity.WARN);
    assertThat(b.subject()).contains("dt=2024-01-01/bucket-0");
    assertThat(b.evidence())
        .containsEntry("sortedRuns", "3")
        .containsEntry("level0Files", "3")
        .containsEntry("num-sorted-run.stop-trigger", "5")
        .containsEntry("write-only", "true");
    assertThat(codes(backlog))
        .doesNotContain(
            "table.compaction.ok", "table.compaction.stalled", "table.compaction.small-files");

    assertThat(b.evidence())
        .containsEntry("writersStall", "false")
        .containsEntry("compactionRunning", "none found")
        .containsEntry("snapshotsScanned", "3");

    for (int i = 4; i <= 5; i++) {
      commit(t, "job", i, keyed("2024-01-01", i, i, 0));
    }
    ToolReport atStop = tools().compactionBacklog("db.events", null);

    Finding far = only(atStop, "table.compaction.backlog");
    assertThat(far.severity()).isEqualTo(Severity.CRITICAL);
    assertThat(far.evidence()).containsEntry("sortedRuns", "5");
    assertThat(only(atStop, "table.compaction.small-files").evidence())
        .containsEntry("smallFiles", "5");
    assertThat(codes(atStop)).doesNotContain("table.compaction.stalled");
  }

  @Test
  void aWriteOnlyTableCompactedLongAgoNamesTheLastCompaction() {
    Table t =
        TableFixtures.keyedOrders(
            warehouse,
            "events",
            Map.of("write-only", "true", "num-sorted-run.compaction-trigger", "3"));
    for (int i = 1; i <= 2; i++) {
      commit(t, "job", i, keyed("2024-01-01", i, i, 0));
    }
    t.compact("compactor", PartitionFilter.all(), CompactionMode.FULL);
    for (int i = 3; i <= 5; i++) {
      commit(t, "job", i, keyed("2024-01-01", i, i, 0));
    }

    Finding b = only(tools().compactionBacklog("db.events", null), "table.compaction.backlog");

    assertThat(b.severity()).isEqualTo(Severity.WARN);
    assertThat(b.evidence())
        .containsEntry("sortedRuns", "4")
        .containsEntry("compactionRunning", "behind")
        .containsEntry("lastCompactionSnapshot", "3")
        .containsEntry("snapshotsScanned", "4");
  }

  @Test
  void aReadStoppedByTheRowLimitSaysSo() {
    failover();
    TableTools limited =
        new TableTools(TableLocator.local(warehouse), CommitTimelineRules.defaults(), 12);

    ToolReport report = limited.duplicateKeys("db.payments", null, List.of("order_id"));

    assertThat(report.status()).isEqualTo(ToolReport.Status.OK);
    assertThat(report.findings())
        .allSatisfy(f -> assertThat(f.evidence()).containsEntry("truncated", "true"));
  }

  @Test
  void aMissingTableIsNoDataNamingWhereItWasSought() {
    ToolReport byName = tools().commitTimeline("db.nope", 10);
    assertThat(byName.status()).isEqualTo(ToolReport.Status.NO_DATA);
    assertThat(byName.error())
        .contains("db.nope")
        .contains(warehouse.resolve("db.db/nope").toString());

    ToolReport byDir = tools().snapshots(warehouse.resolve("elsewhere").toString());
    assertThat(byDir.status()).isEqualTo(ToolReport.Status.NO_DATA);
    assertThat(byDir.error()).contains("elsewhere").contains("does not exist");

    ToolReport noWarehouse =
        new TableTools(TableLocator.local(null)).duplicateKeys("db.orders", null, List.of());
    assertThat(noWarehouse.status()).isEqualTo(ToolReport.Status.NO_DATA);
    assertThat(noWarehouse.error()).contains("no warehouse is configured");

    assertThat(tools().compactionBacklog(null, null).status()).isEqualTo(ToolReport.Status.NO_DATA);
  }

  @Test
  void parametersThatDoNotFitTheTableAreErrorsNamingTheParameter() {
    failover();

    ToolReport noKeys = tools().duplicateKeys("db.payments", null, List.of());
    assertThat(noKeys.status()).isEqualTo(ToolReport.Status.ERROR);
    assertThat(noKeys.error()).contains("append table").contains("keys");

    ToolReport badKey = tools().duplicateKeys("db.payments", null, List.of("customer"));
    assertThat(badKey.error()).contains("'customer' is not a column").contains("order_id, amount");

    ToolReport badPartition = tools().compactionBacklog("db.payments", "dt=2024-01-01");
    assertThat(badPartition.status()).isEqualTo(ToolReport.Status.ERROR);
    assertThat(badPartition.error()).contains("'dt' is not a partition key");

    ToolReport malformed = tools().compactionBacklog("db.payments", "dt");
    assertThat(malformed.error()).contains("expected key=value");

    assertThat(tools().commitTimeline("db.payments", 0).error()).contains("limit 0");
  }

  @Test
  void aCorruptSnapshotIsAnErrorNamingTheFile() throws Exception {
    Table t = failover();
    Files.writeString(t.paths().snapshotFile(6), "{ not json");

    ToolReport report = tools().commitTimeline("db.payments", 100);

    assertThat(report.status()).isEqualTo(ToolReport.Status.ERROR);
    assertThat(report.error()).contains("snapshot-6").doesNotContain("\tat ");
    ToolReport declared = call(TableTools.COMMIT_TIMELINE, Map.of("table", "db.payments"));
    assertThat(declared.status()).isEqualTo(ToolReport.Status.ERROR);
    assertThat(declared.tool()).isEqualTo(TableTools.COMMIT_TIMELINE);
  }

  @Test
  void theDeclaredToolsReadTheirArgumentsAsDeclared() {
    failover();

    ToolReport timeline =
        call(TableTools.COMMIT_TIMELINE, Map.of("table", "db.payments", "limit", "3"));
    ToolReport duplicates =
        call(
            TableTools.DUPLICATE_KEYS,
            Map.of("table", "db.payments", "partition", "", "keys", " order_id "));
    ToolReport snapshots = call(TableTools.SNAPSHOTS, Map.of("table", "db.payments"));

    assertThat(timeline.tool()).isEqualTo("table.commit_timeline");
    assertThat(timeline.findings().get(0).evidence()).containsEntry("snapshotsShown", "3");
    assertThat(duplicates.tool()).isEqualTo("table.duplicate_keys");
    assertThat(duplicates.findings().get(0).code()).isEqualTo("table.duplicates.visible");
    assertThat(snapshots.tool()).isEqualTo("table.snapshots");
    assertThat(snapshots.findings().get(0).evidence()).containsEntry("latestSnapshot", "6");
    assertThat(tools().functions())
        .extracting(ToolFunction::spec)
        .containsExactlyElementsOf(TableToolSpecs.ALL);
  }

  private ToolReport call(String tool, Map<String, ?> args) {
    ToolFunction<ToolReport> f =
        tools().functions().stream().filter(t -> t.name().equals(tool)).findFirst().orElseThrow();
    return f.apply(ToolArgs.read(f.spec(), args));
  }
}
