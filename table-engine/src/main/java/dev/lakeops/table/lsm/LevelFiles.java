package dev.lakeops.table.lsm;

import static java.util.Objects.requireNonNull;

import dev.lakeops.table.meta.DataFileMeta;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

/**
 * The files of one bucket's LSM tree, by level (LevelDB's {@code Version}; Paimon's {@code
 * Levels}). Immutable: {@link #apply} returns a new instance.
 *
 * <p>Level 0 holds files that may overlap, each its own sorted run, newest first (largest max
 * sequence number first). Each level ≥ 1 is one sorted run whose files are ordered by key and
 * disjoint. The highest level is {@code numLevels - 1}.
 */
public final class LevelFiles {

  /** Newest first, as Paimon orders level 0: max sequence desc, then min sequence, then name. */
  private static final Comparator<DataFileMeta> LEVEL0_ORDER =
      Comparator.comparingLong(DataFileMeta::maxSequenceNumber)
          .reversed()
          .thenComparingLong(DataFileMeta::minSequenceNumber)
          .thenComparing(DataFileMeta::fileName);

  private final KeyOrder keyOrder;
  private final List<DataFileMeta> level0;
  private final List<SortedRun> levels;

  private LevelFiles(KeyOrder keyOrder, List<DataFileMeta> level0, List<SortedRun> levels) {
    this.keyOrder = keyOrder;
    this.level0 = level0;
    this.levels = levels;
  }

  /** An empty tree with levels 0 .. {@code numLevels - 1}. */
  public static LevelFiles empty(KeyOrder keyOrder, int numLevels) {
    return of(keyOrder, numLevels, List.of());
  }

  /**
   * The tree of {@code files} (each at its recorded level). When a file lies above {@code numLevels
   * - 1} (another writer used more levels), the tree grows to hold it.
   *
   * @throws LsmConflictException two files of one level ≥ 1 overlap
   */
  public static LevelFiles of(KeyOrder keyOrder, int numLevels, List<DataFileMeta> files) {
    requireNonNull(keyOrder, "keyOrder");
    if (numLevels < 2) {
      throw new IllegalArgumentException(
          "Invalid number of levels: " + numLevels + " (must be >= 2)");
    }
    int levelsNeeded = numLevels;
    for (DataFileMeta f : files) {
      levelsNeeded = Math.max(levelsNeeded, f.level() + 1);
    }
    return build(keyOrder, levelsNeeded, files);
  }

  private static LevelFiles build(KeyOrder keyOrder, int numLevels, List<DataFileMeta> files) {
    List<DataFileMeta> level0 = new ArrayList<>();
    List<List<DataFileMeta>> byLevel = new ArrayList<>();
    for (int i = 1; i < numLevels; i++) {
      byLevel.add(new ArrayList<>());
    }
    for (DataFileMeta f : files) {
      if (f.level() == 0) {
        level0.add(f);
      } else {
        byLevel.get(f.level() - 1).add(f);
      }
    }
    level0.sort(LEVEL0_ORDER);
    List<SortedRun> levels = new ArrayList<>();
    for (int i = 0; i < byLevel.size(); i++) {
      List<DataFileMeta> run = byLevel.get(i);
      run.sort((a, b) -> keyOrder.compare(a.minKey(), b.minKey()));
      SortedRun sorted = new SortedRun(run);
      if (!sorted.isOrderedAndDisjoint(keyOrder)) {
        throw new LsmConflictException(
            "LSM conflict: files of level "
                + (i + 1)
                + " overlap in key range: "
                + describe(run, keyOrder));
      }
      levels.add(sorted);
    }
    return new LevelFiles(
        keyOrder, Collections.unmodifiableList(level0), Collections.unmodifiableList(levels));
  }

  private static String describe(List<DataFileMeta> run, KeyOrder order) {
    StringBuilder sb = new StringBuilder();
    for (DataFileMeta f : run) {
      sb.append(f.fileName())
          .append(' ')
          .append(order.decode(f.minKey()))
          .append("..")
          .append(order.decode(f.maxKey()))
          .append("; ");
    }
    return sb.toString();
  }

  /**
   * The tree after {@code edit}: its deleted files removed (matched by level and name), its added
   * files inserted at their levels.
   *
   * @throws LsmConflictException a deleted file is not in the tree, or the result has overlapping
   *     files in a level ≥ 1
   */
  public LevelFiles apply(LevelEdit edit) {
    Map<String, DataFileMeta> current = new HashMap<>();
    for (DataFileMeta f : allFiles()) {
      current.put(identity(f), f);
    }
    for (DataFileMeta f : edit.deleted()) {
      if (current.remove(identity(f)) == null) {
        throw new LsmConflictException(
            "LSM conflict: file "
                + f.fileName()
                + " at level "
                + f.level()
                + " is not in the tree");
      }
    }
    List<DataFileMeta> files = new ArrayList<>(current.values());
    files.addAll(edit.added());
    int needed = numLevels();
    for (DataFileMeta f : edit.added()) {
      needed = Math.max(needed, f.level() + 1);
    }
    return build(keyOrder, needed, files);
  }

  private static String identity(DataFileMeta f) {
    return f.level() + "/" + f.fileName();
  }

  public KeyOrder keyOrder() {
    return keyOrder;
  }

  public int numLevels() {
    return levels.size() + 1;
  }

  public int maxLevel() {
    return levels.size();
  }

  /** Level-0 files, newest first. */
  public List<DataFileMeta> level0() {
    return level0;
  }

  /** The run of level {@code level} ≥ 1 (empty when the level has no files). */
  public SortedRun run(int level) {
    if (level < 1 || level > levels.size()) {
      throw new IllegalArgumentException(
          "Invalid level: " + level + " (levels 1.." + levels.size() + ")");
    }
    return levels.get(level - 1);
  }

  /**
   * Every sorted run, newest first: each level-0 file, then each non-empty level in ascending
   * order.
   */
  public List<LevelSortedRun> sortedRuns() {
    List<LevelSortedRun> runs = new ArrayList<>();
    for (DataFileMeta f : level0) {
      runs.add(new LevelSortedRun(0, SortedRun.of(f)));
    }
    for (int i = 0; i < levels.size(); i++) {
      if (!levels.get(i).isEmpty()) {
        runs.add(new LevelSortedRun(i + 1, levels.get(i)));
      }
    }
    return runs;
  }

  public int numberOfSortedRuns() {
    int n = level0.size();
    for (SortedRun run : levels) {
      if (!run.isEmpty()) {
        n++;
      }
    }
    return n;
  }

  /** The highest level that holds a file; -1 for an empty tree. */
  public int highestNonEmptyLevel() {
    for (int i = levels.size(); i >= 1; i--) {
      if (!levels.get(i - 1).isEmpty()) {
        return i;
      }
    }
    return level0.isEmpty() ? -1 : 0;
  }

  public List<DataFileMeta> allFiles() {
    List<DataFileMeta> all = new ArrayList<>(level0);
    for (SortedRun run : levels) {
      all.addAll(run.files());
    }
    return all;
  }

  public boolean isEmpty() {
    return allFiles().isEmpty();
  }

  /** The largest sequence number in the tree; empty for an empty tree. */
  public OptionalLong maxSequenceNumber() {
    return allFiles().stream().mapToLong(DataFileMeta::maxSequenceNumber).max();
  }
}
