package dev.lakeops.tools.binlog.file;

import static java.util.Objects.requireNonNull;

import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * What one file's check concluded: the numbers behind the findings, for the CLI's JSON and for
 * tests.
 *
 * @param checksumAlg 0 none, 1 CRC32, as the file's FDE says
 * @param events valid events read, including those after a resync
 * @param transactions complete transactions read before the first damage
 * @param firstBad the first damage, null for a clean file
 * @param damageCount how many separate damaged spans were found
 * @param restartPosition end of the last complete transaction before the first damage (or of the
 *     file's last one when clean): the only safe file/pos restart inside this file
 * @param lastCommittedGtid the GTID of that transaction
 * @param gtidSet MariaDB: last committed GTID per domain (GTID_LIST plus GTIDs seen) at the restart
 *     position; MySQL: the file's PREVIOUS_GTIDS (union with {@code lastCommittedGtid} is left to
 *     the reader)
 * @param openTransaction GTID of the transaction cut by the first damage, {@code unknown} if its
 *     GTID event was lost, null if the damage fell between transactions
 * @param resyncOffset where valid events resume after the first damage
 * @param resumeOffset start of the first complete transaction after the first damage
 * @param resumeGtid its GTID
 * @param cleanEnd after the first damage, the end of the last valid event read while no transaction
 *     was open: where a reader may start past the damage when no complete transaction follows it
 *     (null when no valid event follows the damage)
 * @param damagedBytes bytes in damaged spans (up to the resync offset, or to the end of the file)
 * @param damagedTransactions transactions cut by damage
 * @param affectedTables tables mapped in the cut transactions (db.table)
 * @param statementDml QUERY events with INSERT/UPDATE/DELETE/REPLACE text, invisible to CDC
 * @param logPosMismatches valid events whose {@code log_pos} disagrees with their place
 * @param inUse the FDE carries the in-use flag: the file is open or was not closed cleanly
 * @param endsInTransaction no damage, but the file ends inside a transaction
 * @param damagedSpans the damaged spans in file order, at most {@link #MAX_SPANS} (the first ones):
 *     each from a bad event's offset to where valid events resume, or to the end of the file
 */
public record BinlogVerdict(
    String file,
    long length,
    Status status,
    int checksumAlg,
    @Nullable String serverVersion,
    long events,
    long transactions,
    @Nullable Damage firstBad,
    int damageCount,
    long restartPosition,
    @Nullable String lastCommittedGtid,
    String gtidSet,
    @Nullable String openTransaction,
    @Nullable Long resyncOffset,
    @Nullable Long resumeOffset,
    @Nullable String resumeGtid,
    @Nullable Long cleanEnd,
    long damagedBytes,
    long damagedTransactions,
    List<String> affectedTables,
    long statementDml,
    long logPosMismatches,
    boolean inUse,
    boolean endsInTransaction,
    List<Span> damagedSpans) {

  /** Damaged spans a verdict keeps; {@link #damageCount} counts them all. */
  public static final int MAX_SPANS = 16;

  /**
   * A damaged span of the file.
   *
   * @param offset where the bad bytes start
   * @param end where valid events resume, or the file's length when they do not
   */
  public record Span(long offset, long end) {}

  /** The file's overall state, as {@code binlog verify --json} prints it. */
  public enum Status {
    OK,
    CORRUPT,
    TRUNCATED
  }

  public BinlogVerdict {
    requireNonNull(file, "file");
    requireNonNull(status, "status");
    requireNonNull(gtidSet, "gtidSet");
    affectedTables = List.copyOf(affectedTables);
    damagedSpans = damagedSpans == null ? List.of() : List.copyOf(damagedSpans);
  }
}
