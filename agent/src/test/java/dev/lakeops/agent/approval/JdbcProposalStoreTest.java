package dev.lakeops.agent.approval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakeops.agent.store.TestDatabases;
import dev.lakeops.runbooks.action.ActionKind;
import dev.lakeops.runbooks.action.Actions;
import dev.lakeops.runbooks.action.DirectTargets;
import dev.lakeops.runbooks.action.Fingerprint;
import dev.lakeops.runbooks.action.Preview;
import dev.lakeops.runbooks.approval.ApprovalGate;
import dev.lakeops.runbooks.approval.ApproverDirectory;
import dev.lakeops.runbooks.approval.DuplicateProposalException;
import dev.lakeops.runbooks.approval.Proposal;
import dev.lakeops.runbooks.approval.ProposalRequest;
import dev.lakeops.runbooks.approval.ProposalState;
import dev.lakeops.table.Table;
import dev.lakeops.table.catalog.Catalog;
import dev.lakeops.table.catalog.Identifier;
import dev.lakeops.table.catalog.TableDefinition;
import dev.lakeops.table.data.Row;
import dev.lakeops.table.types.AtomicType;
import dev.lakeops.table.types.TypeRoot;
import dev.lakeops.table.write.TableWrite;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** One open proposal per binding in the database, however many instances share it. */
class JdbcProposalStoreTest {

  private static final Instant NOW = Instant.parse("2026-05-01T12:00:00Z");

  @TempDir Path dir;

  private static Proposal proposal(String id, String tag) {
    return new Proposal(
        id,
        ActionKind.TABLE_CREATE_TAG,
        new TreeMap<>(Map.of("table", "/lake/db/orders", "tag", tag)),
        Fingerprint.of(Map.of("latest snapshot", "3")),
        new Preview("tag snapshot 3", Map.of(), Map.of()),
        "lakeops",
        NOW,
        NOW.plus(Duration.ofHours(1)),
        "",
        List.of(),
        null,
        ProposalState.PROPOSED,
        List.of());
  }

  @Test
  void theDatabaseRefusesASecondOpenProposalOfTheSameBindingNamingTheFirst() {
    JdbcProposalStore one = new JdbcProposalStore(TestDatabases.h2(dir));
    JdbcProposalStore two = new JdbcProposalStore(TestDatabases.h2Instance(dir));
    one.create(proposal("p1-0000000001", "before-fix"));

    assertThatThrownBy(() -> two.create(proposal("p1-0000000002", "before-fix")))
        .isInstanceOfSatisfying(
            DuplicateProposalException.class,
            e -> assertThat(e.existingId()).isEqualTo("p1-0000000001"));
    two.create(proposal("p1-0000000003", "other-tag"));
    assertThat(one.list())
        .extracting(Proposal::id)
        .containsExactly("p1-0000000001", "p1-0000000003");
  }

  @Test
  void aClosedProposalFreesItsBindingAndAnApprovedOneKeepsIt() {
    JdbcProposalStore store = new JdbcProposalStore(TestDatabases.h2(dir));
    store.create(proposal("p1-0000000001", "before-fix"));
    assertThat(store.transition("p1-0000000001", ProposalState.PROPOSED, ProposalState.APPROVED))
        .isTrue();

    assertThatThrownBy(() -> store.create(proposal("p1-0000000002", "before-fix")))
        .isInstanceOf(DuplicateProposalException.class);

    assertThat(store.transition("p1-0000000001", ProposalState.APPROVED, ProposalState.REJECTED))
        .isTrue();
    store.create(proposal("p1-0000000002", "before-fix"));
    assertThat(store.find("p1-0000000002").orElseThrow().state()).isEqualTo(ProposalState.PROPOSED);
    assertThatThrownBy(() -> store.create(proposal("p1-0000000002", "again")))
        .isInstanceOf(IllegalStateException.class)
        .isNotInstanceOf(DuplicateProposalException.class)
        .hasMessageContaining("p1-0000000002");
  }

  @Test
  void ofTwoInstancesProposingTheSameActionAtOnceExactlyOneStoresIt() throws Exception {
    Table table = table(dir.resolve("wh"));
    List<ApprovalGate> gates =
        List.of(
            gate(TestDatabases.h2(dir.resolve("db"))),
            gate(TestDatabases.h2Instance(dir.resolve("db"))));
    for (int round = 0; round < 5; round++) {
      String tag = "race-" + round;
      ExecutorService pool = Executors.newFixedThreadPool(2);
      CountDownLatch start = new CountDownLatch(1);
      try {
        List<Future<Proposal>> results = new ArrayList<>();
        for (ApprovalGate gate : gates) {
          results.add(
              pool.submit(
                  () -> {
                    start.await();
                    return gate.propose(
                        ProposalRequest.of(
                            ActionKind.TABLE_CREATE_TAG,
                            Map.of("table", table.paths().root().toString(), "tag", tag),
                            "lakeops"));
                  }));
        }
        start.countDown();
        List<String> created = new ArrayList<>();
        List<String> pointers = new ArrayList<>();
        for (Future<Proposal> r : results) {
          try {
            created.add(r.get().id());
          } catch (ExecutionException e) {
            assertThat(e.getCause()).isInstanceOf(DuplicateProposalException.class);
            pointers.add(((DuplicateProposalException) e.getCause()).existingId());
          }
        }
        assertThat(created).hasSize(1);
        assertThat(pointers).containsExactlyElementsOf(created);
      } finally {
        pool.shutdownNow();
      }
    }
  }

  private static ApprovalGate gate(DataSource db) {
    Properties props = new Properties();
    props.setProperty("lakeops.approvers.alice.roles", "approver");
    return new ApprovalGate(
        new JdbcProposalStore(db),
        new JdbcAuditLog(db, Clock.systemUTC()),
        ApproverDirectory.fromProperties(props),
        new Actions(new DirectTargets(Duration.ofSeconds(5))),
        Clock.systemUTC());
  }

  private static Table table(Path warehouse) {
    Catalog catalog = Catalog.local(warehouse);
    catalog.createDatabaseIfNotExists("db");
    Table t =
        catalog.createTable(
            Identifier.of("db", "orders"),
            TableDefinition.builder()
                .column("id", AtomicType.of(TypeRoot.INT))
                .primaryKey("id")
                .option("bucket", "1")
                .option("file.format", "avro")
                .build());
    try (TableWrite write = t.newWrite("flink-job")) {
      write.write(Row.of(1));
      t.newCommit().commit(write.prepareCommit(1));
    }
    return t;
  }
}
