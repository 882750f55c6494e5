package dev.lakeops.runbooks.approval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakeops.runbooks.action.ActionKind;
import dev.lakeops.runbooks.action.TestTables;
import dev.lakeops.runbooks.audit.AuditEvent;
import dev.lakeops.table.Table;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** An identical open proposal refuses a second one, with a pointer to the first. */
class DuplicateProposalTest {

  @TempDir Path dir;
  GateFixture f;
  Table table;

  @BeforeEach
  void setUp() {
    f = new GateFixture(dir.resolve("state"));
    table = TestTables.orders(dir.resolve("wh"), 3);
  }

  private ProposalRequest tag(String name, String requester, Duration ttl) {
    return new ProposalRequest(
        ActionKind.TABLE_CREATE_TAG,
        Map.of("table", table.paths().root().toString(), "tag", name),
        requester,
        ttl,
        "",
        List.of(),
        null);
  }

  @Test
  void refusesTheSameActionAndArgumentsWhileTheFirstIsOpenNamingIt() {
    Proposal first = f.gate.propose(tag("before-fix", "lakeops", Duration.ofHours(1)));

    assertThatThrownBy(() -> f.gate.propose(tag("before-fix", "alice", Duration.ofHours(1))))
        .isInstanceOfSatisfying(
            DuplicateProposalException.class, e -> assertThat(e.existingId()).isEqualTo(first.id()))
        .hasMessageContaining(first.id())
        .hasMessageContaining("still open");
    assertThat(f.store.list()).extracting(Proposal::id).containsExactly(first.id());
    assertThat(f.refusals())
        .singleElement()
        .satisfies(r -> assertThat(r.entry().details()).containsEntry("existing", first.id()));
  }

  @Test
  void acceptsOtherArgumentsAndTheSameActionOnceTheFirstIsClosed() {
    Proposal first = f.gate.propose(tag("before-fix", "lakeops", Duration.ofHours(1)));
    Proposal other = f.gate.propose(tag("other-tag", "lakeops", Duration.ofHours(1)));
    f.gate.reject(first.id(), "alice", ApprovalSource.cli("test"));

    Proposal again = f.gate.propose(tag("before-fix", "bob", Duration.ofHours(1)));

    assertThat(again.id()).isNotIn(first.id(), other.id());
    assertThat(again.state()).isEqualTo(ProposalState.PROPOSED);
  }

  @Test
  void anApprovedButNotRunProposalStillCountsAsOpen() {
    Proposal first = f.gate.propose(tag("before-fix", "lakeops", Duration.ofHours(1)));
    // A destructive one would wait for a second approver; a tag needs one and runs at execute.
    f.gate.approve(first.id(), "alice", ApprovalSource.cli("test"));

    assertThatThrownBy(() -> f.gate.propose(tag("before-fix", "bob", Duration.ofHours(1))))
        .isInstanceOf(DuplicateProposalException.class)
        .hasMessageContaining(first.id())
        .hasMessageContaining("APPROVED");

    f.gate.execute(first.id(), "alice");
    // Done: the tag exists now, so the state (fingerprint) differs and a new one is no duplicate
    // of the old; the gate itself decides whether the action still applies.
    assertThat(f.store.find(first.id()).orElseThrow().state()).isEqualTo(ProposalState.DONE);
  }

  @Test
  void anExpiredOpenProposalIsClosedAndDoesNotBlockANewOne() {
    Proposal first = f.gate.propose(tag("before-fix", "lakeops", Duration.ofMinutes(10)));
    f.clock.advance(Duration.ofMinutes(11));

    Proposal again = f.gate.propose(tag("before-fix", "bob", Duration.ofHours(1)));

    assertThat(again.id()).isNotEqualTo(first.id());
    assertThat(f.store.find(first.id()).orElseThrow().state()).isEqualTo(ProposalState.REFUSED);
    assertThat(f.records(AuditEvent.EXPIRED))
        .extracting(r -> r.entry().proposalId())
        .containsExactly(first.id());
  }

  @Test
  void ofTwoGatesOnOneStoreProposingAtOnceExactlyOneSucceeds() throws Exception {
    GateFixture second = new GateFixture(dir.resolve("state"));
    ExecutorService pool = Executors.newFixedThreadPool(2);
    CountDownLatch start = new CountDownLatch(1);
    try {
      List<Future<Proposal>> results = new ArrayList<>();
      for (ApprovalGate gate : List.of(f.gate, second.gate)) {
        Callable<Proposal> propose =
            () -> {
              start.await();
              return gate.propose(tag("race", "lakeops", Duration.ofHours(1)));
            };
        results.add(pool.submit(propose));
      }
      start.countDown();
      int created = 0;
      int refused = 0;
      for (Future<Proposal> r : results) {
        try {
          r.get();
          created++;
        } catch (java.util.concurrent.ExecutionException e) {
          assertThat(e.getCause()).isInstanceOf(DuplicateProposalException.class);
          refused++;
        }
      }
      assertThat(created).isEqualTo(1);
      assertThat(refused).isEqualTo(1);
      assertThat(f.store.list()).hasSize(1);
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void anUndoTagApprovedFirstLeavesTheRollbackProposedWithItRunnable() {
    String root = table.paths().root().toString();
    Proposal tag = f.gate.propose(tag("before-rollback", "lakeops", Duration.ofHours(1)));
    Proposal rollback =
        f.gate.propose(
            ProposalRequest.of(
                ActionKind.TABLE_ROLLBACK_TO_AS_LATEST,
                Map.of("table", root, "snapshot", "1"),
                "lakeops"));
    f.gate.approve(tag.id(), "alice", ApprovalSource.cli("test"));
    f.gate.execute(tag.id(), "alice");
    f.gate.approve(rollback.id(), "alice", ApprovalSource.cli("test"));

    assertThat(f.gate.execute(rollback.id(), "alice").state()).isEqualTo(ProposalState.DONE);
  }
}
