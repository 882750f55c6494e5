package dev.lakeops.tools.table;

import java.util.List;

/**
 * Duplicated keys whose rows came from the same set of snapshots.
 *
 * @param snapshotIds the snapshots that added the files holding the key's rows, ascending; 0 stands
 *     for files whose adding snapshot has expired
 * @param keys how many duplicated keys have exactly these origins
 * @param extraRows rows (or files, for unmerged keys) beyond the first per key
 */
public record DuplicateGroup(List<Long> snapshotIds, long keys, long extraRows) {

  public DuplicateGroup {
    snapshotIds = List.copyOf(snapshotIds);
  }
}
