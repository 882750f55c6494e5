package dev.lakeops.table.system;

import dev.lakeops.table.data.Row;
import dev.lakeops.table.meta.BinaryRow;
import dev.lakeops.table.meta.BinaryRowCodec;
import dev.lakeops.table.meta.DataFileMeta;
import dev.lakeops.table.meta.ManifestEntry;
import dev.lakeops.table.meta.Snapshot;
import dev.lakeops.table.types.RowType;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * Live files of a snapshot summed per partition, or per (partition, bucket): what {@code
 * $partitions} and {@code $buckets} show. Record counts are physical (files' row counts, -U/-D rows
 * included), as in Paimon; {@code lastUpdateTime} is the newest file creation time.
 *
 * @param partition the partition as {@link ValueStrings#partition} prints it
 * @param bucket the bucket, or -1 when summing per partition
 */
record FileTotals(
    String partition,
    int bucket,
    long recordCount,
    long fileSizeInBytes,
    long fileCount,
    @Nullable LocalDateTime lastUpdateTime) {

  static List<FileTotals> perPartition(SystemTableInput input) {
    return sum(input, false);
  }

  static List<FileTotals> perBucket(SystemTableInput input) {
    return sum(input, true);
  }

  private static List<FileTotals> sum(SystemTableInput input, boolean perBucket) {
    Optional<Snapshot> snapshot = input.snapshot();
    if (snapshot.isEmpty()) {
      return List.of();
    }
    RowType partitionType = input.table().latestSchema().partitionType();
    Map<BinaryRow, String> partitionText = new LinkedHashMap<>();
    Map<List<Object>, FileTotals> totals = new LinkedHashMap<>();
    for (ManifestEntry entry : input.table().liveFiles(snapshot.get())) {
      String partition =
          partitionText.computeIfAbsent(
              entry.partition(),
              p ->
                  ValueStrings.partition(
                      partitionType, BinaryRowCodec.decode(partitionType, p), input.zone()));
      int bucket = perBucket ? entry.bucket() : -1;
      totals.merge(
          List.of(partition, bucket), of(partition, bucket, entry.file()), FileTotals::plus);
    }
    List<FileTotals> result = new ArrayList<>(totals.values());
    result.sort(Comparator.comparing(FileTotals::partition).thenComparingInt(FileTotals::bucket));
    return result;
  }

  private static FileTotals of(String partition, int bucket, DataFileMeta file) {
    return new FileTotals(
        partition, bucket, file.rowCount(), file.fileSize(), 1, file.creationTime());
  }

  private FileTotals plus(FileTotals other) {
    LocalDateTime last = lastUpdateTime;
    if (last == null || (other.lastUpdateTime != null && other.lastUpdateTime.isAfter(last))) {
      last = other.lastUpdateTime;
    }
    return new FileTotals(
        partition,
        bucket,
        recordCount + other.recordCount,
        fileSizeInBytes + other.fileSizeInBytes,
        fileCount + other.fileCount,
        last);
  }

  Row partitionRow() {
    return Row.of(partition, recordCount, fileSizeInBytes, fileCount, lastUpdateTime);
  }

  Row bucketRow() {
    return Row.of(partition, bucket, recordCount, fileSizeInBytes, fileCount, lastUpdateTime);
  }
}
