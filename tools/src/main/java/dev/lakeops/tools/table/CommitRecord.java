package dev.lakeops.tools.table;

import static java.util.Objects.requireNonNull;

import org.jspecify.annotations.Nullable;

/**
 * One snapshot of a table's commit timeline, as its snapshot file and delta manifest list record
 * it.
 *
 * @param snapshotId the snapshot id
 * @param commitUser the writer's identity (stable across failovers of one streaming job)
 * @param commitIdentifier the Flink checkpoint id; {@link #BATCH} for batch commits
 * @param commitKind APPEND, COMPACT, OVERWRITE or ANALYZE
 * @param timeMillis commit time, epoch ms
 * @param deltaRecordCount rows added minus rows deleted by this commit (per file, not logical
 *     rows); null if unrecorded
 * @param totalRecordCount rows in the table after it (per file); null if unrecorded
 * @param addedFiles data files this commit added
 * @param deletedFiles data files this commit deleted
 */
public record CommitRecord(
    long snapshotId,
    String commitUser,
    long commitIdentifier,
    String commitKind,
    long timeMillis,
    @Nullable Long deltaRecordCount,
    @Nullable Long totalRecordCount,
    long addedFiles,
    long deletedFiles) {

  /** The identifier of batch commits ({@code Long.MAX_VALUE}). */
  public static final long BATCH = Long.MAX_VALUE;

  public CommitRecord {
    requireNonNull(commitUser, "commitUser");
    requireNonNull(commitKind, "commitKind");
  }

  public boolean isBatch() {
    return commitIdentifier == BATCH;
  }

  /** Whether the commit wrote data (APPEND or OVERWRITE), as opposed to compacting or analyzing. */
  public boolean writesData() {
    return commitKind.equals("APPEND") || commitKind.equals("OVERWRITE");
  }

  /** The identifier as a person reads it: {@code batch} for batch commits. */
  public String identifierText() {
    return isBatch() ? "batch" : Long.toString(commitIdentifier);
  }
}
