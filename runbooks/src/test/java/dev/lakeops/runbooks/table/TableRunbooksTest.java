package dev.lakeops.runbooks.table;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.runbooks.AlertSignal;
import dev.lakeops.runbooks.Category;
import dev.lakeops.runbooks.ProposedAction;
import dev.lakeops.runbooks.TriageReport;
import dev.lakeops.runbooks.action.ActionKind;
import dev.lakeops.runbooks.action.Actions;
import dev.lakeops.runbooks.action.DirectTargets;
import dev.lakeops.runbooks.approval.ApprovalGate;
import dev.lakeops.runbooks.approval.ApprovalSource;
import dev.lakeops.runbooks.approval.ApproverDirectory;
import dev.lakeops.runbooks.approval.ExecutionReport;
import dev.lakeops.runbooks.approval.FileProposalStore;
import dev.lakeops.runbooks.approval.Proposal;
import dev.lakeops.runbooks.approval.ProposalRequest;
import dev.lakeops.runbooks.approval.ProposalState;
import dev.lakeops.runbooks.audit.FileAuditLog;
import dev.lakeops.runbooks.plan.DeterministicPlanner;
import dev.lakeops.runbooks.tool.TableBindings;
import dev.lakeops.runbooks.tool.ToolRegistry;
import dev.lakeops.table.Table;
import dev.lakeops.tools.table.TableLocator;
import dev.lakeops.tools.table.TableTools;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The shipped table runbooks through the planner, against tables the engine wrote: duplicates after
 * a stateless restart, a compaction backlog, a bad write to roll back, and healthy controls. The
 * proposals they return are handed to the approval gate as they are.
 */
class TableRunbooksTest {

  @TempDir Path warehouse;
  @TempDir Path state;

  private DeterministicPlanner planner() {
    TableLocator locator = TableLocator.local(warehouse);
    return DeterministicPlanner.shipped(
        new ToolRegistry().registerAll(TableBindings.inWarehouse(new TableTools(locator), locator)),
        Clock.systemUTC());
  }

  private TriageReport triage(String alertname, Map<String, String> labels) {
    Map<String, String> all = new LinkedHashMap<>(labels);
    all.put("alertname", alertname);
    return planner().triage(new AlertSignal(all, Map.of("summary", "lake table alert")));
  }

  private ApprovalGate gate() {
    Properties approvers = new Properties();
    approvers.setProperty("lakeops.approvers.alice.roles", "approver");
    return new ApprovalGate(
        new FileProposalStore(state.resolve("proposals")),
        new FileAuditLog(state.resolve("audit.jsonl"), Clock.systemUTC()),
        ApproverDirectory.fromProperties(approvers),
        new Actions(new DirectTargets(Duration.ofSeconds(5))),
        Clock.systemUTC());
  }

  /**
   * The proposal request a person (or the agent) makes from what the planner proposed: its exact
   * action and arguments.
   */
  private static ProposalRequest request(ProposedAction p) {
    assertThat(p.missing()).as("arguments the triage could not fill").isEmpty();
    return new ProposalRequest(
        ActionKind.byName(p.action()).orElseThrow(),
        p.args(),
        "oncall",
        ProposalRequest.DEFAULT_TTL,
        p.reason(),
        List.of(),
        null);
  }

  /** The report of {@code runbook} among those that ran for the alert. */
  private static TriageReport ranBy(TriageReport report, String runbook) {
    return java.util.stream.Stream.concat(
            java.util.stream.Stream.of(report), report.others().stream())
        .filter(r -> r.runbook().equals(runbook))
        .findFirst()
        .orElseThrow(() -> new AssertionError(runbook + " did not run: " + report.runbooksRun()));
  }

  private static ProposedAction proposal(TriageReport report, String action) {
    List<ProposedAction> found =
        report.verdict().proposals().stream().filter(p -> p.action().equals(action)).toList();
    assertThat(found).as("proposals %s", report.verdict().proposals()).hasSize(1);
    return found.get(0);
  }

  private static String location(Table t) {
    return t.paths().root().toString();
  }

