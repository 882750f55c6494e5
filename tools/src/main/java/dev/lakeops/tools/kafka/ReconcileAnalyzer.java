package dev.lakeops.tools.kafka;

import dev.lakeops.tools.Finding;
import dev.lakeops.tools.Severity;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Compares the records counted in offset ranges with the count a sink reports, and explains the
 * difference: transaction markers and compaction gaps (offsets that are no records), aborted
 * records (read only by {@code read_uncommitted} consumers), rewinds seen between lag probes
 * (replayed offsets: duplicates) and retention (offsets deleted before they could be counted).
 * Pure.
 *
 * <p>Codes: {@code kafka.reconcile.match}, {@code kafka.reconcile.duplicates}, {@code
 * kafka.reconcile.missing}, {@code kafka.reconcile.offset-gaps}, {@code
 * kafka.reconcile.range-deleted}, {@code kafka.reconcile.range-unwritten}, {@code
 * kafka.reconcile.incomplete}, {@code kafka.probe.partial}.
 */
public final class ReconcileAnalyzer {

  /**
   * @param sinkCount the records the sink holds for the ranges, as the caller counted them
   * @param rewinds rewinds of the reading group seen between lag probes (may be empty)
   */
  public List<Finding> analyze(RecordCountSnapshot s, long sinkCount, List<OffsetRewind> rewinds) {
    if (sinkCount < 0) {
      throw new IllegalArgumentException("Invalid sink count: " + sinkCount);
    }
    String subject = "kafka " + s.cluster() + " / topic " + s.topicName();
    Totals t = totals(s, rewinds);
    Map<String, String> e = new LinkedHashMap<>();
    e.put("cluster", s.cluster());
    e.put("bootstrap", s.bootstrap());
    e.put("topic", s.topicName());
    e.put(
        "ranges",
        String.join(
            " ",
            s.ranges().stream()
                .map(
                    r ->
                        r.requested().partition()
                            + ":["
                            + r.requested().from()
                            + ","
                            + r.requested().to()
                            + ")")
                .toList()));
    e.put("offsetsRequested", Long.toString(t.requested));
    e.put("sourceRecords", Long.toString(t.committed));
    e.put("sourceRecordsWithAborted", Long.toString(t.all));
    e.put("sinkCount", Long.toString(sinkCount));
    e.put("difference", Long.toString(sinkCount - t.committed));
    for (RangeCount r : s.ranges()) {
      e.put(
          "partition[" + s.topicName() + "-" + r.requested().partition() + "]",
          "counted=["
              + r.readFrom()
              + ","
              + r.readTo()
              + ") records="
              + r.committedRecords()
              + (r.abortedRecords() > 0 ? " aborted=" + r.abortedRecords() : "")
              + (r.nonDataOffsets() > 0 ? " nonDataOffsets=" + r.nonDataOffsets() : "")
              + (r.deletedOffsets() > 0 ? " deleted=" + r.deletedOffsets() : "")
              + (r.complete() ? "" : " incomplete"));
    }
    List<Finding> findings = new ArrayList<>();
    if (s.ranges().stream().anyMatch(r -> !r.complete())) {
      findings.add(
          new Finding(
              Severity.WARN,
              "kafka.reconcile.incomplete",
              subject,
              "Counting did not reach the end of every range in time; the source count is a lower"
                  + " bound and no verdict is given.",
              e,
              s.queries()));
      findings.addAll(partial(s));
      return findings;
    }
    if (t.deleted > 0) {
      findings.add(
          new Finding(
              Severity.WARN,
              "kafka.reconcile.range-deleted",
              subject,
              t.deleted
                  + " requested offset(s) lie below the log start: retention (or deleteRecords)"
                  + " removed them, so they cannot be counted. Records the sink lacks from there"
                  + " are lost unless another copy exists.",
              e,
              s.queries()));
    }
    if (t.unwritten > 0) {
      findings.add(
          new Finding(
              Severity.INFO,
              "kafka.reconcile.range-unwritten",
              subject,
              t.unwritten
                  + " requested offset(s) are at or above the high watermark: not written yet, not"
                  + " counted.",
              e,
              s.queries()));
    }
    if (t.nonData > 0 || t.aborted > 0) {
      boolean compacted = s.topic() != null && s.topic().isCompacted();
      Map<String, String> gaps = new LinkedHashMap<>(e);
      gaps.put("nonDataOffsets", Long.toString(t.nonData));
      gaps.put("abortedRecords", Long.toString(t.aborted));
      gaps.put("compacted", Boolean.toString(compacted));
      findings.add(
          new Finding(
              Severity.INFO,
              "kafka.reconcile.offset-gaps",
              subject,
              (t.counted - t.committed)
                  + " of "
                  + t.counted
                  + " counted offsets are not committed data records: "
                  + t.nonData
                  + " "
                  + (compacted
                      ? "removed by compaction or used by transaction markers"
                      : "transaction control records (commit/abort markers)")
                  + (t.aborted > 0 ? ", " + t.aborted + " aborted records" : "")
                  + ". Offset arithmetic (to - from) is not a record count; this alone is no loss.",
              gaps,
              s.queries()));
    }
    long diff = sinkCount - t.committed;
    if (diff == 0) {
      findings.add(
          new Finding(
              Severity.OK,
              "kafka.reconcile.match",
              subject,
              "The sink holds "
                  + sinkCount
                  + " records, exactly the committed records in the ranges.",
              e,
              s.queries()));
    } else if (diff > 0) {
      findings.add(duplicates(subject, e, t, diff, sinkCount, s));
    } else {
      findings.add(missing(subject, e, t, -diff, s));
    }
    findings.addAll(partial(s));
    return findings;
  }

