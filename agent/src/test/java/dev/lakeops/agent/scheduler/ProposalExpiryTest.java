package dev.lakeops.agent.scheduler;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.agent.approval.JdbcAuditLog;
import dev.lakeops.agent.approval.JdbcProposalStore;
import dev.lakeops.agent.approval.ProposalService;
import dev.lakeops.agent.approval.Users;
import dev.lakeops.agent.config.LakeopsConfig;
import dev.lakeops.agent.im.MutableClock;
import dev.lakeops.agent.metrics.LakeopsMetrics;
import dev.lakeops.agent.store.TestDatabases;
import dev.lakeops.runbooks.action.ActionKind;
import dev.lakeops.runbooks.action.Actions;
import dev.lakeops.runbooks.action.DirectTargets;
import dev.lakeops.runbooks.approval.ApprovalGate;
import dev.lakeops.runbooks.approval.Proposal;
import dev.lakeops.runbooks.approval.ProposalState;
import dev.lakeops.runbooks.audit.AuditEvent;
import dev.lakeops.table.Table;
import dev.lakeops.table.catalog.Catalog;
import dev.lakeops.table.catalog.Identifier;
import dev.lakeops.table.catalog.TableDefinition;
import dev.lakeops.table.data.Row;
import dev.lakeops.table.types.AtomicType;
import dev.lakeops.table.types.TypeRoot;
import dev.lakeops.table.write.TableWrite;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.sql.DataSource;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The scheduled expiry over the database store: what is past its expiry is closed once, audited and
 * counted.
 */
class ProposalExpiryTest {

  @TempDir Path dir;
  MutableClock clock;
  SimpleMeterRegistry registry;
  ProposalService proposals;
  JdbcProposalStore store;
  Table table;

  @BeforeEach
  void setUp() {
    clock = new MutableClock(Instant.parse("2026-01-01T00:00:00Z"));
    DataSource db = TestDatabases.h2(dir.resolve("db"));
    store = new JdbcProposalStore(db);
    JdbcAuditLog audit = new JdbcAuditLog(db, clock);
    Users users = Users.from(Map.of("alice", profile()));
    ApprovalGate gate =
        new ApprovalGate(
            store,
            audit,
            users.directory(),
            new Actions(new DirectTargets(Duration.ofSeconds(5))),
            clock);
    registry = new SimpleMeterRegistry();
    proposals =
        new ProposalService(
            gate,
            store,
            audit,
            users,
            Duration.ofMinutes(30),
            new LakeopsMetrics(registry, new dev.lakeops.runbooks.tool.ToolRegistry()));
    table = orders(dir.resolve("wh"));
  }

  private Proposal tag(String name) {
    return proposals.propose(
        ActionKind.TABLE_CREATE_TAG,
        Map.of("table", table.paths().root().toString(), "tag", name),
        "oncall",
        "marker",
        List.of(),
        null);
  }

  @Test
  void closesProposalsPastTheirTtlAndLeavesTheOthers() {
    Proposal old = tag("old");
    clock.advance(Duration.ofMinutes(20));
    Proposal recent = tag("recent");
    clock.advance(Duration.ofMinutes(11));

    List<String> closed = new ProposalExpiry(proposals).expire();

    assertThat(closed).containsExactly(old.id());
    assertThat(store.find(old.id()).orElseThrow().state()).isEqualTo(ProposalState.REFUSED);
    assertThat(store.open()).extracting(Proposal::id).containsExactly(recent.id());
    assertThat(proposals.audit(Instant.EPOCH))
        .filteredOn(r -> r.entry().event() == AuditEvent.EXPIRED)
        .singleElement()
        .satisfies(
            r -> {
              assertThat(r.entry().proposalId()).isEqualTo(old.id());
              assertThat(r.entry().actor()).isEqualTo(ProposalService.SYSTEM_ACTOR);
            });
    assertThat(registry.get("lakeops.approvals").tag("decision", "expired").counter().count())
        .isEqualTo(1.0);
    assertThat(new ProposalExpiry(proposals).expire()).isEmpty();
  }

  @Test
  void withNothingDueItClosesNothing() {
    tag("fresh");

    assertThat(new ProposalExpiry(proposals).expire()).isEmpty();
    assertThat(store.open()).hasSize(1);
  }

  private static LakeopsConfig.ApproverProfile profile() {
    return new LakeopsConfig.ApproverProfile() {
      @Override
      public List<String> roles() {
        return List.of("approver");
      }

      @Override
      public Optional<List<String>> imIds() {
        return Optional.empty();
      }

      @Override
      public Optional<String> token() {
        return Optional.empty();
      }
    };
  }

  private static Table orders(Path warehouse) {
    Catalog catalog = Catalog.local(warehouse);
    catalog.createDatabaseIfNotExists("db");
    Table t =
        catalog.createTable(
            Identifier.of("db", "orders"),
            TableDefinition.builder()
                .column("id", AtomicType.of(TypeRoot.INT))
                .column("name", AtomicType.string())
                .primaryKey("id")
                .option("bucket", "1")
                .option("file.format", "avro")
                .build());
    try (TableWrite write = t.newWrite("writer")) {
      write.write(Row.of(1, "a"));
      t.newCommit().commit(write.prepareCommit(1));
    }
    return t;
  }
}
