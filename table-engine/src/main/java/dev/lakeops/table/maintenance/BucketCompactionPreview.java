package dev.lakeops.table.maintenance;

import static java.util.Objects.requireNonNull;

import java.util.List;

/**
 * What compacting one bucket would do.
 *
 * @param partition the partition path ({@code dt=2024-01-01}); empty for an unpartitioned table
 * @param bucket the bucket id
 * @param filesBefore live files in the bucket
 * @param sortedRunsBefore sorted runs in the bucket
 * @param inputFiles the files the compaction would merge, by name
 * @param inputBytes their total size
 * @param outputLevel the level the result would land in
 * @param reason why the picker chose them ({@code FULL}, {@code RUN_COUNT}, {@code SIZE_RATIO},
 *     ...)
 */
public record BucketCompactionPreview(
    String partition,
    int bucket,
    int filesBefore,
    int sortedRunsBefore,
    List<String> inputFiles,
    long inputBytes,
    int outputLevel,
    String reason) {

  public BucketCompactionPreview {
    requireNonNull(partition, "partition");
    inputFiles = List.copyOf(inputFiles);
    requireNonNull(reason, "reason");
  }
}
