package dev.lakeops.eval.world.lake;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakeops.table.Table;
import dev.lakeops.table.catalog.Catalog;
import dev.lakeops.table.catalog.Identifier;
import dev.lakeops.table.meta.Snapshot;
import dev.lakeops.tools.Finding;
import dev.lakeops.tools.Severity;
import dev.lakeops.tools.ToolReport;
import dev.lakeops.tools.table.TableLocator;
import dev.lakeops.tools.table.TableTools;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The table tools over tables the world wrote: each fault's findings, and none on a healthy one.
 */
class LakeWorldTest {

  static final Instant NOW = Instant.parse("2026-03-02T10:15:30Z");

  @TempDir Path warehouse;

  private TableTools tools() {
    return new TableTools(TableLocator.local(warehouse));
  }

  private void write(LakeTableSpec... specs) {
    LakeWorld.write(warehouse, List.of(specs), NOW);
  }

  private static List<String> codes(ToolReport report) {
    assertThat(report.status())
        .as("%s: %s", report.tool(), report.error())
        .isEqualTo(ToolReport.Status.OK);
    return report.findings().stream().map(Finding::code).toList();
  }

  private static Finding only(ToolReport report, String code) {
    List<Finding> found = report.findings().stream().filter(f -> f.code().equals(code)).toList();
    assertThat(found).as("findings %s in %s", code, codes(report)).hasSize(1);
    return found.get(0);
  }

  private List<Snapshot> snapshots(String database, String table) {
    Table t = Catalog.local(warehouse).loadTable(Identifier.of(database, table));
    long latest = t.latestSnapshot().map(Snapshot::id).orElse(0L);
    return LongStream.rangeClosed(1, latest)
        .mapToObj(id -> t.snapshotStore().loadSnapshot(id))
        .toList();
  }

  @Test
  void healthyTablesGiveTheNoFaultFindingsOfEveryTableTool() {
    write(
        LakeTableSpec.healthy("shop", "orders", List.of("order_id"), true, 300),
        LakeTableSpec.healthy("shop", "clicks", List.of("click_id"), false, 300));

    for (String table : List.of("shop.orders", "shop.clicks")) {
      List<String> keys = table.equals("shop.clicks") ? List.of("click_id") : List.of();
      assertThat(only(tools().duplicateKeys(table, null, keys), "table.duplicates.none").evidence())
          .containsEntry("rowsRead", "300");
      assertThat(codes(tools().duplicateKeys(table, null, keys)))
          .doesNotContain("table.duplicates.visible", "table.duplicates.unmerged");
      assertThat(codes(tools().commitTimeline(table, 100)))
          .contains("table.commit.ok")
          .doesNotContain(
              "table.commit.new-user", "table.commit.identifier-regression", "table.commit.gap");
      assertThat(codes(tools().compactionBacklog(table, null)))
          .contains("table.compaction.ok")
          .doesNotContain(
              "table.compaction.small-files",
              "table.compaction.backlog",
              "table.compaction.stalled");
    }
  }

  @Test
  void commitsAreOneMinuteApartTheLastAtNowByOneWriterWithRisingIdentifiers() {
    write(LakeTableSpec.healthy("shop", "orders", List.of("order_id"), true, 10));

    List<Snapshot> s = snapshots("shop", "orders");

    assertThat(s).hasSize(3);
    assertThat(s).extracting(Snapshot::commitIdentifier).containsExactly(1L, 2L, 3L);
    assertThat(s)
        .extracting(Snapshot::commitUser)
        .containsOnly(LakeWorld.commitUser("shop.orders", 1));
    assertThat(s)
        .extracting(Snapshot::timeMillis)
        .containsExactly(
            NOW.minus(Duration.ofMinutes(2)).toEpochMilli(),
            NOW.minus(Duration.ofMinutes(1)).toEpochMilli(),
            NOW.toEpochMilli());
    assertThat(s).extracting(Snapshot::totalRecordCount).containsExactly(3L, 6L, 10L);
  }

  @Test
  void aStatelessRestartOnAnAppendTableMakesTheReplayedRowsVisibleTwiceUnderANewCommitUser() {
    write(
        LakeTableSpec.healthy("shop", "payments", List.of("payment_id"), false, 300)
            .with(new LakeFault(LakeFault.DUPLICATES_AFTER_STATELESS_RESTART, 40)));

    Finding visible =
        only(
            tools().duplicateKeys("shop.payments", null, List.of("payment_id")),
            "table.duplicates.visible");
    assertThat(visible.severity()).isEqualTo(Severity.CRITICAL);
    assertThat(visible.evidence())
        .containsEntry("duplicateKeys", "40")
        .containsEntry("extraRows", "40")
        .containsEntry("correlation", "two-commit-users")
        .containsEntry("firstSnapshot", "3")
        .containsEntry("secondSnapshot", "4")
        .containsEntry("firstCommitUser", LakeWorld.commitUser("shop.payments", 1))
        .containsEntry("secondCommitUser", LakeWorld.commitUser("shop.payments", 2));
    assertThat(visible.evidence().get("sampleKeys")).startsWith("payment_id=261");

    ToolReport timeline = tools().commitTimeline("shop.payments", 100);
    assertThat(only(timeline, "table.commit.new-user").evidence())
        .containsEntry("newUser", LakeWorld.commitUser("shop.payments", 2))
        .containsEntry("previousUser", LakeWorld.commitUser("shop.payments", 1))
        .containsEntry("firstSnapshot", "4")
        .containsEntry("lastSnapshotBeforeNewUser", "3")
        .containsEntry("identifiersRestarted", "true");
    assertThat(codes(timeline)).doesNotContain("table.commit.ok", "table.commit.gap");
  }

