package dev.lakeops.table.lsm;

import static java.util.Objects.requireNonNull;

import dev.lakeops.table.data.CloseableIterator;
import dev.lakeops.table.format.KeyValue;
import dev.lakeops.table.meta.DataFileMeta;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

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
 *
 * <p>With a changelog sink ({@code changelog-producer=full-compaction}; source: Paimon {@code
 * FullChangelogMergeTreeCompactRewriter}) a compaction into the highest level also writes the
 * changelog between the highest level's old records and the merged ones ({@link
 * FullChangelogMerge}); a file upgraded into the highest level is read for it, not rewritten.
 * Compactions into lower levels produce no changelog.
 */
public final class CompactTask {

  private final KeyOrder keyOrder;
  private final RunReader reader;
  private final RunWriter writer;
  private final Supplier<MergeFunction> merge;
  private final long upgradeMinFileSize;
  private final @Nullable ChangelogSink changelog;
  private final boolean rowDeduplicate;

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
    this(keyOrder, reader, writer, merge, upgradeMinFileSize, null, false);
  }

  /**
   * A compaction that writes the full-compaction changelog into {@code changelog}.
   *
   * @param rowDeduplicate {@code changelog-producer.row-deduplicate}: an update to an equal value
   *     produces no changelog
   */
  public CompactTask(
      KeyOrder keyOrder,
      RunReader reader,
      RunWriter writer,
      Supplier<MergeFunction> merge,
      long upgradeMinFileSize,
      @Nullable ChangelogSink changelog,
      boolean rowDeduplicate) {
    this.changelog = changelog;
    this.rowDeduplicate = rowDeduplicate;
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
      return new CompactionResult(e.before, e.after, e.completeChangelog());
    } catch (RuntimeException failure) {
      e.abort(failure);
      throw failure;
    }
  }

  /** The merged records of the sections, one section open at a time, in key order. */
  private final class SectionMerge implements CloseableIterator<KeyValue> {
    private final List<List<SortedRun>> sections;
    private final boolean dropDeletes;
    private final int maxLevel;
    private final ChangelogSink.@Nullable Output changelogOut;
    private int nextSection;
    private MergeReader current;

    /**
     * @param changelogOut receives the full-compaction changelog of the merge; null for none
     */
    SectionMerge(
        List<List<SortedRun>> sections,
        boolean dropDeletes,
        int maxLevel,
        ChangelogSink.@Nullable Output changelogOut) {
      this.sections = sections;
      this.dropDeletes = dropDeletes;
      this.maxLevel = maxLevel;
      this.changelogOut = changelogOut;
    }

    private MergeFunction mergeOf(List<SortedRun> section) {
      if (changelogOut == null) {
        return merge.get();
      }
      boolean[] top = new boolean[section.size()];
      for (int i = 0; i < top.length; i++) {
        List<DataFileMeta> files = section.get(i).files();
        top[i] = !files.isEmpty() && files.get(0).level() == maxLevel;
      }
      return new FullChangelogMerge(merge.get(), i -> top[i], rowDeduplicate, changelogOut::write);
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
        List<SortedRun> section = sections.get(nextSection++);
        current =
            new MergeReader(
                MergeReader.openAll(section, reader::open),
                keyOrder,
                mergeOf(section),
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

  /**
   * The choice every LSM compaction makes for the sections of its unit, as Paimon's {@code
   * MergeTreeCompactTask}: nothing when there are none; each file {@code upgrade}d on its own when
   * they are one run alone (no key overlaps another run); else the sections merged and rewritten.
   */
  public static void rewriteOrUpgrade(
      List<List<SortedRun>> sections,
      Consumer<DataFileMeta> upgrade,
      Consumer<List<List<SortedRun>>> rewriteSections) {
    if (sections.isEmpty()) {
      return;
    }
    if (sections.size() == 1 && sections.get(0).size() == 1) {
      for (DataFileMeta file : sections.get(0).get(0).files()) {
        upgrade.accept(file);
      }
      return;
    }
    rewriteSections.accept(sections);
  }

  private final class Execution {
    final int outputLevel;
    final int maxLevel;
    final boolean dropDeletes;
    final List<DataFileMeta> before = new ArrayList<>();
    final List<DataFileMeta> after = new ArrayList<>();
    final List<DataFileMeta> written = new ArrayList<>();
    // the changelog of a compaction into the highest level, opened on first use
    ChangelogSink.@Nullable Output changelogOut;

    Execution(int outputLevel, int maxLevel, boolean dropDeletes) {
      this.outputLevel = outputLevel;
      this.maxLevel = maxLevel;
      this.dropDeletes = dropDeletes;
    }

    ChangelogSink.@Nullable Output changelogOutput() {
      if (changelog == null || outputLevel != maxLevel) {
        return null;
      }
      if (changelogOut == null) {
        changelogOut = changelog.open(outputLevel);
      }
      return changelogOut;
    }

    List<DataFileMeta> completeChangelog() {
      return changelogOut == null ? List.of() : changelogOut.complete();
    }

    // An upgrade into the highest level keeps the file as it is; its changelog is what a merge of
    // the file alone gives (an +I per added key: nothing of it was in the highest level).
    void upgradeChangelog(DataFileMeta file) {
      ChangelogSink.Output out = changelogOutput();
      if (out == null) {
        return;
      }
      try (SectionMerge merged =
          new SectionMerge(List.of(List.of(SortedRun.of(file))), false, maxLevel, out)) {
        while (merged.hasNext()) {
          merged.next();
        }
      }
    }

    void upgrade(DataFileMeta file) {
      if (file.level() == outputLevel) {
        return;
      }
      boolean noDeletes = file.deleteRowCount() != null && file.deleteRowCount() == 0;
      if (outputLevel != maxLevel || noDeletes) {
        upgradeChangelog(file);
        before.add(file);
        after.add(file.withLevel(outputLevel));
      } else {
        rewriteSections(List.of(List.of(SortedRun.of(file))));
      }
    }

    void rewrite(List<List<SortedRun>> sections) {
      CompactTask.rewriteOrUpgrade(sections, this::upgrade, this::rewriteSections);
    }

    void rewriteSections(List<List<SortedRun>> sections) {
      List<DataFileMeta> out;
      try (SectionMerge merged =
          new SectionMerge(sections, dropDeletes, maxLevel, changelogOutput())) {
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
      if (changelogOut != null) {
        changelogOut.abort();
      }
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
