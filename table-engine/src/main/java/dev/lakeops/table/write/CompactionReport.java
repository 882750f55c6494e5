package dev.lakeops.table.write;

import dev.lakeops.table.meta.Snapshot;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * What a table compaction did.
 *
 * @param bucketsCompacted buckets whose files changed
 * @param filesBefore files replaced (an upgraded file counts once here and once in {@code
 *     filesAfter})
 * @param filesAfter files that replace them
 * @param snapshot the COMPACT snapshot committed; null when nothing needed compacting
 */
public record CompactionReport(
    int bucketsCompacted, int filesBefore, int filesAfter, @Nullable Snapshot snapshot) {

  public Optional<Snapshot> findSnapshot() {
    return Optional.ofNullable(snapshot);
  }
}
