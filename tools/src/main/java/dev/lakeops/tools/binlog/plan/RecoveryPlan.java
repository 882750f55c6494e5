package dev.lakeops.tools.binlog.plan;

import static java.util.Objects.requireNonNull;

import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * Recovery options for a CDC source that hit damaged binlog, with what each loses.
 *
 * @param files the files planned over, in the order given
 * @param status {@link Status#CLEAN} when no file is damaged (the failure lies elsewhere)
 * @param gap the first damaged span and the safe positions around it; null when clean
 * @param connectorOffset where the connector's stored offset lies relative to the damage, null if
 *     none was given
 * @param replica the replica GTID comparison, null when no replica set was given or nothing is
 *     needed
 * @param options the options, the ones with the least proven loss first
 * @param backfill the bounded backfill every lossy option needs; null when clean
 * @param warnings anything that limits the plan (further damage, files in use, statement-format
 *     DML)
 */
public record RecoveryPlan(
    List<String> files,
    Status status,
    @Nullable Gap gap,
    @Nullable String connectorOffset,
    @Nullable ReplicaCheck replica,
    List<RecoveryOption> options,
    @Nullable Backfill backfill,
    List<String> warnings) {

  /** Whether any damage was found. */
  public enum Status {
    CLEAN,
    DAMAGED
  }

  public RecoveryPlan {
    requireNonNull(status, "status");
    files = List.copyOf(files);
    options = List.copyOf(options);
    warnings = List.copyOf(warnings);
  }

  /**
   * The first damage and the positions around it.
   *
   * @param file the damaged file's name
   * @param offset where the first bad event starts
   * @param restartPosition end of the last complete transaction before the damage (a file/pos start
   *     that re-reads the damage, so only useful on a healthy copy)
   * @param lastCommittedGtid that transaction's GTID
   * @param gtidSetAtRestart the GTID set executed at {@code restartPosition}
   * @param resyncOffset where valid events resume after the damage
   * @param resumeFile the file of the first complete transaction after the damage
   * @param resumePosition its start (a safe specific-offset), null when none is in the files given
   * @param resumeGtid its GTID
   * @param openTransaction GTID of the transaction the damage cut ({@code unknown} if its GTID
   *     event was lost)
   */
  public record Gap(
      String file,
      long offset,
      String type,
      String kind,
      String reason,
      long restartPosition,
      @Nullable String lastCommittedGtid,
      String gtidSetAtRestart,
      @Nullable Long resyncOffset,
      @Nullable String resumeFile,
      @Nullable Long resumePosition,
      @Nullable String resumeGtid,
      @Nullable String openTransaction) {}
}
