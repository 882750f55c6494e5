package dev.lakeops.table.read;

import static java.util.Objects.requireNonNull;

/**
 * What a {@link StreamingScan} hands out for one snapshot: read {@link #plan()} with {@link
 * TableRead}.
 *
 * @param snapshotId the snapshot the rows come from
 * @param full true for the starting read of a whole snapshot (rows as {@code +I}); false for the
 *     changes one snapshot committed ({@code +I/-U/+U/-D}, from its changelog files when the table
 *     has a changelog producer, else from its delta files)
 */
public record StreamPlan(long snapshotId, boolean full, ScanPlan plan) {

  public StreamPlan {
    requireNonNull(plan, "plan");
  }
}
