package dev.lakeops.tools.binlog.plan;

import dev.lakeops.tools.binlog.file.BinlogVerdict;
import dev.lakeops.tools.binlog.file.Damage;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * What skipping from the last safe position to the resume point loses: the transactions the damage
 * cut, their GTIDs, events, bytes, tables and event-time window. Derived once and shared by the
 * options.
 */
final class Loss {

  final long transactions;
  final @Nullable GtidRange needed;
  final @Nullable String gtids;
  final long events;
  final long bytes;
  final List<String> tables;
  final TimeWindow window;

  private Loss(
      long transactions,
      @Nullable GtidRange needed,
      @Nullable String gtids,
      long events,
      long bytes,
      List<String> tables,
      TimeWindow window) {
    this.transactions = transactions;
    this.needed = needed;
    this.gtids = gtids;
    this.events = events;
    this.bytes = bytes;
    this.tables = tables;
    this.window = window;
  }

  static Loss of(BinlogRecoveryPlanner.Gap gap) {
    BinlogVerdict v = gap.verdict;
    boolean wholeFile = gap.bad.kind() == Damage.Kind.BAD_MAGIC;
    long transactions = wholeFile ? -1 : v.damagedTransactions();
    GtidRange needed = wholeFile ? null : needed(v, gap.resumeInSameFile() ? gap.resumeGtid : null);
    String gtids =
        needed != null
            ? needed.toString()
            : v.openTransaction() != null && !v.openTransaction().equals("unknown")
                ? v.openTransaction()
                : null;
    EventTimes t = gap.times;
    long events = -1;
    if (t.known() && !wholeFile) {
      long before = t.countBefore(v.restartPosition());
      long after =
          gap.resumeInSameFile() ? t.countAfter(gap.resumePosition) : t.countAfter(Long.MAX_VALUE);
      events =
          before < 0 || after < 0
              ? -1
              : before + after + 1; // + the damaged span, at least one event
    }
    long bytes =
        wholeFile
            ? v.length()
            : gap.resumeInSameFile()
                ? gap.resumePosition - v.restartPosition()
                : v.length() - v.restartPosition();
    long from = t.earliestBefore(v.restartPosition());
    if (from < 0) {
      from = t.lastBefore();
    }
    long to;
    if (gap.resumeInSameFile()) {
      to = t.latestAfter(gap.resumePosition);
    } else if (gap.next != null && gap.next.times().firstTimestamp() > 0) {
      to = gap.next.times().firstTimestamp();
    } else {
      to = -1;
    }
    if (wholeFile) {
      from = -1;
    }
    return new Loss(
        transactions,
        needed,
        gtids,
        events,
        bytes,
        v.affectedTables(),
        TimeWindow.ofSeconds(from, to));
  }

  /**
   * The GTIDs between the last committed transaction and the resume point (exclusive at both ends),
   * or the cut transaction alone. Assumes one source writes the domain/UUID with consecutive
   * numbers, as a single primary does.
   */
  private static @Nullable GtidRange needed(BinlogVerdict v, @Nullable String resumeGtid) {
    GtidId last = GtidId.parse(v.lastCommittedGtid());
    GtidId open = GtidId.parse(v.openTransaction());
    GtidId resume = GtidId.parse(resumeGtid);
    GtidId anchor = open != null ? open : resume != null ? resume : last;
    if (anchor == null) {
      return null;
    }
    long first = anchor.sameSource(last) ? last.number() + 1 : open != null ? open.number() : -1;
    long end =
        anchor.sameSource(resume)
            ? resume.number() - 1
            : open != null
                ? open.number() + Math.max(0, v.damagedTransactions() - 1)
                : first > 0 ? first + Math.max(0, v.damagedTransactions() - 1) : -1;
    if (first < 1 || end < first) {
      return null;
    }
    return new GtidRange(anchor.flavor(), anchor.source(), first, end);
  }

  DataLoss lost(String explanation) {
    return new DataLoss(
        DataLoss.Kind.LOST, transactions, gtids, events, bytes, tables, window, explanation);
  }

  DataLoss as(DataLoss.Kind kind, String explanation) {
    return new DataLoss(kind, transactions, gtids, events, bytes, tables, window, explanation);
  }

  /**
   * Nothing lost, proven or conditional; {@code gtids} still names what must be read from
   * elsewhere.
   */
  DataLoss none(DataLoss.Kind kind, String explanation) {
    return new DataLoss(kind, 0, gtids, 0, 0, List.of(), window, explanation);
  }
}