  @Test
  void
      duplicatesAfterAStatelessRestartNameTheSnapshotsAndProposeATagAndARollbackBeforeTheNewWriter() {
    Table t = LakeTables.statelessRestart(warehouse, "payments");

    TriageReport report =
        triage("LakeTableDuplicateKeys", Map.of("table", "db.payments", "keys", "order_id"));

    assertThat(report.runbook()).isEqualTo("table-duplicates-after-failover");
    assertThat(report.verdict().category()).as(report.toMarkdown()).isEqualTo(Category.DUPLICATES);
    assertThat(report.verdict().entities())
        .containsEntry("table", "db.payments")
        .containsEntry("location", location(t))
        .containsEntry("firstSnapshot", "1")
        .containsEntry("snapshot", "6")
        .containsEntry("rollbackTo", "5")
        .containsEntry("latestSnapshot", "10")
        .containsEntry("commitUser", "job-b")
        .containsEntry("previousCommitUser", "job-a");
    assertThat(report.evidenceCodes())
        .contains("table.duplicates.visible", "table.commit.new-user");
    assertThat(report.verdict().headline())
        .contains("10 keys (order_id) appear more than once")
        .contains("job-b");
    assertThat(report.verdict().proposals())
        .extracting(ProposedAction::action)
        .containsExactly("table.create_tag", "table.rollback_to_as_latest");
    assertThat(proposal(report, "table.create_tag").args())
        .containsExactly(
            Map.entry("table", location(t)),
            Map.entry("tag", "before-rollback-10"),
            Map.entry("snapshot", "10"));
    assertThat(proposal(report, "table.rollback_to_as_latest").args())
        .containsExactly(Map.entry("table", location(t)), Map.entry("snapshot", "5"));
    assertThat(report.verdict().nextActions())
        .anySatisfy(a -> assertThat(a).contains("roll back as latest to snapshot 5"));
  }

  @Test
  void theProposedTagAndRollbackPassTheApprovalGateAndTheRollbackRemovesTheDuplicates() {
    Table t = LakeTables.statelessRestart(warehouse, "payments");
    Map<String, String> labels = Map.of("table", "db.payments", "keys", "order_id");
    TriageReport report = triage("LakeTableDuplicateKeys", labels);
    ApprovalGate gate = gate();

    Proposal tag = gate.propose(request(proposal(report, "table.create_tag")));
    Proposal rollback = gate.propose(request(proposal(report, "table.rollback_to_as_latest")));

    assertThat(tag.preview().summary()).contains("create tag before-rollback-10 on snapshot 10");
    assertThat(rollback.preview().summary())
        .contains("commit snapshot 11")
        .contains("(snapshot 5)");
    gate.approve(tag.id(), "alice", ApprovalSource.cli("test"));
    assertThat(gate.execute(tag.id(), "alice").state()).isEqualTo(ProposalState.DONE);
    // The undo tag adds a tag and the rollback removes none, so the rollback's assumed state
    // still holds: the triage's own proposal runs, nothing is proposed again.
    gate.approve(rollback.id(), "alice", ApprovalSource.cli("test"));
    ExecutionReport done = gate.execute(rollback.id(), "alice");

    assertThat(done.state()).isEqualTo(ProposalState.DONE);
    assertThat(done.verification().passed()).as(done.verification().checks().toString()).isTrue();
    TriageReport after =
        ranBy(triage("LakeTableDuplicateKeys", labels), "table-duplicates-after-failover");
    assertThat(after.verdict().category()).as(after.toMarkdown()).isEqualTo(Category.NO_FAULT);
    assertThat(after.evidenceCodes()).contains("table.duplicates.none");
    assertThat(t.latestSnapshot().orElseThrow().id()).isEqualTo(11);
  }

