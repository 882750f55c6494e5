package dev.lakeops.runbooks.approval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakeops.runbooks.action.ActionKind;
import dev.lakeops.runbooks.action.TestTables;
import dev.lakeops.runbooks.audit.AuditEvent;
import dev.lakeops.table.Table;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Open proposals past their expiry are closed and audited; nothing else is touched. */
class ProposalExpiryTest {

  @TempDir Path dir;
  GateFixture f;
  Table table;

  @BeforeEach
  void setUp() {
    f = new GateFixture(dir.resolve("state"));
    table = TestTables.orders(dir.resolve("wh"), 3);
  }

  private Proposal tag(String name, Duration ttl) {
    return f.gate.propose(
        new ProposalRequest(
            ActionKind.TABLE_CREATE_TAG,
            Map.of("table", table.paths().root().toString(), "tag", name),
            "agent",
            ttl,
            "",
            List.of(),
            null));
  }

  @Test
  void closesOpenProposalsPastTheirExpiryAndAuditsEach() {
    Proposal waiting = tag("waiting", Duration.ofMinutes(10));
    Proposal approvedButNotRun = tag("approved", Duration.ofMinutes(10));
    f.gate.approve(approvedButNotRun.id(), "alice", ApprovalSource.cli("test"));
    Proposal fresh = tag("fresh", Duration.ofHours(2));
    f.clock.advance(Duration.ofMinutes(11));

    List<String> closed = f.gate.expireDue("lakeops");

    assertThat(closed).containsExactlyInAnyOrder(waiting.id(), approvedButNotRun.id());
    assertThat(f.store.find(waiting.id()).orElseThrow().state()).isEqualTo(ProposalState.REFUSED);
    assertThat(f.store.find(approvedButNotRun.id()).orElseThrow().state())
        .isEqualTo(ProposalState.REFUSED);
    assertThat(f.store.find(fresh.id()).orElseThrow().state()).isEqualTo(ProposalState.PROPOSED);
    assertThat(f.records(AuditEvent.EXPIRED))
        .extracting(r -> r.entry().proposalId())
        .containsExactlyInAnyOrder(waiting.id(), approvedButNotRun.id());
    assertThat(f.records(AuditEvent.EXPIRED))
        .allSatisfy(r -> assertThat(r.entry().actor()).isEqualTo("lakeops"));
    assertThat(f.audit.verifyChain().intact()).isTrue();
  }

  @Test
  void anExpiredProposalCanNoLongerBeApprovedOrRun() {
    Proposal p = tag("late", Duration.ofMinutes(10));
    f.clock.advance(Duration.ofMinutes(10));
    f.gate.expireDue("lakeops");

    assertThatThrownBy(() -> f.gate.approve(p.id(), "alice", ApprovalSource.cli("test")))
        .isInstanceOf(ApprovalRefusedException.class)
        .hasMessageContaining("REFUSED");
    assertThatThrownBy(() -> f.gate.execute(p.id(), "alice"))
        .isInstanceOf(ApprovalRefusedException.class);
    assertThat(new dev.lakeops.table.system.TableMetadata(table.refresh()).tags())
        .doesNotContainKey("late");
  }

  @Test
  void closesNothingBeforeTheExpiryAndNothingTwice() {
    Proposal p = tag("soon", Duration.ofMinutes(10));
    f.clock.advance(Duration.ofMinutes(9));
    assertThat(f.gate.expireDue("lakeops")).isEmpty();

    f.clock.advance(Duration.ofMinutes(2));
    assertThat(f.gate.expireDue("lakeops")).containsExactly(p.id());
    assertThat(f.gate.expireDue("lakeops")).isEmpty();
    assertThat(f.records(AuditEvent.EXPIRED)).hasSize(1);
  }

  @Test
  void finishedProposalsAreNotTouched() {
    Proposal done = tag("done", Duration.ofMinutes(10));
    f.gate.approve(done.id(), "alice", ApprovalSource.cli("test"));
    assertThat(f.gate.execute(done.id(), "alice").state()).isEqualTo(ProposalState.DONE);
    Proposal rejected = tag("rejected", Duration.ofMinutes(10));
    f.gate.reject(rejected.id(), "bob", ApprovalSource.cli("test"));
    f.clock.advance(Duration.ofHours(1));

    assertThat(f.gate.expireDue("lakeops")).isEmpty();
    assertThat(f.store.find(done.id()).orElseThrow().state()).isEqualTo(ProposalState.DONE);
    assertThat(f.store.find(rejected.id()).orElseThrow().state()).isEqualTo(ProposalState.REJECTED);
  }
}