  private static Finding duplicates(
      String subject,
      Map<String, String> base,
      Totals t,
      long diff,
      long sinkCount,
      RecordCountSnapshot s) {
    Map<String, String> e = new LinkedHashMap<>(base);
    long byRewind = Math.min(diff, t.replayed);
    boolean abortedRead = t.aborted > 0 && sinkCount == t.all;
    e.put("duplicates", Long.toString(diff));
    e.put("replayedByRewinds", Long.toString(t.replayed));
    e.put("explainedByRewinds", Long.toString(byRewind));
    if (abortedRead) {
      e.put("explainedByAbortedRecords", Long.toString(t.aborted));
    }
    long unexplained = abortedRead ? 0 : diff - byRewind;
    e.put("unexplained", Long.toString(unexplained));
    StringBuilder text =
        new StringBuilder(
            "The sink holds "
                + diff
                + " more record(s) than the ranges hold ("
                + sinkCount
                + " vs "
                + t.committed
                + "): duplicates.");
    if (byRewind > 0) {
      text.append(" Rewinds of the group's committed offset replayed ")
          .append(t.replayed)
          .append(" offset(s) of these ranges")
          .append(
              byRewind == diff
                  ? ", which explains all of them."
                  : ", which explains " + byRewind + ".");
    }
    if (abortedRead) {
      text.append(" The sink count equals the count including ")
          .append(t.aborted)
          .append(" aborted record(s): the consumer reads with isolation.level=read_uncommitted.");
    }
    if (unexplained > 0) {
      text.append(" ")
          .append(unexplained)
          .append(
              " are not explained by rewinds seen: at-least-once redelivery after a rebalance or"
                  + " crash, a restart without checkpoint or savepoint, or a non-idempotent sink on"
                  + " failover.");
    }
    return new Finding(
        Severity.WARN, "kafka.reconcile.duplicates", subject, text.toString(), e, s.queries());
  }

  private static Finding missing(
      String subject, Map<String, String> base, Totals t, long missing, RecordCountSnapshot s) {
    Map<String, String> e = new LinkedHashMap<>(base);
    e.put("missing", Long.toString(missing));
    String text =
        "The sink holds "
            + missing
            + " record(s) fewer than the ranges hold: loss, unless the records are still in flight"
            + " (not yet consumed or committed by the sink's job), the sink upserts or deduplicates"
            + " by key, or it filters. Auto-commit before processing and acks=0/1 producers lose"
            + " records silently; check the configs.";
    return new Finding(Severity.CRITICAL, "kafka.reconcile.missing", subject, text, e, s.queries());
  }

  private static List<Finding> partial(RecordCountSnapshot s) {
    List<Finding> findings = new ArrayList<>();
    for (ProbeError error : s.errors()) {
      Map<String, String> e = new LinkedHashMap<>();
      e.put("bootstrap", s.bootstrap());
      e.put("code", error.code().name());
      e.put("query", error.query());
      e.put("error", error.message());
      findings.add(
          new Finding(
              Severity.WARN,
              "kafka.probe.partial",
              "kafka " + s.cluster(),
              "Part of the count failed ("
                  + error.code()
                  + ") at "
                  + s.bootstrap()
                  + ": "
                  + error.query()
                  + ".",
              e,
              List.of(error.query())));
    }
    return findings;
  }

  private record Totals(
      long requested,
      long counted,
      long all,
      long committed,
      long nonData,
      long aborted,
      long deleted,
      long unwritten,
      long replayed) {}

  private static Totals totals(RecordCountSnapshot s, List<OffsetRewind> rewinds) {
    long requested = 0,
        counted = 0,
        all = 0,
        committed = 0,
        nonData = 0,
        aborted = 0,
        deleted = 0,
        unwritten = 0,
        replayed = 0;
    for (RangeCount r : s.ranges()) {
      requested += r.requested().size();
      counted += r.readTo() - r.readFrom();
      all += r.records();
      committed += r.committedRecords();
      nonData += r.nonDataOffsets();
      aborted += r.abortedRecords();
      deleted += r.deletedOffsets();
      unwritten += r.unwrittenOffsets();
      for (OffsetRewind rw : rewinds) {
        if (rw.topic().equals(s.topicName()) && rw.partition() == r.requested().partition()) {
          replayed += rw.overlap(r.requested().from(), r.requested().to());
        }
      }
    }
    return new Totals(
        requested, counted, all, committed, nonData, aborted, deleted, unwritten, replayed);
  }
}