  @Test
  void aTableWrittenByOneWriterHasNoDuplicatesAndTheNeighbourFindsItsSmallFiles() {
    LakeTables.healthyPayments(warehouse, "payments");

    TriageReport report =
        triage("LakeTableDuplicateKeys", Map.of("table", "db.payments", "keys", "order_id"));
    TriageReport own = ranBy(report, "table-duplicates-after-failover");

    assertThat(own.verdict().category()).as(own.toMarkdown()).isEqualTo(Category.NO_FAULT);
    assertThat(own.evidenceCodes()).contains("table.duplicates.none", "table.commit.ok");
    assertThat(own.verdict().proposals()).isEmpty();
    assertThat(report.verdict().category()).as(report.toMarkdown()).isEqualTo(Category.SMALL_FILES);
    assertThat(report.verdict().headline())
        .startsWith(
            "The alert's claim (duplicates) was not confirmed: "
                + own.verdict().headline()
                + " What is wrong: ")
        .contains("5 small files");
  }

  @Test
  void aDuplicatesAlertOnACleanTableIsNoFaultNamingWhatWasChecked() {
    Table t = LakeTables.orders(warehouse, "events", Map.of());
    LakeTables.commit(t, "job", 1, LakeTables.orders("2024-01-01", 1, 10));
    LakeTables.commit(t, "job", 2, LakeTables.orders("2024-01-01", 11, 20));

    TriageReport report = triage("LakeTableDuplicateKeys", Map.of("table", "db.events"));

    assertThat(report.verdict().category()).as(report.toMarkdown()).isEqualTo(Category.NO_FAULT);
    assertThat(report.runbook()).isEqualTo("table-duplicates-after-failover");
    assertThat(report.verdict().headline())
        .startsWith("The alert's claim (duplicates) was not confirmed: ")
        .endsWith("No key (dt,id) appears twice in 20 rows of snapshot 2.");
    assertThat(report.runbooksRun())
        .containsExactly(
            "table-duplicates-after-failover",
            "table-small-files",
            "table-layout",
            "table-snapshot-rollback");
    assertThat(report.others())
        .allSatisfy(o -> assertThat(o.verdict().category()).isEqualTo(Category.NO_FAULT));
    assertThat(report.routing().notes())
        .contains(
            "no runbook for what the alert claims found a fault; also ran the runbooks of the same"
                + " hop for the same entity: table-small-files, table-layout,"
                + " table-snapshot-rollback");
  }

  @Test
  void replaysIntoAPrimaryKeyTableAreMergedOnReadSoNoReaderSeesDuplicates() {
    Table t = LakeTables.orders(warehouse, "orders", Map.of("write-only", "true"));
    LakeTables.commit(t, "job-a", 1, LakeTables.orders("2024-01-01", 1, 10));
    LakeTables.commit(t, "job-b", 1, LakeTables.orders("2024-01-01", 1, 10));

    TriageReport report = triage("LakeTableDuplicateKeys", Map.of("table", "db.orders"));

    assertThat(report.verdict().category()).as(report.toMarkdown()).isEqualTo(Category.NO_FAULT);
    assertThat(report.evidenceCodes())
        .contains("table.duplicates.unmerged", "table.commit.new-user");
    assertThat(report.verdict().headline()).contains("Readers see each key once");
    assertThat(report.verdict().proposals()).isEmpty();
  }

  @Test
  void anAppendTableWithoutKeyColumnsOrATableOutsideTheWarehouseIsAProbeFailureSayingWhy()
      throws Exception {
    LakeTables.statelessRestart(warehouse, "payments");
    Path outside = Files.createTempDirectory("lakeops-outside");

    TriageReport noKeys = triage("LakeTableDuplicateKeys", Map.of("table", "db.payments"));
    TriageReport elsewhere = triage("LakeTableDuplicateKeys", Map.of("table", outside.toString()));

    assertThat(noKeys.verdict().category()).isEqualTo(Category.PROBE_FAILED);
    assertThat(noKeys.verdict().headline()).contains("append table").contains("keys");
    assertThat(elsewhere.verdict().category()).isEqualTo(Category.PROBE_FAILED);
    assertThat(elsewhere.verdict().headline()).contains("outside the warehouse");
    assertThat(triage("LakeTableDuplicateKeys", Map.of("table", "db.nope")).verdict().category())
        .isEqualTo(Category.NOT_FOUND);
    Files.delete(outside);
  }

