package dev.lakeops.table.read;

import dev.lakeops.table.meta.Snapshot;
import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * The splits to read for one snapshot (or an incremental range ending at it); no snapshot and no
 * splits for a table that has none.
 */
public record ScanPlan(@Nullable Snapshot snapshot, List<DataSplit> splits) {

  public ScanPlan {
    splits = List.copyOf(splits);
  }

  public static ScanPlan empty() {
    return new ScanPlan(null, List.of());
  }

  public Optional<Snapshot> findSnapshot() {
    return Optional.ofNullable(snapshot);
  }

  public int fileCount() {
    return splits.stream().mapToInt(s -> s.files().size()).sum();
  }
}
