package dev.lakeops.runbooks.action;

import dev.lakeops.table.Table;
import dev.lakeops.table.commit.PartitionFilter;
import dev.lakeops.table.meta.ManifestEntry;
import dev.lakeops.table.meta.Snapshot;
import java.util.Optional;

/**
 * The live data files of a table's latest snapshot in the partitions a filter matches, counted from
 * the manifests (level 0 included, whether or not readers read it).
 *
 * @param files live data files
 * @param bytes their total size
 * @param level0Files those in level 0
 */
record LiveFileCount(int files, long bytes, int level0Files) {

  static LiveFileCount of(Table table, PartitionFilter filter) {
    Optional<Snapshot> latest = table.latestSnapshot();
    if (latest.isEmpty()) {
      return new LiveFileCount(0, 0, 0);
    }
    int files = 0;
    long bytes = 0;
    int level0 = 0;
    for (ManifestEntry e : table.snapshotFiles().liveFiles(latest.get()).files()) {
      if (filter.matches(e.partition())) {
        files++;
        bytes += e.file().fileSize();
        level0 += e.level() == 0 ? 1 : 0;
      }
    }
    return new LiveFileCount(files, bytes, level0);
  }
}
