package dev.lakeops.table.lsm;

import static java.util.Objects.requireNonNull;

import dev.lakeops.table.data.CloseableIterator;
import dev.lakeops.table.format.KeyValue;
import dev.lakeops.table.meta.DataFileMeta;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * Carries out a {@link CompactionUnit} on one bucket (source: Paimon {@code MergeTreeCompactTask}):
 * files are grouped into sections of overlapping key ranges; a section of one run whose files are
 * large enough is <b>upgraded</b> (the same file recorded at the output level, no bytes rewritten),
 * everything else is merged and <b>rewritten</b> into new files at the output level. Both keep the
 * output level's files disjoint: sections never overlap, and the output level holds only files of
 * the unit.
 *
 * <p>A file is rewritten instead of upgraded when it would land in the highest level while holding
 * retractions, so that the highest level never keeps a {@code -D} row. Retractions are dropped from
 * rewritten output when nothing older than the output level exists.
 */
public final class CompactTask {

  private final KeyOrder keyOrder;
  private final RunReader reader;
  private final RunWriter writer;
  private final Supplier<MergeFunction> merge;
  private final long upgradeMinFileSize;

  /**
   * @param upgradeMinFileSize files at least this large are upgraded rather than rewritten: 70% of
   *     {@code target-file-size}, as Paimon's {@code compaction.file-size} default
   */
  public CompactTask(
      KeyOrder keyOrder,
      RunReader reader,
      RunWriter writer,
      Supplier<MergeFunction> merge,
      long upgradeMinFileSize) {
    this.keyOrder = requireNonNull(keyOrder, "keyOrder");
    this.reader = requireNonNull(reader, "reader");
    this.writer = requireNonNull(writer, "writer");
    this.merge = requireNonNull(merge, "merge");
    this.upgradeMinFileSize = upgradeMinFileSize;
  }

  /**
   * Compacts {@code unit}, a pick from {@code files}.
   *
   * <p>Requires: the unit's runs are the newest runs of {@code files}.
   */
  public CompactionResult run(LevelFiles files, CompactionUnit unit) {
    Execution e =
        new Execution(
            unit.outputLevel(),
            files.maxLevel(),
            unit.outputLevel() >= files.highestNonEmptyLevel());
    try {
      List<List<SortedRun>> candidate = new ArrayList<>();
      for (List<SortedRun> section : IntervalPartition.partition(unit.files(), keyOrder)) {
        if (section.size() > 1) {
          candidate.add(section);
          continue;
        }
        for (DataFileMeta file : section.get(0).files()) {
          if (file.fileSize() < upgradeMinFileSize) {
            candidate.add(List.of(SortedRun.of(file)));
          } else {
            e.rewrite(candidate);
            candidate = new ArrayList<>();
            e.upgrade(file);
          }
        }
      }
      e.rewrite(candidate);
      return new CompactionResult(e.before, e.after);
    } catch (RuntimeException failure) {
      e.abort(failure);
      throw failure;
    }
  }

  /** The merged records of the sections, one section open at a time, in key order. */
  private final class SectionMerge implements CloseableIterator<KeyValue> {
    private final List<List<SortedRun>> sections;
    private final boolean dropDeletes;
    private int nextSection;
    private MergeReader current;

    SectionMerge(List<List<SortedRun>> sections, boolean dropDeletes) {
      this.sections = sections;
      this.dropDeletes = dropDeletes;
    }

    @Override
    public boolean hasNext() {
      while (current == null || !current.hasNext()) {
        if (current != null) {
          current.close();
          current = null;
        }
        if (nextSection == sections.size()) {
          return false;
        }
        current =
            new MergeReader(
                MergeReader.openAll(sections.get(nextSection++), reader::open),
                keyOrder,
                merge.get(),
                dropDeletes);
      }
      return true;
    }

    @Override
    public KeyValue next() {
      if (!hasNext()) {
        throw new java.util.NoSuchElementException();
      }
      return current.next();
    }

    @Override
    public void close() {
      if (current != null) {
        current.close();
        current = null;
      }
    }
  }

  private final class Execution {
    final int outputLevel;
    final int maxLevel;
    final boolean dropDeletes;
    final List<DataFileMeta> before = new ArrayList<>();
    final List<DataFileMeta> after = new ArrayList<>();
    final List<DataFileMeta> written = new ArrayList<>();

    Execution(int outputLevel, int maxLevel, boolean dropDeletes) {
      this.outputLevel = outputLevel;
      this.maxLevel = maxLevel;
      this.dropDeletes = dropDeletes;
    }

    void upgrade(DataFileMeta file) {
      if (file.level() == outputLevel) {
        return;
      }
      boolean noDeletes = file.deleteRowCount() != null && file.deleteRowCount() == 0;
      if (outputLevel != maxLevel || noDeletes) {
        before.add(file);
        after.add(file.withLevel(outputLevel));
      } else {
        rewriteSections(List.of(List.of(SortedRun.of(file))));
      }
    }

    void rewrite(List<List<SortedRun>> sections) {
      if (sections.isEmpty()) {
        return;
      }
      if (sections.size() == 1 && sections.get(0).size() == 1) {
        for (DataFileMeta file : sections.get(0).get(0).files()) {
          upgrade(file);
        }
        return;
      }
      rewriteSections(sections);
    }

    void rewriteSections(List<List<SortedRun>> sections) {
      List<DataFileMeta> out;
      try (SectionMerge merged = new SectionMerge(sections, dropDeletes)) {
        out = writer.writeCompacted(merged, outputLevel);
      }
      written.addAll(out);
      after.addAll(out);
      for (List<SortedRun> section : sections) {
        for (SortedRun run : section) {
          before.addAll(run.files());
        }
      }
    }

    void abort(RuntimeException failure) {
      if (written.isEmpty()) {
        return;
      }
      failure.addSuppressed(
          new IllegalStateException(
              "Compaction to level "
                  + outputLevel
                  + " failed after writing "
                  + written.size()
                  + " files; they are left for orphan clean-up: "
                  + written.stream().map(DataFileMeta::fileName).toList()));
    }
  }
}