  @Test
  void aStatelessRestartOnAPrimaryKeyTableLeavesUnmergedFilesThatReadersSeeOnce() {
    write(
        LakeTableSpec.healthy("shop", "orders", List.of("order_id"), true, 300)
            .with(new LakeFault(LakeFault.DUPLICATES_AFTER_STATELESS_RESTART, 25)));

    ToolReport duplicates = tools().duplicateKeys("shop.orders", null, List.of());

    assertThat(only(duplicates, "table.duplicates.unmerged").evidence())
        .containsEntry("duplicateKeys", "25")
        .containsEntry("correlation", "two-commit-users");
    assertThat(codes(duplicates)).doesNotContain("table.duplicates.visible");
    assertThat(codes(tools().commitTimeline("shop.orders", 100))).contains("table.commit.new-user");
  }

  @Test
  void tinyCommitsOnAnAppendTableAreSmallFilesInTheirBucket() {
    write(
        LakeTableSpec.healthy("shop", "clicks", List.of("click_id"), false, 300)
            .with(new LakeFault(LakeFault.SMALL_FILES, 24)));

    ToolReport backlog = tools().compactionBacklog("shop.clicks", null);

    Finding small = only(backlog, "table.compaction.small-files");
    assertThat(small.severity()).isEqualTo(Severity.WARN);
    assertThat(small.evidence())
        .containsEntry("smallFiles", "24")
        .containsEntry("worstBucket", "bucket-0")
        .containsEntry("tableType", "append");
    assertThat(codes(backlog)).doesNotContain("table.compaction.ok", "table.compaction.backlog");
    assertThat(snapshots("shop", "clicks")).hasSize(24);
    assertThat(codes(tools().duplicateKeys("shop.clicks", null, List.of("click_id"))))
        .contains("table.duplicates.none");
  }

  @Test
  void tinyCommitsOnAPrimaryKeyTableBelowItsRaisedTriggerAreSmallFilesNotABacklog() {
    write(
        LakeTableSpec.healthy("shop", "orders", List.of("order_id"), true, 300)
            .with(new LakeFault(LakeFault.SMALL_FILES, 12)));

    ToolReport backlog = tools().compactionBacklog("shop.orders", null);

    assertThat(only(backlog, "table.compaction.small-files").evidence())
        .containsEntry("smallFiles", "12")
        .containsEntry("tableType", "primary-key")
        .containsEntry("num-sorted-run.compaction-trigger", "13");
    assertThat(codes(backlog))
        .doesNotContain(
            "table.compaction.ok", "table.compaction.backlog", "table.compaction.stalled");
  }

  @Test
  void sortedRunsPilingUpOnAWriteOnlyTableAreABacklogCriticalAtTheStopTrigger() {
    write(
        LakeTableSpec.healthy("shop", "events", List.of("event_id"), true, 300)
            .with(new LakeFault(LakeFault.COMPACTION_BACKLOG, 6)),
        LakeTableSpec.healthy("shop", "audit", List.of("event_id"), true, 300)
            .with(new LakeFault(LakeFault.COMPACTION_BACKLOG, 9)));

    Finding behind =
        only(tools().compactionBacklog("shop.events", null), "table.compaction.backlog");
    assertThat(behind.severity()).isEqualTo(Severity.WARN);
    assertThat(behind.evidence())
        .containsEntry("sortedRuns", "6")
        .containsEntry("level0Files", "6")
        .containsEntry("write-only", "true")
        .containsEntry("writersStall", "false")
        .containsEntry("compactionRunning", "none found");

    Finding far = only(tools().compactionBacklog("shop.audit", null), "table.compaction.backlog");
    assertThat(far.severity()).isEqualTo(Severity.CRITICAL);
    assertThat(far.evidence()).containsEntry("sortedRuns", "9");
    assertThat(codes(tools().compactionBacklog("shop.audit", null)))
        .doesNotContain("table.compaction.ok", "table.compaction.stalled");
  }

  @Test
  void aTableWithoutRowsHasNoSnapshots() {
    write(LakeTableSpec.healthy("shop", "empty", List.of(), true, 0));

    assertThat(snapshots("shop", "empty")).isEmpty();
    assertThat(codes(tools().compactionBacklog("shop.empty", null)))
        .contains("table.compaction.ok");
  }

  @Test
  void theSameTableTwiceIsRefusedBeforeAnythingIsWritten() {
    LakeTableSpec t = LakeTableSpec.healthy("shop", "orders", List.of(), true, 5);

    assertThatThrownBy(() -> write(t, t))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("shop.orders is given twice");
    assertThat(warehouse.resolve("shop.db")).doesNotExist();
  }
}
