package dev.lakeops.table.maintenance;

import java.util.List;

/**
 * What a table compaction would do now, computed without writing anything: the buckets the picker
 * would compact, the files and bytes it would merge, and an estimate of the result. The estimate is
 * an upper bound: merging drops superseded versions and deletions, which only reading the files
 * would tell.
 *
 * @param snapshotId the snapshot the preview was computed on; 0 for a table without snapshots
 * @param buckets the buckets that would be compacted
 * @param liveFilesBefore live files in the matching partitions
 * @param inputFiles files that would be merged (a large file of a non-overlapping run may be
 *     upgraded to the output level instead of rewritten; it still counts here)
 * @param inputBytes their total size
 * @param estimatedOutputFiles about {@code inputBytes / target-file-size} per bucket, at least one
 * @param estimatedLiveFilesAfter {@code liveFilesBefore - inputFiles + estimatedOutputFiles}
 */
public record CompactionPreview(
    long snapshotId,
    List<BucketCompactionPreview> buckets,
    int liveFilesBefore,
    int inputFiles,
    long inputBytes,
    int estimatedOutputFiles,
    int estimatedLiveFilesAfter) {

  public CompactionPreview {
    buckets = List.copyOf(buckets);
  }

  public boolean isEmpty() {
    return buckets.isEmpty();
  }
}