  @Test
  void manySmallLevelZeroFilesAreACompactionBacklogAndTheProposedCompactionClearsIt() {
    Table t =
        LakeTables.orders(
            warehouse,
            "events",
            Map.of(
                "write-only",
                "true",
                "num-sorted-run.compaction-trigger",
                "3",
                "num-sorted-run.stop-trigger",
                "6"));
    for (int i = 1; i <= 4; i++) {
      LakeTables.commit(t, "job", i, LakeTables.orders("2024-01-01", i, i));
    }
    LakeTables.commit(t, "job", 5, LakeTables.orders("2024-01-02", 1, 1));

    TriageReport report = triage("LakeTableCompactionBacklog", Map.of("table", "db.events"));

    assertThat(report.runbook()).isEqualTo("table-small-files");
    assertThat(report.verdict().category())
        .as(report.toMarkdown())
        .isEqualTo(Category.COMPACTION_BACKLOG);
    assertThat(report.verdict().entities())
        .containsEntry("table", "db.events")
        .containsEntry("partition", "dt=2024-01-01")
        .containsEntry("bucket", "0")
        .containsEntry("sortedRuns", "4")
        .containsEntry("snapshot", "5");
    assertThat(report.evidenceCodes())
        .contains("table.compaction.backlog")
        .doesNotContain("table.compaction.ok");
    assertThat(report.verdict().nextActions())
        .anySatisfy(a -> assertThat(a).contains("write-only"));
    ProposedAction compact = proposal(report, "table.compact");
    assertThat(compact.args())
        .containsExactly(Map.entry("table", location(t)), Map.entry("partition", "dt=2024-01-01"));

    ApprovalGate gate = gate();
    Proposal p = gate.propose(request(compact));
    assertThat(p.preview().items("buckets compacted")).containsExactly("dt=2024-01-01/bucket-0");
    gate.approve(p.id(), "alice", ApprovalSource.cli("test"));
    ExecutionReport done = gate.execute(p.id(), "alice");

    assertThat(done.verification().passed()).as(done.verification().checks().toString()).isTrue();
    TriageReport after = triage("LakeTableCompactionBacklog", Map.of("table", "db.events"));
    assertThat(after.verdict().category()).as(after.toMarkdown()).isEqualTo(Category.NO_FAULT);
  }

  @Test
  void aWriteOnlyBucketAtTheStopTriggerIsABacklogForItsCompactionJobNotAStall() {
    Table t =
        LakeTables.orders(
            warehouse,
            "events",
            Map.of(
                "num-sorted-run.compaction-trigger",
                "2",
                "num-sorted-run.stop-trigger",
                "3",
                "write-only",
                "true"));
    for (int i = 1; i <= 3; i++) {
      LakeTables.commit(t, "job", i, LakeTables.orders("2024-01-01", i, i));
    }
    Table healthy = LakeTables.healthyPayments(warehouse, "payments");

    TriageReport backlog = triage("LakeTableCompactionBacklog", Map.of("table", "db.events"));
    TriageReport appendFiles = triage("LakeTableCompactionBacklog", Map.of("table", "db.payments"));

    assertThat(backlog.verdict().category()).isEqualTo(Category.COMPACTION_BACKLOG);
    assertThat(backlog.evidenceCodes())
        .contains("table.compaction.backlog")
        .doesNotContain("table.compaction.stalled");
    assertThat(backlog.verdict().headline())
        .contains("write-only")
        .contains("do not stall")
        .contains("nothing is compacting it");
    assertThat(backlog.verdict().nextActions())
        .anySatisfy(a -> assertThat(a).contains("dedicated compaction job"));
    assertThat(proposal(backlog, "table.compact").args())
        .containsEntry("partition", "dt=2024-01-01");
    assertThat(appendFiles.verdict().category())
        .as(appendFiles.toMarkdown())
        .isEqualTo(Category.SMALL_FILES);
    assertThat(appendFiles.verdict().entities()).containsEntry("bucket", "bucket-0");
    assertThat(proposal(appendFiles, "table.compact").args())
        .containsExactly(Map.entry("table", location(healthy)), Map.entry("partition", ""));
    assertThat(appendFiles.verdict().nextActions())
        .anySatisfy(a -> assertThat(a).contains("append table"));
  }

