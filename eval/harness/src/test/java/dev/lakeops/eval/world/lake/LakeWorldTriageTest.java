package dev.lakeops.eval.world.lake;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.runbooks.AlertSignal;
import dev.lakeops.runbooks.Category;
import dev.lakeops.runbooks.TriageReport;
import dev.lakeops.runbooks.route.AlertExamples;
import dev.lakeops.runbooks.setup.TriageTools;
import java.nio.file.Path;
import java.time.Clock;
import java.time.ZoneOffset;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The shipped planner, as the agent builds it, triaging alerts on tables the world wrote: the
 * category each fault leads to, and none for a healthy table.
 */
class LakeWorldTriageTest {

  @TempDir Path warehouse;

  private TriageReport triage(LakeTableSpec spec, String alertname, Map<String, String> labels) {
    LakeWorld.write(warehouse, List.of(spec), LakeWorldTest.NOW);
    Clock clock = Clock.fixed(LakeWorldTest.NOW, ZoneOffset.UTC);
    TriageTools tools =
        TriageTools.forAgent(
            Map.of(
                "lakeops.tables.warehouse",
                warehouse.toString(),
                "lakeops.alerts.similarity.model",
                "none"),
            clock,
            null);
    Map<String, String> all = new LinkedHashMap<>(labels);
    all.put("alertname", alertname);
    all.put("table", spec.qualifiedName());
    return tools
        .planner(clock, AlertExamples.NONE)
        .triage(new AlertSignal(all, Map.of("summary", "lake table alert")));
  }

  @Test
  void duplicatesAfterAStatelessRestartOfAnAppendTableAreDuplicatesNamingTheNewCommitUser() {
    LakeTableSpec spec =
        LakeTableSpec.healthy("shop", "payments", List.of("payment_id"), false, 300)
            .with(new LakeFault(LakeFault.DUPLICATES_AFTER_STATELESS_RESTART, 40));

    TriageReport report = triage(spec, "LakeTableDuplicates", Map.of("keys", "payment_id"));

    assertThat(report.verdict().category()).as(report.toMarkdown()).isEqualTo(Category.DUPLICATES);
    assertThat(report.runbook()).isEqualTo("table-duplicates-after-failover");
    assertThat(report.toMarkdown()).contains(LakeWorld.commitUser("shop.payments", 2));
  }

  @Test
  void aStatelessRestartOfAPrimaryKeyTableIsNoFaultReadersSeeEachKeyOnce() {
    LakeTableSpec spec =
        LakeTableSpec.healthy("shop", "orders", List.of("order_id"), true, 300)
            .with(new LakeFault(LakeFault.DUPLICATES_AFTER_STATELESS_RESTART, 40));

    TriageReport report = triage(spec, "LakeTableDuplicates", Map.of());

    assertThat(report.verdict().category()).as(report.toMarkdown()).isEqualTo(Category.NO_FAULT);
    assertThat(report.evidenceCodes())
        .contains("table.duplicates.unmerged", "table.commit.new-user");
  }

  @Test
  void aHealthyTableIsNoFaultForADuplicatesAlertAndItsNeighbours() {
    TriageReport report =
        triage(
            LakeTableSpec.healthy("shop", "payments", List.of("payment_id"), false, 300),
            "LakeTableDuplicates",
            Map.of("keys", "payment_id"));

    assertThat(report.verdict().category()).as(report.toMarkdown()).isEqualTo(Category.NO_FAULT);
    assertThat(report.others())
        .allSatisfy(o -> assertThat(o.verdict().category()).isEqualTo(Category.NO_FAULT));
  }

  @Test
  void tinyCommitsAreSmallFiles() {
    LakeTableSpec spec =
        LakeTableSpec.healthy("shop", "clicks", List.of("click_id"), false, 300)
            .with(new LakeFault(LakeFault.SMALL_FILES, 20));

    TriageReport report = triage(spec, "LakeTableSmallFiles", Map.of());

    assertThat(report.verdict().category()).as(report.toMarkdown()).isEqualTo(Category.SMALL_FILES);
    assertThat(report.runbook()).isEqualTo("table-small-files");
  }

  @Test
  void tinyCommitsOnAPrimaryKeyTableAreSmallFiles() {
    LakeTableSpec spec =
        LakeTableSpec.healthy("shop", "orders", List.of("order_id"), true, 300)
            .with(new LakeFault(LakeFault.SMALL_FILES, 20));

    TriageReport report = triage(spec, "LakeTableSmallFiles", Map.of());

    assertThat(report.verdict().category()).as(report.toMarkdown()).isEqualTo(Category.SMALL_FILES);
  }

  @Test
  void sortedRunsPilingUpAreACompactionBacklog() {
    LakeTableSpec spec =
        LakeTableSpec.healthy("shop", "events", List.of("event_id"), true, 300)
            .with(new LakeFault(LakeFault.COMPACTION_BACKLOG, 7));

    TriageReport report = triage(spec, "LakeTableCompactionBacklog", Map.of());

    assertThat(report.verdict().category())
        .as(report.toMarkdown())
        .isEqualTo(Category.COMPACTION_BACKLOG);
    assertThat(report.runbook()).isEqualTo("table-small-files");
  }

  @Test
  void aHealthyTableIsNoFaultForACompactionAlert() {
    TriageReport report =
        triage(
            LakeTableSpec.healthy("shop", "events", List.of("event_id"), true, 300),
            "LakeTableCompactionBacklog",
            Map.of());

    assertThat(report.verdict().category()).as(report.toMarkdown()).isEqualTo(Category.NO_FAULT);
  }
}
