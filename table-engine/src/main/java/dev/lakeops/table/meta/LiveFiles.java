package dev.lakeops.table.meta;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Folds manifest entries into the live file set (source: Paimon {@code FileEntry.mergeEntries};
 * {@code paimon-format.md} §7.3): read a snapshot's base manifest list, then its delta list, all
 * their manifests in order, and fold. An ADD inserts the file's {@link FileIdentifier}; a DELETE
 * removes it, or is remembered when its ADD lies in manifests not folded here.
 */
public final class LiveFiles {

  private final Map<FileIdentifier, ManifestEntry> added = new LinkedHashMap<>();
  private final Set<FileIdentifier> unmatchedDeletes = new HashSet<>();

  /**
   * Applies {@code entries} in order.
   *
   * @throws IllegalStateException an ADD of a file that is already live (Paimon fails the same way)
   */
  public LiveFiles apply(Iterable<ManifestEntry> entries) {
    for (ManifestEntry e : entries) {
      FileIdentifier id = e.identifier();
      if (e.kind() == FileKind.ADD) {
        if (added.putIfAbsent(id, e) != null) {
          throw new IllegalStateException(
              "Trying to add file "
                  + e.fileName()
                  + " (bucket "
                  + e.bucket()
                  + ", level "
                  + e.level()
                  + ") which is already added");
        }
      } else if (added.remove(id) == null) {
        unmatchedDeletes.add(id);
      }
    }
    return this;
  }

  /** The ADD entries still live, in the order they were added. */
  public List<ManifestEntry> files() {
    return new ArrayList<>(added.values());
  }

  /**
   * DELETEs whose ADD was not seen: after folding a whole snapshot, a non-empty set means a
   * conflict.
   */
  public Set<FileIdentifier> unmatchedDeletes() {
    return Set.copyOf(unmatchedDeletes);
  }
}
