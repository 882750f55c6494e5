package dev.lakeops.tools.table;

import dev.lakeops.table.Table;
import dev.lakeops.table.commit.PartitionFilter;
import dev.lakeops.table.meta.CommitKind;
import dev.lakeops.table.meta.ManifestEntry;
import dev.lakeops.table.meta.Snapshot;
import dev.lakeops.table.meta.SnapshotHints;
import dev.lakeops.table.schema.MergeEngine;
import dev.lakeops.table.schema.TableOptions;
import dev.lakeops.table.types.RowType;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;

/**
 * Reads the live files of a table's latest snapshot per bucket, from its manifests (no data file is
 * opened).
 */
public final class CompactionBacklogProbe {

  /**
   * Paimon rewrites files below 70 % of {@code target-file-size} when it compacts; larger ones are
   * kept.
   */
  static final double SMALL_FILE_RATIO = 0.7;

  static final String MIN_FILE_NUM = "compaction.min.file-num";

  /**
   * Snapshots read back from the latest when looking for the last compaction: enough for hours of
   * one-minute checkpoints, few enough to read in well under a second.
   */
  static final int MAX_HISTORY_SNAPSHOTS = 500;

  /**
   * @throws InvalidTableArgumentException a partition key that is not one
   */
  public CompactionBacklogSnapshot capture(
      Table table, String name, Map<String, String> partition) {
    PartitionFilter filter = PartitionSpecs.filter(table.schema(), partition);
    TableOptions options = table.options();
    boolean pk = table.hasPrimaryKey();
    long target = options.targetFileSize(pk).bytes();
    long small = (long) (target * SMALL_FILE_RATIO);
    Optional<Snapshot> latest = table.latestSnapshot();
    List<BucketFiles> buckets = new ArrayList<>();
    if (latest.isPresent()) {
      Map<String, List<ManifestEntry>> byBucket = new LinkedHashMap<>();
      RowType partitionType = table.schema().partitionType();
      for (ManifestEntry e : table.snapshotFiles().liveFiles(latest.get()).files()) {
        if (filter.matches(e.partition())) {
          byBucket
              .computeIfAbsent(
                  TableKeys.partitionPath(table, partitionType, e.partition()) + "\0" + e.bucket(),
                  k -> new ArrayList<>())
              .add(e);
        }
      }
      for (Map.Entry<String, List<ManifestEntry>> b : byBucket.entrySet()) {
        buckets.add(bucket(b.getKey().substring(0, b.getKey().indexOf('\0')), b.getValue(), small));
      }
    }
    buckets.sort(java.util.Comparator.comparing(BucketFiles::name));
    return new CompactionBacklogSnapshot(
        name,
        table.io().location(table.paths().root()),
        latest.map(Snapshot::id).orElse(0L),
        pk,
        options.numSortedRunCompactionTrigger(),
        options.numSortedRunStopTrigger(),
        target,
        small,
        Math.max(1, options.integer(MIN_FILE_NUM, 5)),
        options.writeOnly(),
        buckets,
        latest.isPresent() ? history(table, latest.get()) : CompactionHistory.none(),
        pk && (options.deletionVectorsEnabled() || options.mergeEngine() == MergeEngine.FIRST_ROW));
  }

  /** The newest COMPACT snapshot within {@link #MAX_HISTORY_SNAPSHOTS} of the latest. */
  private static CompactionHistory history(Table table, Snapshot latest) {
    long earliest = SnapshotHints.earliestSnapshotId(table.io(), table.paths()).orElse(1);
    long stop = Math.max(earliest, latest.id() - MAX_HISTORY_SNAPSHOTS + 1);
    int scanned = 0;
    for (long id = latest.id(); id >= stop; id--) {
      Optional<Snapshot> s =
          id == latest.id() ? Optional.of(latest) : table.snapshotStore().findSnapshot(id);
      if (s.isEmpty()) {
        continue; // expired after the earliest hint was read: nothing to look at, not a failure
      }
      scanned++;
      if (s.get().commitKind() == CommitKind.COMPACT) {
        return new CompactionHistory(latest.timeMillis(), id, s.get().timeMillis(), scanned);
      }
    }
    return new CompactionHistory(latest.timeMillis(), 0, -1, scanned);
  }

  private static BucketFiles bucket(String partition, List<ManifestEntry> entries, long small) {
    int level0 = 0;
    int smallFiles = 0;
    long bytes = 0;
    TreeSet<Integer> levels = new TreeSet<>();
    for (ManifestEntry e : entries) {
      if (e.level() == 0) {
        level0++;
      } else {
        levels.add(e.level());
      }
      if (e.file().fileSize() < small) {
        smallFiles++;
      }
      bytes += e.file().fileSize();
    }
    int maxLevel = levels.isEmpty() ? 0 : levels.last();
    return new BucketFiles(
        partition,
        entries.get(0).bucket(),
        entries.size(),
        level0,
        level0 + levels.size(),
        smallFiles,
        bytes,
        maxLevel);
  }
}
