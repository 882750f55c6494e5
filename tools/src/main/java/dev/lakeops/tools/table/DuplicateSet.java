package dev.lakeops.tools.table;

import java.util.List;

/**
 * Keys found more than once, counted; sample keys carry key columns only, never other row values.
 *
 * @param keys distinct keys found more than once
 * @param extraRows occurrences beyond the first, summed over those keys
 * @param sampleKeys a few of them, smallest first, as {@code col=value,...}
 * @param groups the keys grouped by the snapshots their rows came from, most keys first
 */
public record DuplicateSet(
    long keys, long extraRows, List<String> sampleKeys, List<DuplicateGroup> groups) {

  public static final DuplicateSet NONE = new DuplicateSet(0, 0, List.of(), List.of());

  public DuplicateSet {
    sampleKeys = List.copyOf(sampleKeys);
    groups = List.copyOf(groups);
  }
}
