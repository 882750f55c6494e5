package dev.lakeops.runbooks.tool;

import static java.util.Objects.requireNonNull;

import dev.lakeops.runbooks.audit.AuditEntry;
import dev.lakeops.runbooks.audit.AuditEvent;
import dev.lakeops.runbooks.audit.AuditLog;
import dev.lakeops.runbooks.audit.AuditRecord;
import dev.lakeops.runbooks.audit.CorruptAuditLogException;
import dev.lakeops.tools.ProbeException;
import dev.lakeops.tools.change.Change;
import dev.lakeops.tools.change.ChangeCodes;
import dev.lakeops.tools.change.ChangeFeed;
import dev.lakeops.tools.change.ChangeTargets;
import dev.lakeops.tools.change.ChangeWindow;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The actions lakeops ran itself, from the audit log, as changes ({@value
 * ChangeCodes#LAKEOPS_ACTION}): every executed or failed action in the window whose record names a
 * target of the call (its summary, before/after state or details mention the job, a job id the
 * Flink hop saw, the table, its name, the topic or the group). A rollback, compaction or offset
 * reset that lakeops ran is thus part of "what changed" next to what the probes saw.
 */
public final class AuditChangeFeed implements ChangeFeed {

  private static final Set<AuditEvent> CHANGES = Set.of(AuditEvent.EXECUTED, AuditEvent.FAILED);

  private final AuditLog log;

  public AuditChangeFeed(AuditLog log) {
    this.log = requireNonNull(log, "log");
  }

  @Override
  public String name() {
    return "lakeops audit log";
  }

  /**
   * @throws ProbeException BAD_RESPONSE a record does not parse (the line is named)
   */
  @Override
  public List<Change> changes(ChangeTargets targets, ChangeWindow window) {
    List<AuditRecord> records;
    try {
      records = log.read(window.since());
    } catch (CorruptAuditLogException e) {
      throw new ProbeException(ProbeException.Code.BAD_RESPONSE, "audit log", e.getMessage(), e);
    }
    Set<String> mentions = targets.mentions();
    List<Change> changes = new ArrayList<>();
    for (AuditRecord r : records) {
      AuditEntry e = r.entry();
      if (!CHANGES.contains(e.event())
          || r.at().isAfter(window.until())
          || !mentions(e, mentions)) {
        continue;
      }
      String action = e.action() == null ? "an action" : e.action();
      boolean failed = e.event() == AuditEvent.FAILED;
      Change.Builder c =
          Change.of(ChangeCodes.LAKEOPS_ACTION, "lakeops", "lakeops action " + action, r.at())
              .phrase(failed ? "action " + action + " failed" : "ran " + action)
              .summary(
                  "lakeops "
                      + (failed ? "failed to run " : "ran ")
                      + action
                      + (e.proposalId() == null ? "" : " (proposal " + e.proposalId() + ")")
                      + " for "
                      + e.actor()
                      + ": "
                      + e.summary())
              .before(text(e.before()))
              .after(text(e.after()))
              .detail("action", action)
              .detail("event", e.event())
              .detail("actor", e.actor())
              .detail("proposal", e.proposalId())
              .detail("auditSeq", r.seq())
              .source("audit log record " + r.seq());
      e.details().forEach((k, v) -> c.detail("detail[" + k + "]", v));
      changes.add(c.build());
    }
    return changes;
  }

  private static boolean mentions(AuditEntry e, Set<String> names) {
    List<String> texts =
        Stream.of(
                Stream.of(e.summary()),
                e.before().values().stream(),
                e.after().values().stream(),
                e.details().values().stream())
            .flatMap(s -> s)
            .toList();
    return names.stream().anyMatch(n -> texts.stream().anyMatch(t -> t.contains(n)));
  }

  private static String text(Map<String, String> state) {
    return state.isEmpty()
        ? null
        : state.entrySet().stream()
            .map(x -> x.getKey() + "=" + x.getValue())
            .collect(Collectors.joining(", "));
  }
}
