package dev.lakeops.tools.table;

import static java.util.Objects.requireNonNull;

import java.util.List;
import java.util.Map;

/**
 * What the duplicate-key probe read from one snapshot of a table.
 *
 * @param table the table as asked for
 * @param location the table directory
 * @param snapshotId the snapshot read; 0 for a table without snapshots
 * @param primaryKeyTable whether the table has a primary key (merged on read)
 * @param primaryKeys the table's primary key; empty for an append table
 * @param keyColumns the columns a duplicate is judged on: the primary key, or the {@code keys}
 *     asked for
 * @param partition the partition spec read ({@code dt=...}); empty for every partition
 * @param filesRead data files read one by one
 * @param fileRowsRead records read from them, without merging
 * @param mergedRowsRead rows read merged on read (equals {@code fileRowsRead} for append tables)
 * @param visible keys appearing more than once in what a reader sees
 * @param unmerged primary keys held by several files (levels) of a bucket, pending compaction; none
 *     for append tables
 * @param origins the commits that added the files named in the groups, by snapshot id
 * @param truncated the row limit stopped the read early: counts are lower bounds
 * @param mergeEngine {@code merge-engine} of a primary-key table ({@code deduplicate}, {@code
 *     partial-update}, {@code aggregation}, {@code first-row}); empty for an append table
 * @param bucket option {@code bucket}: a positive count (fixed buckets), -1 (dynamic buckets for a
 *     primary-key table, bucket-unaware for an append table) or -2 (postpone)
 */
public record DuplicateKeysSnapshot(
    String table,
    String location,
    long snapshotId,
    boolean primaryKeyTable,
    List<String> primaryKeys,
    List<String> keyColumns,
    String partition,
    long filesRead,
    long fileRowsRead,
    long mergedRowsRead,
    DuplicateSet visible,
    DuplicateSet unmerged,
    Map<Long, SnapshotOrigin> origins,
    boolean truncated,
    String mergeEngine,
    int bucket) {

  public DuplicateKeysSnapshot {
    requireNonNull(table, "table");
    requireNonNull(location, "location");
    primaryKeys = List.copyOf(primaryKeys);
    keyColumns = List.copyOf(keyColumns);
    requireNonNull(partition, "partition");
    requireNonNull(visible, "visible");
    requireNonNull(unmerged, "unmerged");
    origins = Map.copyOf(origins);
    requireNonNull(mergeEngine, "mergeEngine");
  }
}
