package dev.lakeops.runbooks.table;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakeops.runbooks.AlertSignal;
import dev.lakeops.runbooks.Category;
import dev.lakeops.runbooks.ProposedAction;
import dev.lakeops.runbooks.TriageReport;
import dev.lakeops.runbooks.action.ActionKind;
import dev.lakeops.runbooks.action.Actions;
import dev.lakeops.runbooks.action.DirectTargets;
import dev.lakeops.runbooks.approval.ApprovalGate;
import dev.lakeops.runbooks.approval.ApprovalRefusedException;
import dev.lakeops.runbooks.approval.ApprovalSource;
import dev.lakeops.runbooks.approval.ApproverDirectory;
import dev.lakeops.runbooks.approval.ExecutionReport;
import dev.lakeops.runbooks.approval.FileProposalStore;
import dev.lakeops.runbooks.approval.Proposal;
import dev.lakeops.runbooks.approval.ProposalRequest;
import dev.lakeops.runbooks.approval.ProposalState;
import dev.lakeops.runbooks.audit.AuditEvent;
import dev.lakeops.runbooks.audit.AuditRecord;
import dev.lakeops.runbooks.audit.FileAuditLog;
import dev.lakeops.runbooks.plan.DeterministicPlanner;
import dev.lakeops.runbooks.tool.TableBindings;
import dev.lakeops.runbooks.tool.ToolRegistry;
import dev.lakeops.table.Table;
import dev.lakeops.table.catalog.Catalog;
import dev.lakeops.table.catalog.Identifier;
import dev.lakeops.table.catalog.TableDefinition;
import dev.lakeops.table.meta.ManifestEntry;
import dev.lakeops.table.types.AtomicType;
import dev.lakeops.table.types.TypeRoot;
import dev.lakeops.tools.table.TableLocator;
import dev.lakeops.tools.table.TableTools;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The approved {@code table.compact} on each table kind the engine compacts (append tables, tables
 * whose readers skip level 0), with the compaction's progress in the execution record, and refused
 * on the kinds it does not, naming the table and why, with nothing committed.
 */
class CompactActionTest {

  @TempDir Path warehouse;
  @TempDir Path state;

  private TriageReport triage(String table) {
    TableLocator locator = TableLocator.local(warehouse);
    DeterministicPlanner planner =
        DeterministicPlanner.shipped(
            new ToolRegistry()
                .registerAll(TableBindings.inWarehouse(new TableTools(locator), locator)),
            Clock.systemUTC());
    Map<String, String> labels = new LinkedHashMap<>();
    labels.put("alertname", "LakeTableCompactionBacklog");
    labels.put("table", table);
    return planner.triage(new AlertSignal(labels, Map.of("summary", "lake table alert")));
  }

  private FileAuditLog audit() {
    return new FileAuditLog(state.resolve("audit.jsonl"), Clock.systemUTC());
  }

  private ApprovalGate gate() {
    Properties approvers = new Properties();
    approvers.setProperty("lakeops.approvers.alice.roles", "approver");
    return new ApprovalGate(
        new FileProposalStore(state.resolve("proposals")),
        audit(),
        ApproverDirectory.fromProperties(approvers),
        new Actions(new DirectTargets(Duration.ofSeconds(5))),
        Clock.systemUTC());
  }

  private static ProposalRequest compact(Map<String, String> args) {
    return new ProposalRequest(
        ActionKind.TABLE_COMPACT,
        args,
        "oncall",
        ProposalRequest.DEFAULT_TTL,
        "small files",
        List.of(),
        null);
  }

  private ExecutionReport approveAndRun(Proposal p) {
    ApprovalGate gate = gate();
    gate.approve(p.id(), "alice", ApprovalSource.cli("test"));
    return gate.execute(p.id(), "alice");
  }

  private Table appendTable(String name, Map<String, String> options) {
    Catalog catalog = Catalog.local(warehouse);
    catalog.createDatabaseIfNotExists("db");
    TableDefinition.Builder b =
        TableDefinition.builder()
            .column("order_id", AtomicType.of(TypeRoot.BIGINT))
            .column("amount", AtomicType.of(TypeRoot.INT))
            .option("file.format", "avro");
    options.forEach(b::option);
    return catalog.createTable(Identifier.of("db", name), b.build());
  }

  private static List<Long> readOrderIds(Table t) {
    return t.newRead().readAll(t.newScan().plan()).stream().map(r -> (Long) r.get(0)).toList();
  }

