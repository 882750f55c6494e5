package dev.lakeops.table.commit;

import static java.util.Objects.requireNonNull;

import dev.lakeops.table.io.FileIO;
import dev.lakeops.table.meta.CommitKind;
import dev.lakeops.table.meta.DataFileMeta;
import dev.lakeops.table.meta.Snapshot;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Finds out what a writer already committed, by commit user and identifier, so that nothing is
 * committed twice ({@code paimon-format.md} §14.3 step 1, §14.4, §22 rule 12).
 */
final class CommitRecovery {

  private static final Logger LOG = LoggerFactory.getLogger(CommitRecovery.class);

  private final SnapshotStore store;
  private final FileIO io;
  private final DataFileLocator locator;

  CommitRecovery(SnapshotStore store, FileIO io, DataFileLocator locator) {
    this.store = requireNonNull(store, "store");
    this.io = requireNonNull(io, "io");
    this.locator = requireNonNull(locator, "locator");
  }

  /**
   * The snapshot after {@code afterId} with this commit user, identifier and kind: the one an
   * attempt whose publish ended in an unknown state may have published.
   */
  Optional<Snapshot> findCommitted(
      long afterId, String commitUser, long commitIdentifier, CommitKind kind) {
    Optional<Snapshot> latest = store.latest();
    if (latest.isEmpty()) {
      return Optional.empty();
    }
    for (long id = afterId + 1; id <= latest.get().id(); id++) {
      Optional<Snapshot> s = id == latest.get().id() ? latest : store.findSnapshot(id);
      if (s.isPresent()
          && s.get().commitUser().equals(commitUser)
          && s.get().commitIdentifier() == commitIdentifier
          && s.get().commitKind() == kind) {
        return s;
      }
    }
    return Optional.empty();
  }

  /**
   * The newest snapshot of {@code commitUser}, scanning from the latest snapshot back to the
   * earliest still present. Empty when the user has none, or when its snapshots expired (then
   * nothing can be filtered, as in Paimon; the recovery pre-check still refuses to add a live file
   * twice).
   */
  Optional<Snapshot> latestOf(String commitUser) {
    Optional<Snapshot> latest = store.latest();
    if (latest.isEmpty()) {
      return Optional.empty();
    }
    for (long id = latest.get().id(); id >= 1; id--) {
      Optional<Snapshot> s = id == latest.get().id() ? latest : store.findSnapshot(id);
      if (s.isEmpty()) {
        break;
      }
      if (s.get().commitUser().equals(commitUser)) {
        return s;
      }
    }
    LOG.debug(
        "No snapshot of commit user {} is present; nothing is filtered as already committed",
        commitUser);
    return Optional.empty();
  }

  /**
   * Checks that the files a change set still has to commit exist, as Paimon's {@code
   * filterAndCommit} does: a change set restored from a checkpoint whose files were removed in the
   * meantime cannot be committed.
   *
   * @throws IllegalStateException a file is missing; names the files
   */
  void checkFilesExist(ChangeSet changes) {
    List<String> missing = new ArrayList<>();
    for (BucketChange change : changes.changes()) {
      List<DataFileMeta> files = new ArrayList<>(change.newFiles());
      files.addAll(change.compactAfter());
      files.addAll(change.changelogFiles());
      files.addAll(change.compactChangelogFiles());
      for (DataFileMeta file : files) {
        for (Path path : locator.files(change.partition(), change.bucket(), file)) {
          if (!io.exists(path)) {
            missing.add(path.toString());
          }
        }
      }
    }
    if (!missing.isEmpty()) {
      throw new IllegalStateException(
          "Cannot recover commit "
              + changes.commitIdentifier()
              + " of commit user "
              + changes.commitUser()
              + ": "
              + missing.size()
              + " file(s) it adds were deleted: "
              + missing);
    }
  }
}
