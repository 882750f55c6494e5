package dev.lakeops.table.maintenance;

import dev.lakeops.table.Table;
import dev.lakeops.table.commit.PartitionFilter;
import dev.lakeops.table.lsm.CompactionPicker;
import dev.lakeops.table.lsm.CompactionUnit;
import dev.lakeops.table.lsm.FullCompaction;
import dev.lakeops.table.lsm.KeyOrder;
import dev.lakeops.table.lsm.LevelFiles;
import dev.lakeops.table.lsm.UniversalCompaction;
import dev.lakeops.table.meta.BinaryRowCodec;
import dev.lakeops.table.meta.DataFileMeta;
import dev.lakeops.table.paths.PartitionPaths;
import dev.lakeops.table.read.DataSplit;
import dev.lakeops.table.read.ScanPlan;
import dev.lakeops.table.schema.TableOptions;
import dev.lakeops.table.types.RowType;
import dev.lakeops.table.write.CompactionMode;
import dev.lakeops.table.write.TableCompaction;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Previews {@link Table#compact}: runs the same picker a compaction runs on each bucket's live
 * files of the latest snapshot (full compaction, or Paimon's universal compaction) and reports what
 * it would pick. Writes nothing.
 */
public final class CompactionPreviews {

  private CompactionPreviews() {}

  /**
   * @throws UnsupportedOperationException an append table with deletion vectors (it cannot be
   *     compacted)
   */
  public static CompactionPreview preview(
      Table table, PartitionFilter partitions, CompactionMode mode) {
    if (!table.hasPrimaryKey() && table.options().deletionVectorsEnabled()) {
      throw new UnsupportedOperationException(
          "Compaction of append table "
              + table.name()
              + " with '"
              + TableOptions.DELETION_VECTORS_ENABLED
              + "' = true is not supported");
    }
    ScanPlan plan = table.newScan().withPartitionFilter(partitions).plan();
    if (plan.snapshot() == null) {
      return new CompactionPreview(0, List.of(), 0, 0, 0, 0, 0);
    }
    TableOptions options = table.options();
    boolean append = !table.hasPrimaryKey();
    KeyOrder order = append ? null : new KeyOrder(table.schema().trimmedPrimaryKeyType());
    CompactionPicker picker =
        mode == CompactionMode.FULL ? FullCompaction.INSTANCE : UniversalCompaction.of(options);
    long target = Math.max(1, options.targetFileSize(!append).bytes());
    RowType partitionType = table.schema().partitionType();
    List<BucketCompactionPreview> buckets = new ArrayList<>();
    int liveBefore = 0;
    int inputFiles = 0;
    long inputBytes = 0;
    int outputFiles = 0;
    for (DataSplit split : plan.splits()) {
      liveBefore += split.files().size();
      List<DataFileMeta> files;
      int sortedRuns;
      int outputLevel;
      String reason;
      if (append) {
        // append files are each their own run; a compaction writes level-0 files again
        files = TableCompaction.plannedInputs(table.schema(), mode, split.files());
        sortedRuns = split.files().size();
        outputLevel = 0;
        reason = mode == CompactionMode.FULL ? "FULL" : "SMALL_FILES";
      } else {
        LevelFiles levels = LevelFiles.of(order, options.numLevels(), split.files());
        Optional<CompactionUnit> unit = picker.pick(levels);
        files = unit.map(CompactionUnit::files).orElse(List.of());
        sortedRuns = levels.numberOfSortedRuns();
        outputLevel = unit.map(CompactionUnit::outputLevel).orElse(0);
        reason = unit.map(u -> u.reason().name()).orElse("");
      }
      if (files.isEmpty()) {
        continue;
      }
      long bytes = files.stream().mapToLong(DataFileMeta::fileSize).sum();
      String partition =
          partitionType.arity() == 0
              ? ""
              : PartitionPaths.partitionPath(
                  partitionType,
                  BinaryRowCodec.decode(partitionType, split.partition()),
                  options.partitionDefaultName(),
                  options.partitionLegacyName());
      buckets.add(
          new BucketCompactionPreview(
              partition,
              split.bucket(),
              split.files().size(),
              sortedRuns,
              files.stream().map(DataFileMeta::fileName).toList(),
              bytes,
              outputLevel,
              reason));
      inputFiles += files.size();
      inputBytes += bytes;
      outputFiles += (int) Math.max(1, (bytes + target - 1) / target);
    }
    return new CompactionPreview(
        plan.snapshot().id(),
        buckets,
        liveBefore,
        inputFiles,
        inputBytes,
        outputFiles,
        liveBefore - inputFiles + outputFiles);
  }
}