  @Test
  void theSmallFilesOfAnAppendTableAreProposedCompactedInOrderWithTheProgressInTheAuditRecord() {
    Table t = appendTable("payments", Map.of());
    for (int checkpoint = 1; checkpoint <= 6; checkpoint++) {
      LakeTables.commit(
          t, "job-a", checkpoint, LakeTables.payments(2 * checkpoint - 1, 2 * checkpoint));
    }
    List<Long> before = readOrderIds(t);

    TriageReport report = triage("db.payments");
    assertThat(report.verdict().category()).as(report.toMarkdown()).isEqualTo(Category.SMALL_FILES);
    List<ProposedAction> proposals = report.verdict().proposals();
    assertThat(proposals).extracting(ProposedAction::action).containsExactly("table.compact");
    assertThat(report.verdict().nextActions())
        .anySatisfy(a -> assertThat(a).contains("append table").contains("merged in order"))
        .noneSatisfy(a -> assertThat(a).contains("does not compact"));

    Proposal p = gate().propose(compact(proposals.get(0).args()));
    assertThat(p.preview().summary()).contains("append table payments").contains("6 files");
    assertThat(p.preview().items("buckets compacted")).containsExactly("bucket-0");
    ExecutionReport done = approveAndRun(p);

    assertThat(done.state()).as(String.valueOf(done.error())).isEqualTo(ProposalState.DONE);
    assertThat(done.verification().passed()).as(done.verification().checks().toString()).isTrue();
    assertThat(done.outcome().figures())
        .containsEntry("progress files done", 6L)
        .containsEntry("progress files planned", 6L)
        .containsEntry("progress buckets done", 1L)
        .containsEntry("live files before", 6L)
        .containsEntry("live files after", 1L)
        .doesNotContainKey("level-0 files after");
    long bytesPlanned = done.outcome().figures().get("progress bytes planned");
    assertThat(bytesPlanned).isPositive();
    assertThat(done.outcome().figures()).containsEntry("progress bytes done", bytesPlanned);
    assertThat(done.outcome().summary()).contains("live files 6 -> 1").contains("6 of 6 files");
    assertThat(readOrderIds(t.refresh()))
        .as("rows in the order readers saw them")
        .isEqualTo(before);
    AuditRecord executed =
        audit().read(Instant.EPOCH).stream()
            .filter(r -> r.entry().event() == AuditEvent.EXECUTED)
            .findFirst()
            .orElseThrow();
    assertThat(executed.entry().details())
        .containsEntry("progress files done", "6")
        .containsEntry("progress bytes done", Long.toString(bytesPlanned))
        .containsEntry("live files after", "1");
    assertThat(triage("db.payments").verdict().category()).isEqualTo(Category.NO_FAULT);
  }

  @Test
  void anAppendTableWithDeletionVectorsIsRefusedNamingTheTableAndTheOptionAndNothingIsCommitted() {
    Table t = appendTable("events", Map.of("deletion-vectors.enabled", "true"));
    for (int checkpoint = 1; checkpoint <= 6; checkpoint++) {
      LakeTables.commit(t, "job-a", checkpoint, LakeTables.payments(checkpoint, checkpoint));
    }

    assertThatThrownBy(() -> gate().propose(compact(Map.of("table", t.paths().root().toString()))))
        .isInstanceOf(ApprovalRefusedException.class)
        .hasMessageContaining("Cannot compact table events (" + t.paths().root())
        .hasMessageContaining("append table")
        .hasMessageContaining("deletion-vectors.enabled");
    assertThat(t.refresh().latestSnapshot().orElseThrow().id()).isEqualTo(6);
  }

  @Test
  void aTableKindTheEngineDoesNotWriteIsRefusedWithTheEnginesReason() {
    Table t =
        LakeTables.orders(warehouse, "postponed", Map.of("bucket", "-2", "file.format", "avro"));

    assertThatThrownBy(() -> gate().propose(compact(Map.of("table", t.paths().root().toString()))))
        .isInstanceOf(ApprovalRefusedException.class)
        .hasMessageContaining("Cannot compact table postponed (" + t.paths().root())
        .hasMessageContaining("bucket=-2");
    assertThat(t.refresh().latestSnapshot()).isEmpty();
  }

  @Test
  void onADeletionVectorTableTheCompactionMakesLevelZeroRowsVisibleAndVerifyChecksThat() {
    Table t =
        LakeTables.orders(
            warehouse, "orders", Map.of("deletion-vectors.enabled", "true", "write-only", "true"));
    LakeTables.commit(t, "job", 1, LakeTables.orders("2024-01-01", 1, 5));
    LakeTables.commit(t, "job", 2, LakeTables.orders("2024-01-01", 4, 8));
    long level0 =
        t.snapshotFiles().liveFiles(t.latestSnapshot().orElseThrow()).files().stream()
            .filter(e -> e.level() == 0)
            .count();
    assertThat(level0).as("write-only: nothing compacted yet").isEqualTo(2);
    assertThat(readOrderIds(t)).as("readers skip level 0").isEmpty();

    Proposal p =
        gate()
            .propose(
                compact(
                    Map.of("table", t.paths().root().toString(), "partition", "dt=2024-01-01")));
    assertThat(p.preview().figures()).containsEntry("input files", 2L);
    ExecutionReport done = approveAndRun(p);

    assertThat(done.state()).as(String.valueOf(done.error())).isEqualTo(ProposalState.DONE);
    assertThat(done.verification().passed()).as(done.verification().checks().toString()).isTrue();
    assertThat(done.verification().checks())
        .anySatisfy(c -> assertThat(c).contains("no level-0 file is left"));
    assertThat(done.outcome().figures())
        .containsEntry("level-0 files after", 0L)
        .containsEntry("rows before", 0L);
    Table after = t.refresh();
    assertThat(after.newRead().readAll(after.newScan().plan())).hasSize(8);
    assertThat(
            after.snapshotFiles().liveFiles(after.latestSnapshot().orElseThrow()).files().stream()
                .mapToInt(ManifestEntry::level)
                .min()
                .orElseThrow())
        .isPositive();
  }
}
