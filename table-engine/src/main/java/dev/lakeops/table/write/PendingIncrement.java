package dev.lakeops.table.write;

import dev.lakeops.table.commit.BucketChange;
import dev.lakeops.table.meta.BinaryRow;
import dev.lakeops.table.meta.DataFileMeta;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * What one primary-key bucket's LSM writer ({@link KeyValueBucketWriter}, {@link
 * LookupBucketWriter}) changed since its last commit and hands over with the next one: the new
 * level-0 files and the changelog written with them, and the compaction increment (files replaced,
 * files written, changelog produced) as Paimon's {@code MergeTreeWriter} collects it.
 *
 * <p>A compaction of this interval that consumes the output of an earlier one of the same interval
 * deletes that output at once, since it was never committed; {@link #discard} deletes everything
 * written but not handed over.
 */
final class PendingIncrement {

  private final Consumer<DataFileMeta> deleteDataFile;
  private final Consumer<DataFileMeta> deleteChangelogFile;
  private final List<DataFileMeta> newFiles = new ArrayList<>();
  private final List<DataFileMeta> newChangelog = new ArrayList<>();
  private final Map<String, DataFileMeta> compactBefore = new LinkedHashMap<>();
  private final List<DataFileMeta> compactAfter = new ArrayList<>();
  private final List<DataFileMeta> compactChangelog = new ArrayList<>();

  /**
   * @param deleteDataFile deletes a data file this writer wrote
   * @param deleteChangelogFile deletes a changelog file this writer wrote
   */
  PendingIncrement(
      Consumer<DataFileMeta> deleteDataFile, Consumer<DataFileMeta> deleteChangelogFile) {
    this.deleteDataFile = deleteDataFile;
    this.deleteChangelogFile = deleteChangelogFile;
  }

  /** Adds the level-0 files of a flush and the changelog written with them. */
  void addFlushed(List<DataFileMeta> files, List<DataFileMeta> changelog) {
    newChangelog.addAll(changelog);
    newFiles.addAll(files);
  }

  /**
   * Adds one compaction's result, as Paimon's {@code MergeTreeWriter.updateCompactResult}: an input
   * that is an output of an earlier compaction of this interval was never committed and is deleted
   * now, unless it is an upgraded file (the same file at two levels) that earlier or later
   * snapshots still need.
   */
  void addCompaction(
      List<DataFileMeta> before, List<DataFileMeta> after, List<DataFileMeta> changelog) {
    Set<String> afterNames = new HashSet<>();
    for (DataFileMeta f : after) {
      afterNames.add(f.fileName());
    }
    for (DataFileMeta f : before) {
      if (compactAfter.remove(f)) {
        if (!compactBefore.containsKey(f.fileName()) && !afterNames.contains(f.fileName())) {
          deleteDataFile.accept(f);
        }
      } else {
        compactBefore.put(f.fileName(), f);
      }
    }
    compactAfter.addAll(after);
    compactChangelog.addAll(changelog);
  }

  /**
   * The increment as the bucket's change, with {@code compactIndexFiles} in the compaction
   * increment; this increment is empty afterwards.
   */
  BucketChange drain(
      BinaryRow partition,
      int bucket,
      int totalBuckets,
      BucketChange.IndexChanges compactIndexFiles) {
    BucketChange change =
        new BucketChange(
            partition,
            bucket,
            totalBuckets,
            newFiles,
            new ArrayList<>(compactBefore.values()),
            compactAfter,
            newChangelog,
            compactChangelog,
            BucketChange.IndexChanges.NONE,
            compactIndexFiles);
    clear();
    return change;
  }

  boolean isEmpty() {
    return newFiles.isEmpty()
        && compactBefore.isEmpty()
        && compactAfter.isEmpty()
        && newChangelog.isEmpty()
        && compactChangelog.isEmpty();
  }

  /**
   * Deletes every file of the increment this writer wrote (new files, compaction outputs that are
   * not also inputs, changelog) and empties it.
   */
  void discard() {
    Set<String> keep = new HashSet<>(compactBefore.keySet());
    for (DataFileMeta f : newFiles) {
      deleteDataFile.accept(f);
    }
    for (DataFileMeta f : compactAfter) {
      if (!keep.contains(f.fileName())) {
        deleteDataFile.accept(f);
      }
    }
    newChangelog.forEach(deleteChangelogFile);
    compactChangelog.forEach(deleteChangelogFile);
    clear();
  }

  private void clear() {
    newFiles.clear();
    compactBefore.clear();
    compactAfter.clear();
    newChangelog.clear();
    compactChangelog.clear();
  }
}
