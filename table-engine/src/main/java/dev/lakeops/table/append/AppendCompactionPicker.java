package dev.lakeops.table.append;

import dev.lakeops.table.meta.DataFileMeta;
import dev.lakeops.table.schema.TableOptions;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * Chooses the files of an append table to merge, with Paimon's rules (source: {@code
 * BucketedAppendCompactManager} for buckets, {@code AppendCompactCoordinator} for bucket-unaware
 * partitions). Pure functions of the files; every pick is a run of files that are consecutive in
 * {@link #SEQUENCE_ORDER}, so a rewrite that numbers its rows from the first file's sequence number
 * keeps the order in which a reader returns them.
 *
 * @param minFileNum {@code compaction.min.file-num}
 * @param targetFileSize {@code target-file-size} of append tables
 * @param compactionFileSize files below this join a bucket-unaware compaction (70% of the target)
 * @param openFileCost {@code source.split.open-file-cost}, added to each file's size when packing
 * @param forceRewriteAllFiles {@code compaction.force-rewrite-all-files}
 */
public record AppendCompactionPicker(
    int minFileNum,
    long targetFileSize,
    long compactionFileSize,
    long openFileCost,
    boolean forceRewriteAllFiles) {

  /**
   * The order in which readers return the files of a bucket: by first sequence number, then name
   * (as {@code TableScan} orders append files, and Paimon's split generator).
   */
  public static final Comparator<DataFileMeta> SEQUENCE_ORDER =
      Comparator.comparingLong(DataFileMeta::minSequenceNumber)
          .thenComparing(DataFileMeta::fileName);

  /** A full compaction merges nothing with fewer small files than this (Paimon's constant). */
  static final int FULL_COMPACT_MIN_FILES = 3;

  public AppendCompactionPicker {
    if (minFileNum < 1) {
      throw new IllegalArgumentException(
          "Invalid compaction.min.file-num: " + minFileNum + " (must be >= 1)");
    }
    if (targetFileSize <= 0) {
      throw new IllegalArgumentException(
          "Invalid target-file-size: " + targetFileSize + " bytes (must be > 0)");
    }
  }

  public static AppendCompactionPicker of(TableOptions options) {
    return new AppendCompactionPicker(
        options.compactionMinFileNum(),
        options.targetFileSize(false).bytes(),
        options.compactionFileSize(false),
        options.splitOpenFileCost().bytes(),
        options.compactionForceRewriteAllFiles());
  }

  /**
   * The next files a bucket writer compacts (Paimon's {@code pickCompactBefore}): a window slides
   * over {@code queue} in sequence order; it is picked once it holds {@code minFileNum} files, and
   * loses its oldest file whenever its files together reach the target size. A run of small files
   * is thus merged once there are enough of them, while files that are large enough are left alone.
   *
   * <p>Requires: {@code queue} is in {@link #SEQUENCE_ORDER}.
   */
  public Optional<List<DataFileMeta>> pickNext(List<DataFileMeta> queue) {
    List<DataFileMeta> window = new ArrayList<>();
    long windowSize = 0;
    int first = 0;
    for (DataFileMeta file : queue) {
      window.add(file);
      windowSize += file.fileSize();
      if (window.size() - first >= minFileNum) {
        return Optional.of(List.copyOf(window.subList(first, window.size())));
      }
      if (windowSize >= targetFileSize) {
        windowSize -= window.get(first).fileSize();
        first++;
      }
    }
    return Optional.empty();
  }

  /**
   * Every pick a maintenance compaction of one bucket makes: {@link #pickNext} again and again over
   * the files not yet picked, each pick a run of consecutive files.
   */
  public List<List<DataFileMeta>> pickAll(List<DataFileMeta> files) {
    List<List<DataFileMeta>> picks = new ArrayList<>();
    List<DataFileMeta> rest = sorted(files);
    // Each pick is taken out as a whole and later picks only look at what follows it, so that
    // no two picks interleave in sequence order.
    while (true) {
      Optional<List<DataFileMeta>> pick = pickNext(rest);
      if (pick.isEmpty()) {
        return picks;
      }
      picks.add(pick.get());
      int last = rest.indexOf(pick.get().get(pick.get().size() - 1));
      rest = rest.subList(last + 1, rest.size());
    }
  }

  /**
   * What a full compaction of one bucket merges (Paimon's {@code FullCompactTask}): the files after
   * the leading ones that already reach the target size, when more of them are small than large and
   * there are at least three; with {@code forceRewriteAllFiles}, every file. Empty when nothing
   * would be gained.
   */
  public Optional<List<DataFileMeta>> pickFull(List<DataFileMeta> files) {
    List<DataFileMeta> all = sorted(files);
    if (forceRewriteAllFiles) {
      return all.isEmpty() ? Optional.empty() : Optional.of(all);
    }
    if (all.size() < FULL_COMPACT_MIN_FILES) {
      return Optional.empty();
    }
    int start = 0;
    while (start < all.size() && all.get(start).fileSize() >= targetFileSize) {
      start++;
    }
    List<DataFileMeta> rest = all.subList(start, all.size());
    long small = rest.stream().filter(f -> f.fileSize() < targetFileSize).count();
    long big = rest.size() - small;
    if (small > big && rest.size() >= FULL_COMPACT_MIN_FILES) {
      return Optional.of(List.copyOf(rest));
    }
    return Optional.empty();
  }

  /**
   * The compactions of one partition of a bucket-unaware table (after Paimon's {@code
   * AppendCompactCoordinator}): files below the compaction file size are candidates; they are
   * packed into groups that are each worth a task: more than one file and at least twice the target
   * size (counting the open cost of each file), and a last group once it has {@code minFileNum}
   * files. Paimon packs by ascending size; here groups are runs of consecutive candidates in
   * sequence order (a large file ends a run), so that the rows keep their order.
   */
  public List<List<DataFileMeta>> pickUnaware(List<DataFileMeta> files) {
    List<List<DataFileMeta>> picks = new ArrayList<>();
    List<DataFileMeta> group = new ArrayList<>();
    long groupSize = 0;
    for (DataFileMeta file : sorted(files)) {
      if (file.fileSize() >= compactionFileSize) {
        if (group.size() >= minFileNum) {
          picks.add(List.copyOf(group));
        }
        group.clear();
        groupSize = 0;
        continue;
      }
      group.add(file);
      groupSize += file.fileSize() + openFileCost;
      if (group.size() > 1 && groupSize >= targetFileSize * 2) {
        picks.add(List.copyOf(group));
        group.clear();
        groupSize = 0;
      }
    }
    if (group.size() >= minFileNum) {
      picks.add(List.copyOf(group));
    }
    return picks;
  }

  private static List<DataFileMeta> sorted(List<DataFileMeta> files) {
    List<DataFileMeta> sorted = new ArrayList<>(files);
    sorted.sort(SEQUENCE_ORDER);
    return sorted;
  }
}
