package dev.lakeops.tools.binlog.plan;

import java.util.Map;

/** The human form of a {@link RecoveryPlan}. */
public final class RecoveryPlanText {

  private RecoveryPlanText() {}

  /** A few lines per option, then the backfill queries; for a terminal or a chat message. */
  public static String render(RecoveryPlan plan) {
    StringBuilder s = new StringBuilder();
    s.append("Recovery plan for ")
        .append(String.join(", ", plan.files()))
        .append(": ")
        .append(plan.status())
        .append('\n');
    RecoveryPlan.Gap g = plan.gap();
    if (g != null) {
      s.append("  damage: ")
          .append(g.file())
          .append(" offset ")
          .append(g.offset())
          .append(" (")
          .append(g.type())
          .append(", ")
          .append(g.kind())
          .append("): ")
          .append(g.reason())
          .append('\n');
      s.append("  last safe: ")
          .append(g.file())
          .append(':')
          .append(g.restartPosition())
          .append(g.lastCommittedGtid() != null ? " after GTID " + g.lastCommittedGtid() : "")
          .append(g.gtidSetAtRestart().isEmpty() ? "" : " (GTID set " + g.gtidSetAtRestart() + ")")
          .append('\n');
      s.append("  resume: ")
          .append(
              g.resumeFile() == null
                  ? "none in the files given"
                  : g.resumeFile()
                      + ":"
                      + g.resumePosition()
                      + (g.resumeGtid() != null ? " GTID " + g.resumeGtid() : ""))
          .append('\n');
    }
    if (plan.connectorOffset() != null) {
      s.append("  connector offset: ").append(plan.connectorOffset()).append('\n');
    }
    if (plan.replica() != null) {
      s.append("  replica: ").append(plan.replica().verdict()).append('\n');
    }
    for (String w : plan.warnings()) {
      s.append("  warning: ").append(w).append('\n');
    }
    int n = 1;
    for (RecoveryOption o : plan.options()) {
      s.append('\n')
          .append(n++)
          .append(". ")
          .append(o.name())
          .append(o.applicable() ? "" : "  [not applicable]")
          .append('\n');
      s.append("   ").append(o.summary()).append('\n');
      for (Map.Entry<String, String> e : o.connectorOptions().entrySet()) {
        s.append("   '").append(e.getKey()).append("' = '").append(e.getValue()).append("'\n");
      }
      DataLoss l = o.loss();
      s.append("   loss: ").append(l.kind());
      if (l.kind() == DataLoss.Kind.LOST || l.kind() == DataLoss.Kind.LOST_UNBOUNDED) {
        s.append(" transactions=")
            .append(l.transactions() < 0 ? "?" : l.transactions())
            .append(" events=")
            .append(l.events() < 0 ? "?" : l.events())
            .append(" bytes=")
            .append(l.bytes() < 0 ? "?" : l.bytes());
        if (!l.tables().isEmpty()) {
          s.append(" tables=").append(String.join(",", l.tables()));
        }
      }
      if (l.gtids() != null) {
        s.append(" gtids=").append(l.gtids());
      }
      if (l.window().from() != null || l.window().to() != null) {
        s.append(" window=")
            .append(l.window().from() == null ? "?" : l.window().from())
            .append("..")
            .append(l.window().to() == null ? "?" : l.window().to());
      }
      s.append("\n   ").append(l.explanation()).append('\n');
      for (String p : o.preconditions()) {
        s.append("   - ").append(p).append('\n');
      }
      s.append("   cost: ").append(o.cost()).append('\n');
    }
    Backfill b = plan.backfill();
    if (b != null) {
      s.append("\nBackfill: ")
          .append(b.tables().isEmpty() ? "all captured tables" : String.join(", ", b.tables()))
          .append(", window ")
          .append(b.window().from() == null ? "?" : b.window().from())
          .append("..")
          .append(b.window().to() == null ? "?" : b.window().to())
          .append('\n')
          .append("  ")
          .append(b.note())
          .append('\n');
      for (Backfill.Query q : b.queries()) {
        s.append("\n-- ").append(q.table()).append('\n').append(q.sql()).append('\n');
      }
    }
    return s.toString().stripTrailing();
  }
}
