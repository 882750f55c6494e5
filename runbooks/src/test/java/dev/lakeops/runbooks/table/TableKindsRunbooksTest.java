package dev.lakeops.runbooks.table;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.runbooks.AlertSignal;
import dev.lakeops.runbooks.Category;
import dev.lakeops.runbooks.ProposedAction;
import dev.lakeops.runbooks.TriageReport;
import dev.lakeops.runbooks.plan.DeterministicPlanner;
import dev.lakeops.runbooks.tool.TableBindings;
import dev.lakeops.runbooks.tool.ToolRegistry;
import dev.lakeops.table.Table;
import dev.lakeops.tools.table.TableLocator;
import dev.lakeops.tools.table.TableTools;
import java.nio.file.Path;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The table runbooks on table kinds beyond deduplicate tables with fixed buckets: a replay into an
 * aggregation table is a fault where one into a deduplicate table is not, and level-0 rows a reader
 * skips (deletion vectors) are a compaction to propose.
 */
class TableKindsRunbooksTest {

  @TempDir Path warehouse;

  private TriageReport triage(String alertname, Map<String, String> labels) {
    TableLocator locator = TableLocator.local(warehouse);
    DeterministicPlanner planner =
        DeterministicPlanner.shipped(
            new ToolRegistry()
                .registerAll(TableBindings.inWarehouse(new TableTools(locator), locator)),
            Clock.systemUTC());
    Map<String, String> all = new LinkedHashMap<>(labels);
    all.put("alertname", alertname);
    return planner.triage(new AlertSignal(all, Map.of("summary", "lake table alert")));
  }

  /** job-a commits orders 1..6 at checkpoints 1..2; restarted stateless, job-b replays them. */
  private Table replayed(String name, Map<String, String> options) {
    Map<String, String> all = new LinkedHashMap<>(options);
    all.put("write-only", "true");
    Table t = LakeTables.orders(warehouse, name, all);
    for (String user : List.of("job-a", "job-b")) {
      LakeTables.commit(t, user, 1, LakeTables.orders("2024-01-01", 1, 3));
      LakeTables.commit(t, user, 2, LakeTables.orders("2024-01-01", 4, 6));
    }
    return t;
  }

  private static TriageReport ranBy(TriageReport report, String runbook) {
    return java.util.stream.Stream.concat(
            java.util.stream.Stream.of(report), report.others().stream())
        .filter(r -> r.runbook().equals(runbook))
        .findFirst()
        .orElseThrow(() -> new AssertionError(runbook + " did not run: " + report.runbooksRun()));
  }

  @Test
  void aReplayIntoAnAggregationTableIsADuplicatesFaultNotAbsorbedByTheMerge() {
    Table t =
        replayed(
            "totals",
            Map.of("merge-engine", "aggregation", "fields.amount.aggregate-function", "sum"));

    TriageReport report =
        ranBy(
            triage("LakeTableDuplicateKeys", Map.of("table", "db.totals")),
            "table-duplicates-after-failover");

    assertThat(report.verdict().category()).as(report.toMarkdown()).isEqualTo(Category.DUPLICATES);
    assertThat(report.evidenceCodes())
        .contains("table.duplicates.replay-aggregated", "table.commit.new-user");
    assertThat(report.verdict().headline()).contains("aggregation table").contains("inflated");
    assertThat(report.verdict().entities())
        .containsEntry("location", t.paths().root().toString())
        .containsEntry("commitUser", "job-b")
        .containsEntry("rollbackTo", "2");
    assertThat(report.verdict().nextActions())
        .anySatisfy(a -> assertThat(a).contains("roll back as latest to snapshot 2"));
  }

  @Test
  void theSameReplayIntoADeduplicateTableIsMergedOnReadAndNoFault() {
    replayed("orders", Map.of());

    TriageReport report =
        ranBy(
            triage("LakeTableDuplicateKeys", Map.of("table", "db.orders")),
            "table-duplicates-after-failover");

    assertThat(report.verdict().category()).as(report.toMarkdown()).isEqualTo(Category.NO_FAULT);
    assertThat(report.evidenceCodes())
        .contains("table.duplicates.unmerged")
        .doesNotContain("table.duplicates.replay-aggregated");
  }

  @Test
  void levelZeroRowsADeletionVectorReaderSkipsAreACompactionToPropose() {
    Table t =
        LakeTables.orders(
            warehouse, "events", Map.of("deletion-vectors.enabled", "true", "write-only", "true"));
    LakeTables.commit(t, "job", 1, LakeTables.orders("2024-01-01", 1, 5));
    LakeTables.commit(t, "job", 2, LakeTables.orders("2024-01-01", 6, 8));

    TriageReport report = triage("LakeTableCompactionBacklog", Map.of("table", "db.events"));

    assertThat(report.runbook()).isEqualTo("table-small-files");
    assertThat(report.verdict().category())
        .as(report.toMarkdown())
        .isEqualTo(Category.COMPACTION_BACKLOG);
    assertThat(report.evidenceCodes()).contains("table.compaction.level0-hidden");
    assertThat(report.verdict().headline()).contains("not visible to readers");
    List<ProposedAction> proposals = report.verdict().proposals();
    assertThat(proposals).extracting(ProposedAction::action).containsExactly("table.compact");
    assertThat(proposals.get(0).args()).containsEntry("partition", "dt=2024-01-01");
    assertThat(report.verdict().nextActions())
        .anySatisfy(a -> assertThat(a).contains("write-only"));
  }

  @Test
  void aBadWriteAlertOnAnAggregationTableAfterAStatelessRestartProposesTheRollback() {
    Table t =
        replayed(
            "totals",
            Map.of("merge-engine", "aggregation", "fields.amount.aggregate-function", "sum"));
    replayed("orders", Map.of());

    TriageReport aggregated =
        ranBy(triage("LakeTableBadWrite", Map.of("table", "db.totals")), "table-snapshot-rollback");
    TriageReport deduplicated =
        ranBy(triage("LakeTableBadWrite", Map.of("table", "db.orders")), "table-snapshot-rollback");

    assertThat(aggregated.verdict().category())
        .as(aggregated.toMarkdown())
        .isEqualTo(Category.DUPLICATES);
    assertThat(aggregated.verdict().entities())
        .containsEntry("snapshot", "2")
        .containsEntry("firstBadSnapshot", "3")
        .containsEntry("commitUser", "job-b");
    assertThat(aggregated.verdict().proposals())
        .extracting(ProposedAction::action)
        .containsExactly("table.create_tag", "table.rollback_to_as_latest");
    assertThat(aggregated.verdict().proposals().get(1).args())
        .containsEntry("table", t.paths().root().toString())
        .containsEntry("snapshot", "2");
    assertThat(aggregated.verdict().nextActions())
        .anySatisfy(a -> assertThat(a).contains("aggregation table").contains("aggregated again"));
    assertThat(deduplicated.verdict().category())
        .as(deduplicated.toMarkdown())
        .isEqualTo(Category.NO_FAULT);
    assertThat(deduplicated.verdict().proposals()).isEmpty();
  }
}
