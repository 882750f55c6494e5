package dev.lakeops.table.commit;

import static java.util.Objects.requireNonNull;

import dev.lakeops.table.meta.CommitKind;
import dev.lakeops.table.meta.IndexManifestEntry;
import dev.lakeops.table.meta.ManifestEntry;
import dev.lakeops.table.meta.Snapshot;
import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * One snapshot to commit, independent of the base it will land on: its kind, identity and how its
 * delta follows from the base (an overwrite deletes whatever is live in the base when it lands).
 *
 * @param changelog changelog files of this snapshot, as ADD entries
 * @param checkAdds validate even a commit without deletes (Paimon's {@code checkAppendFiles}, used
 *     when recovering: a replayed ADD of a file already live is then a conflict)
 * @param restoring when non-null, the index manifest is taken from this snapshot instead of the
 *     base
 * @param indexChanges the index files the snapshot adds and deletes, given its base; when any, the
 *     snapshot gets a new index manifest combined from the base's and these
 */
record CommitIntent(
    CommitKind kind,
    String commitUser,
    long commitIdentifier,
    Delta delta,
    List<ManifestEntry> changelog,
    boolean checkAdds,
    @Nullable Snapshot restoring,
    IndexDelta indexChanges) {

  /** The ADD and DELETE entries of the snapshot, given the base it will be committed on. */
  @FunctionalInterface
  interface Delta {
    List<ManifestEntry> entries(Optional<Snapshot> base);
  }

  /** The index manifest entries (ADD and DELETE) of the snapshot, given its base. */
  @FunctionalInterface
  interface IndexDelta {
    IndexDelta NONE = base -> List.of();

    List<IndexManifestEntry> entries(Optional<Snapshot> base);
  }

  CommitIntent {
    requireNonNull(kind, "kind");
    requireNonNull(commitUser, "commitUser");
    requireNonNull(delta, "delta");
    requireNonNull(indexChanges, "indexChanges");
    changelog = List.copyOf(changelog);
  }

  static CommitIntent of(
      CommitKind kind,
      String commitUser,
      long commitIdentifier,
      List<ManifestEntry> entries,
      List<ManifestEntry> changelog,
      List<IndexManifestEntry> indexChanges,
      boolean checkAdds) {
    List<ManifestEntry> fixed = List.copyOf(entries);
    List<IndexManifestEntry> fixedIndex = List.copyOf(indexChanges);
    return new CommitIntent(
        kind,
        commitUser,
        commitIdentifier,
        base -> fixed,
        changelog,
        checkAdds,
        null,
        fixedIndex.isEmpty() ? IndexDelta.NONE : base -> fixedIndex);
  }
}
