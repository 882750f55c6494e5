package dev.lakeops.tools.table;

import static java.util.Objects.requireNonNull;

/** The commit that added a data file: its snapshot, user, identifier and kind. */
public record SnapshotOrigin(
    long snapshotId, String commitUser, long commitIdentifier, String commitKind) {

  public SnapshotOrigin {
    requireNonNull(commitUser, "commitUser");
    requireNonNull(commitKind, "commitKind");
  }

  /** {@code 5 (user job-b, identifier 1)}. */
  public String describe() {
    return snapshotId
        + " (user "
        + commitUser
        + ", identifier "
        + (commitIdentifier == CommitRecord.BATCH ? "batch" : Long.toString(commitIdentifier))
        + ")";
  }
}
