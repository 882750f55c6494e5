package dev.lakeops.table.lsm.lookup;

import static java.util.Objects.requireNonNull;

import dev.lakeops.table.data.CloseableIterator;
import dev.lakeops.table.deletion.DeletionVector;
import dev.lakeops.table.deletion.DeletionVectorMaintainer;
import dev.lakeops.table.format.KeyValue;
import dev.lakeops.table.lsm.CompactTask;
import dev.lakeops.table.lsm.CompactionUnit;
import dev.lakeops.table.lsm.IntervalPartition;
import dev.lakeops.table.lsm.KeyOrder;
import dev.lakeops.table.lsm.LevelFiles;
import dev.lakeops.table.lsm.MergeFunction;
import dev.lakeops.table.lsm.SortedRun;
import dev.lakeops.table.meta.DataFileMeta;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * Carries out a {@link CompactionUnit} on one bucket of a table that needs lookup (source: Paimon
 * {@code MergeTreeCompactTask} with {@code LookupMergeTreeCompactRewriter}): sections of
 * overlapping files are merged and rewritten, large files of one run upgraded, as in {@link
 * dev.lakeops.table.lsm.CompactTask}; where level-0 records take part, each key is merged with its
 * current version looked up in the levels above the output ({@link LookupMerge}), which yields the
 * lookup changelog and, with deletion vectors, marks the replaced rows deleted.
 *
 * <p>How a large level-0 file reaches the output level (Paimon's upgrade strategy): with deletion
 * vectors a file holding retractions is rewritten (retractions are dropped); into the highest
 * level, or on a deduplicate table without {@code sequence.field}, it is upgraded unchanged while
 * its keys are still looked up (changelog, deletion vectors); on other merge engines it is
 * rewritten, since the merge with the looked-up versions changes the rows. Files of levels ≥ 1 are
 * upgraded without lookup. Rewritten input files lose their deletion vectors; inputs are read
 * without the rows their vectors mark.
 */
public final class LookupCompactTask {

  /**
   * What a lookup compaction does, from the table's options.
   *
   * @param upgradeMinFileSize files at least this large are upgraded rather than rewritten (70% of
   *     {@code target-file-size})
   * @param produceChangelog {@code changelog-producer=lookup}
   * @param firstRow {@code merge-engine=first-row}
   * @param upgradeLevel0Unchanged deduplicate without {@code sequence.field}: a level-0 file may
   *     move up unchanged
   * @param rowDeduplicate null unless {@code changelog-producer.row-deduplicate}
   */
  public record Settings(
      long upgradeMinFileSize,
      boolean produceChangelog,
      boolean firstRow,
      boolean upgradeLevel0Unchanged,
      @Nullable ValueEquality rowDeduplicate) {}

  /** The files a compaction replaced, those that replace them, and the changelog it produced. */
  public record Result(
      List<DataFileMeta> before, List<DataFileMeta> after, List<DataFileMeta> changelog) {

    public Result {
      before = List.copyOf(before);
      after = List.copyOf(after);
      changelog = List.copyOf(changelog);
    }
  }

  private final KeyOrder keyOrder;
  private final BucketFiles files;
  private final Supplier<MergeFunction> merge;
  private final LookupLevels lookup;
  private final @Nullable DeletionVectorMaintainer vectors;
  private final Settings settings;

  /**
   * @param vectors the bucket's deletion vectors; null when the table has none
   */
  public LookupCompactTask(
      KeyOrder keyOrder,
      BucketFiles files,
      Supplier<MergeFunction> merge,
      LookupLevels lookup,
      @Nullable DeletionVectorMaintainer vectors,
      Settings settings) {
    this.keyOrder = requireNonNull(keyOrder, "keyOrder");
    this.files = requireNonNull(files, "files");
    this.merge = requireNonNull(merge, "merge");
    this.lookup = requireNonNull(lookup, "lookup");
    this.vectors = vectors;
    this.settings = requireNonNull(settings, "settings");
  }

  /**
   * Compacts {@code unit}, a pick from {@code levels}. Deletion vectors change only when the
   * compaction succeeds.
   *
   * <p>Requires: the unit's runs are the newest runs of {@code levels}.
   */
  public Result run(LevelFiles levels, CompactionUnit unit) {
    int outputLevel = unit.outputLevel();
    // Paimon drops retractions whenever deletion vectors are on: the older rows they retract are
    // marked deleted instead, so nothing below needs the retraction.
    boolean dropDeletes = vectors != null || outputLevel >= levels.highestNonEmptyLevel();
    Execution e = new Execution(levels, outputLevel, dropDeletes);
    try {
      List<List<SortedRun>> candidate = new ArrayList<>();
      for (List<SortedRun> section : IntervalPartition.partition(unit.files(), keyOrder)) {
        if (section.size() > 1) {
          candidate.add(section);
          continue;
        }
        for (DataFileMeta file : section.get(0).files()) {
          if (file.fileSize() < settings.upgradeMinFileSize()) {
            candidate.add(List.of(SortedRun.of(file)));
          } else {
            e.rewrite(candidate);
            candidate = new ArrayList<>();
            e.upgrade(file);
          }
        }
      }
      e.rewrite(candidate);
    } catch (RuntimeException failure) {
      e.abort(failure);
      throw failure;
    }
    return finish(e);
  }

  /**
   * Rewrites each of {@code files} (all in the highest level) on its own, without the rows its
   * deletion vector marks (Paimon's {@code FileRewriteCompactTask}, the full compaction of a bucket
   * that is already one run in the highest level).
   */
  public Result rewriteFiles(LevelFiles levels, List<DataFileMeta> files) {
    Execution e = new Execution(levels, levels.maxLevel(), true);
    try {
      for (DataFileMeta file : files) {
        e.merge(List.of(List.of(SortedRun.of(file))), false, true, true);
      }
    } catch (RuntimeException failure) {
      e.abort(failure);
      throw failure;
    }
    return finish(e);
  }

  private Result finish(Execution e) {
    if (vectors != null) {
      for (DataFileMeta f : e.rewritten) {
        vectors.remove(f.fileName());
      }
      for (LookupLevels.Found f : e.replaced) {
        vectors.markDeleted(f.fileName(), f.position());
      }
    }
    return new Result(e.before, e.after, e.changelog);
  }

  private final class Execution {
    final LevelFiles levels;
    final int outputLevel;
    final boolean dropDeletes;
    final List<DataFileMeta> before = new ArrayList<>();
    final List<DataFileMeta> after = new ArrayList<>();
    final List<DataFileMeta> changelog = new ArrayList<>();
    final List<DataFileMeta> written = new ArrayList<>();
    final List<DataFileMeta> rewritten = new ArrayList<>();
    final List<LookupLevels.Found> replaced = new ArrayList<>();

    Execution(LevelFiles levels, int outputLevel, boolean dropDeletes) {
      this.levels = levels;
      this.outputLevel = outputLevel;
      this.dropDeletes = dropDeletes;
    }

    // Paimon's MergeTreeCompactTask.upgrade: into the highest level, a file with retractions is
    // rewritten so that they go
    void upgrade(DataFileMeta file) {
      if (outputLevel == levels.maxLevel() && mayHoldDeletes(file)) {
        rewriteSections(List.of(List.of(SortedRun.of(file))));
        return;
      }
      if (file.level() == outputLevel) {
        return;
      }
      if (file.level() != 0) {
        before.add(file);
        after.add(file.withLevel(outputLevel));
        return;
      }
      boolean rewrite =
          (vectors != null && mayHoldDeletes(file))
              || (outputLevel != levels.maxLevel() && !settings.upgradeLevel0Unchanged());
      merge(List.of(List.of(SortedRun.of(file))), true, rewrite, vectors != null);
    }

    void rewrite(List<List<SortedRun>> sections) {
      CompactTask.rewriteOrUpgrade(sections, this::upgrade, this::rewriteSections);
    }

    void rewriteSections(List<List<SortedRun>> sections) {
      boolean level0 =
          sections.stream()
              .flatMap(List::stream)
              .flatMap(r -> r.files().stream())
              .anyMatch(f -> f.level() == 0);
      merge(sections, level0, true, dropDeletes);
    }

    /**
     * Merges {@code sections} key by key, with lookup when {@code withLookup}; writes the result at
     * the output level when {@code rewrite}, else records the single input as upgraded.
     */
    void merge(List<List<SortedRun>> sections, boolean withLookup, boolean rewrite, boolean drop) {
      List<KeyValue> changelogRecords = new ArrayList<>();
      List<DataFileMeta> inputs = new ArrayList<>();
      for (List<SortedRun> section : sections) {
        for (SortedRun run : section) {
          inputs.addAll(run.files());
        }
      }
      List<DataFileMeta> out = List.of();
      try (Merged merged = new Merged(sections, withLookup, drop, changelogRecords)) {
        if (rewrite) {
          out = files.writeCompacted(merged, outputLevel);
        } else {
          while (merged.hasNext()) {
            merged.next();
          }
        }
      }
      written.addAll(out);
      before.addAll(inputs);
      if (rewrite) {
        after.addAll(out);
        rewritten.addAll(inputs);
      } else {
        for (DataFileMeta f : inputs) {
          after.add(f.withLevel(outputLevel));
        }
      }
      if (!changelogRecords.isEmpty()) {
        List<DataFileMeta> logs = files.writeChangelog(changelogRecords.iterator(), outputLevel);
        written.addAll(logs);
        changelog.addAll(logs);
      }
    }

    void abort(RuntimeException failure) {
      if (written.isEmpty()) {
        return;
      }
      failure.addSuppressed(
          new IllegalStateException(
              "Lookup compaction to level "
                  + outputLevel
                  + " failed after writing "
                  + written.size()
                  + " files; they are left for orphan clean-up: "
                  + written.stream().map(DataFileMeta::fileName).toList()));
    }

    /** The merged records of the sections in key order, one section open at a time. */
    private final class Merged implements CloseableIterator<KeyValue> {
      private final List<List<SortedRun>> sections;
      private final boolean withLookup;
      private final boolean drop;
      private final List<KeyValue> changelogRecords;
      private final MergeFunction function = merge.get();
      private final LookupMerge lookupMerge;
      private int nextSection;
      private @Nullable KeyGroups current;
      private @Nullable KeyValue next;

      Merged(
          List<List<SortedRun>> sections,
          boolean withLookup,
          boolean drop,
          List<KeyValue> changelogRecords) {
        this.sections = sections;
        this.withLookup = withLookup;
        this.drop = drop;
        this.changelogRecords = changelogRecords;
        this.lookupMerge =
            new LookupMerge(
                function,
                settings.firstRow(),
                settings.produceChangelog(),
                settings.rowDeduplicate());
      }

      @Override
      public boolean hasNext() {
        while (next == null) {
          if (current == null || !current.hasNext()) {
            if (current != null) {
              current.close();
              current = null;
            }
            if (nextSection == sections.size()) {
              return false;
            }
            current = open(sections.get(nextSection++));
            continue;
          }
          List<KeyGroups.Leveled> group = current.next();
          KeyValue result =
              withLookup
                  ? lookupMerge.merge(
                      group,
                      key -> lookup.lookup(levels, key, outputLevel + 1),
                      changelogRecords,
                      replaced)
                  : plain(group);
          if (result != null && (!drop || result.valueKind().isAdd())) {
            next = result;
          }
        }
        return true;
      }

      // Paimon wraps the merge function of a lookup table (LookupMergeFunction): a record of a
      // level >= 1 already holds the merge of everything above it, so only the lowest such record
      // and the level-0 records are merged. First-row keeps the oldest record and is not wrapped.
      private @Nullable KeyValue plain(List<KeyGroups.Leveled> group) {
        KeyGroups.Leveled high = null;
        if (!settings.firstRow()) {
          for (KeyGroups.Leveled r : group) {
            if (r.level() > 0 && (high == null || r.level() < high.level())) {
              high = r;
            }
          }
        }
        function.reset();
        for (KeyGroups.Leveled r : group) {
          if (high == null || r.level() == 0 || r == high) {
            function.add(r.kv());
          }
        }
        return function.result();
      }

      private KeyGroups open(List<SortedRun> section) {
        List<KeyGroups.Input> inputs = new ArrayList<>(section.size());
        try {
          for (SortedRun run : section) {
            int level = run.files().get(0).level();
            inputs.add(new KeyGroups.Input(new RunRecords(run.files()), level));
          }
        } catch (RuntimeException e) {
          for (KeyGroups.Input in : inputs) {
            in.records().close();
          }
          throw e;
        }
        return new KeyGroups(inputs, keyOrder, function.recordOrder());
      }

      @Override
      public KeyValue next() {
        if (!hasNext()) {
          throw new NoSuchElementException();
        }
        KeyValue kv = next;
        next = null;
        return kv;
      }

      @Override
      public void close() {
        if (current != null) {
          current.close();
          current = null;
        }
      }
    }
  }

  private static boolean mayHoldDeletes(DataFileMeta file) {
    return file.deleteRowCount() == null || file.deleteRowCount() > 0;
  }

  /** The records of a run's files in order, without the rows their deletion vectors mark. */
  private final class RunRecords implements CloseableIterator<KeyValue> {
    private final Iterator<DataFileMeta> remaining;
    private @Nullable CloseableIterator<KeyValue> current;
    private DeletionVector deleted = DeletionVector.empty();
    private long position;
    private @Nullable KeyValue next;

    RunRecords(List<DataFileMeta> runFiles) {
      this.remaining = runFiles.iterator();
    }

    @Override
    public boolean hasNext() {
      while (next == null) {
        if (current == null || !current.hasNext()) {
          if (current != null) {
            current.close();
            current = null;
          }
          if (!remaining.hasNext()) {
            return false;
          }
          DataFileMeta file = remaining.next();
          deleted = vectors == null ? DeletionVector.empty() : vectors.vectorOf(file.fileName());
          position = 0;
          current = files.open(file);
          continue;
        }
        KeyValue kv = current.next();
        if (!deleted.isDeleted(position++)) {
          next = kv;
        }
      }
      return true;
    }

    @Override
    public KeyValue next() {
      if (!hasNext()) {
        throw new NoSuchElementException();
      }
      KeyValue kv = next;
      next = null;
      return kv;
    }

    @Override
    public void close() {
      if (current != null) {
        current.close();
        current = null;
      }
    }
  }
}
