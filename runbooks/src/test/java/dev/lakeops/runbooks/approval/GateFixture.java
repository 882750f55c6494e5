package dev.lakeops.runbooks.approval;

import dev.lakeops.runbooks.action.Actions;
import dev.lakeops.runbooks.action.DirectTargets;
import dev.lakeops.runbooks.audit.AuditEvent;
import dev.lakeops.runbooks.audit.AuditRecord;
import dev.lakeops.runbooks.audit.FileAuditLog;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Properties;

/**
 * A gate over a file store and audit log in {@code dir}, with approvers alice, bob, carol and
 * viewer vic.
 */
final class GateFixture {

  final MutableClock clock = new MutableClock(Instant.now());
  final FileProposalStore store;
  final FileAuditLog audit;
  final ApproverDirectory directory;
  final ApprovalGate gate;

  GateFixture(Path dir) {
    store = new FileProposalStore(dir.resolve("proposals"));
    audit = new FileAuditLog(dir.resolve("audit.jsonl"), clock);
    Properties props = new Properties();
    props.setProperty("lakeops.approvers.alice.roles", "approver");
    props.setProperty("lakeops.approvers.bob.roles", "approver");
    props.setProperty("lakeops.approvers.carol.roles", "approver,viewer");
    props.setProperty("lakeops.approvers.vic.roles", "viewer");
    directory = ApproverDirectory.fromProperties(props);
    gate =
        new ApprovalGate(
            store, audit, directory, new Actions(new DirectTargets(Duration.ofSeconds(5))), clock);
  }

  List<AuditRecord> refusals() {
    return audit.read(Instant.EPOCH).stream()
        .filter(r -> r.entry().event() == AuditEvent.REFUSED)
        .toList();
  }

  List<AuditRecord> records(AuditEvent event) {
    return audit.read(Instant.EPOCH).stream().filter(r -> r.entry().event() == event).toList();
  }
}
