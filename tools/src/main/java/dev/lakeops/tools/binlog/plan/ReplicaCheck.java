package dev.lakeops.tools.binlog.plan;

import org.jspecify.annotations.Nullable;

/**
 * The comparison of a replica's GTID sets with the transactions the damage cut.
 *
 * @param needed the GTIDs that must be read again (from the last committed one to the resume point)
 * @param containsNeeded the replica's executed set contains all of them
 * @param purgedChecked a purged set was given, so purge was checked
 * @param purgedAny some needed GTIDs are in the replica's purged set
 * @param verdict one sentence
 */
public record ReplicaCheck(
    @Nullable String replicaGtidSet,
    @Nullable String needed,
    boolean containsNeeded,
    boolean purgedChecked,
    boolean purgedAny,
    String verdict) {}
