package dev.lakeops.table.lsm;

import dev.lakeops.table.meta.DataFileMeta;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;

/**
 * Splits the files of one bucket into sections whose key ranges do not overlap each other, and each
 * section into as few sorted runs as possible (source: Paimon {@code IntervalPartition}). A merge
 * then only needs the runs of one section at a time, and a section of one run needs no merge.
 */
public final class IntervalPartition {

  private IntervalPartition() {}

  /**
   * Sections in key order, each a list of sorted runs.
   *
   * <p>Files are sorted by (min key, max key); a section ends where the next file starts after
   * every key seen so far. Within a section each file goes to the run whose last key ends earliest,
   * if it ends before the file starts, else to a new run (interval scheduling, greedy and optimal).
   * O(n log n) key comparisons.
   */
  public static List<List<SortedRun>> partition(List<DataFileMeta> files, KeyOrder order) {
    List<DataFileMeta> sorted = new ArrayList<>(files);
    sorted.sort(
        (a, b) -> {
          int c = order.compare(a.minKey(), b.minKey());
          return c != 0 ? c : order.compare(a.maxKey(), b.maxKey());
        });
    List<List<SortedRun>> sections = new ArrayList<>();
    List<DataFileMeta> section = new ArrayList<>();
    DataFileMeta sectionEnd = null;
    for (DataFileMeta f : sorted) {
      if (!section.isEmpty() && order.compare(f.minKey(), sectionEnd.maxKey()) > 0) {
        sections.add(runs(section, order));
        section = new ArrayList<>();
        sectionEnd = null;
      }
      section.add(f);
      if (sectionEnd == null || order.compare(f.maxKey(), sectionEnd.maxKey()) > 0) {
        sectionEnd = f;
      }
    }
    if (!section.isEmpty()) {
      sections.add(runs(section, order));
    }
    return sections;
  }

  // Requires: files sorted by min key.
  private static List<SortedRun> runs(List<DataFileMeta> files, KeyOrder order) {
    record Open(List<DataFileMeta> files) {
      DataFileMeta last() {
        return files.get(files.size() - 1);
      }
    }
    PriorityQueue<Open> open =
        new PriorityQueue<>(Comparator.comparing((Open o) -> o.last().maxKey(), order::compare));
    for (DataFileMeta f : files) {
      Open earliest = open.peek();
      if (earliest != null && order.compare(earliest.last().maxKey(), f.minKey()) < 0) {
        open.poll();
        earliest.files().add(f);
        open.add(earliest);
      } else {
        List<DataFileMeta> run = new ArrayList<>();
        run.add(f);
        open.add(new Open(run));
      }
    }
    List<SortedRun> runs = new ArrayList<>();
    for (Open o : open) {
      runs.add(new SortedRun(o.files()));
    }
    return runs;
  }
}
