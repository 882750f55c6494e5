package dev.lakeops.tools.binlog.plan;

import static java.util.Objects.requireNonNull;

import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * What one recovery option loses. {@link Kind#NONE} is only ever set when a check proves it (the
 * replica's GTID sets contain the needed transactions and none of them are purged).
 *
 * @param transactions transactions lost, -1 when unknown
 * @param gtids the GTIDs lost (or needed), as text; null when the files carry no GTIDs
 * @param events valid events skipped plus one per damaged span, -1 when unknown
 * @param bytes bytes skipped in the binlog, -1 when unknown
 * @param tables tables touched by the lost transactions (db.table), empty when unknown
 * @param window event time the loss falls in
 * @param explanation one or two sentences on how the loss happens
 */
public record DataLoss(
    Kind kind,
    long transactions,
    @Nullable String gtids,
    long events,
    long bytes,
    List<String> tables,
    TimeWindow window,
    String explanation) {

  /** How sure the statement about loss is. */
  public enum Kind {
    /** Proven: the needed transactions are available intact elsewhere. */
    NONE,
    /** No loss if the listed preconditions hold; they were not checked. */
    NONE_IF_PRECONDITIONS_HOLD,
    /** The listed data is lost from CDC and must be backfilled. */
    LOST,
    /** Data is lost and the amount is not bounded by this plan (silent skips, wrong rows). */
    LOST_UNBOUNDED
  }

  public DataLoss {
    requireNonNull(kind, "kind");
    requireNonNull(window, "window");
    requireNonNull(explanation, "explanation");
    tables = List.copyOf(tables);
  }
}