  @Test
  void aTableBelowTheTriggersHasNoCompactionFault() {
    Table t = LakeTables.orders(warehouse, "events", Map.of());
    LakeTables.commit(t, "job", 1, LakeTables.orders("2024-01-01", 1, 10));
    LakeTables.commit(t, "job", 2, LakeTables.orders("2024-01-01", 11, 20));

    TriageReport report = triage("LakeTableCompactionBacklog", Map.of("table", "db.events"));

    assertThat(report.verdict().category()).as(report.toMarkdown()).isEqualTo(Category.NO_FAULT);
    assertThat(report.evidenceCodes()).contains("table.compaction.ok");
    assertThat(report.verdict().proposals()).isEmpty();
  }

  @Test
  void aBadWriteByARestartedWriterIsARollbackToTheSnapshotBeforeIt() {
    Table t = LakeTables.statelessRestart(warehouse, "payments");

    TriageReport report = triage("LakeTableBadWrite", Map.of("table", "db.payments"));

    assertThat(report.runbook()).isEqualTo("table-snapshot-rollback");
    assertThat(report.verdict().category())
        .as("a restarted writer's rows are duplicates; the rollback is the proposal")
        .isEqualTo(Category.DUPLICATES);
    assertThat(report.verdict().entities())
        .containsEntry("snapshot", "5")
        .containsEntry("firstBadSnapshot", "6")
        .containsEntry("latestSnapshot", "10")
        .containsEntry("commitUser", "job-b");
    assertThat(report.verdict().proposals())
        .extracting(ProposedAction::action)
        .containsExactly("table.create_tag", "table.rollback_to_as_latest");
    assertThat(proposal(report, "table.rollback_to_as_latest").args())
        .containsEntry("snapshot", "5")
        .containsEntry("table", location(t));
    assertThat(report.verdict().nextActions())
        .anySatisfy(a -> assertThat(a).contains("after 10").contains("stay"));
  }

  @Test
  void aSnapshotNamedByTheAlertIsADestructiveRollbackWhosePreviewListsWhatGoes() {
    LakeTables.statelessRestart(warehouse, "payments");

    TriageReport report =
        triage("LakeTableBadWrite", Map.of("table", "db.payments", "snapshot", "3"));

    assertThat(report.verdict().category()).isEqualTo(Category.DUPLICATES);
    assertThat(report.evidenceCodes()).startsWith("table.commit.new-user");
    assertThat(report.verdict().entities())
        .containsEntry("snapshot", "3")
        .containsEntry("latestSnapshot", "10");
    ProposedAction rollback = proposal(report, "table.rollback_to");
    assertThat(rollback.args()).containsEntry("snapshot", "3");
    Proposal p = gate().propose(request(rollback));
    assertThat(p.preview().summary()).contains("back from snapshot 10 to snapshot 3");
    assertThat(p.preview().figures()).containsEntry("snapshots removed", 7L);
  }

  @Test
  void aTableWithoutABadCommitNeedsNoRollback() {
    LakeTables.healthyPayments(warehouse, "payments");

    TriageReport report =
        ranBy(
            triage("LakeTableBadWrite", Map.of("table", "db.payments")), "table-snapshot-rollback");

    assertThat(report.verdict().category()).as(report.toMarkdown()).isEqualTo(Category.NO_FAULT);
    assertThat(report.verdict().entities()).containsEntry("latestSnapshot", "5");
    assertThat(report.verdict().proposals()).isEmpty();
  }

  @Test
  void aSnapshotNamedForATableWithACleanTimelineIsInconclusiveAndStillProposed() {
    LakeTables.healthyPayments(warehouse, "payments");

    TriageReport report =
        ranBy(
            triage("LakeTableBadWrite", Map.of("table", "db.payments", "snapshot", "3")),
            "table-snapshot-rollback");

    assertThat(report.verdict().category())
        .as(report.toMarkdown())
        .isEqualTo(Category.INCONCLUSIVE);
    assertThat(report.verdict().headline())
        .startsWith("The alert's claim of a bad write was not confirmed")
        .contains("names snapshot 3");
    assertThat(proposal(report, "table.rollback_to").args()).containsEntry("snapshot", "3");
  }
}
