package dev.lakeops.table.commit;

import static java.util.Objects.requireNonNull;

import dev.lakeops.table.io.FileExistsException;
import dev.lakeops.table.io.FileIO;
import dev.lakeops.table.meta.Snapshot;
import dev.lakeops.table.meta.SnapshotHints;
import dev.lakeops.table.meta.SnapshotJson;
import dev.lakeops.table.paths.TablePaths;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Optional;
import java.util.OptionalLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Snapshots as {@code snapshot/snapshot-<id>} files with the {@code LATEST} and {@code EARLIEST}
 * hints ({@code paimon-format.md} §3, §4, §14.3 step 5).
 *
 * <p>{@code snapshot-N} is published with {@link FileIO#createExclusively}, so two processes
 * committing to one table never both take id N (Paimon's local rename can let both win).
 */
public final class FileSystemSnapshotStore implements SnapshotStore {

  private static final Logger LOG = LoggerFactory.getLogger(FileSystemSnapshotStore.class);
  // A latest snapshot can vanish between listing and reading only during a destructive rollback.
  private static final int LATEST_READ_ATTEMPTS = 10;

  private final FileIO io;
  private final TablePaths paths;

  public FileSystemSnapshotStore(FileIO io, TablePaths paths) {
    this.io = requireNonNull(io, "io");
    this.paths = requireNonNull(paths, "paths");
  }

  @Override
  public Optional<Snapshot> latest() {
    for (int attempt = 1; attempt <= LATEST_READ_ATTEMPTS; attempt++) {
      OptionalLong id = SnapshotHints.latestSnapshotId(io, paths);
      if (id.isEmpty()) {
        return Optional.empty();
      }
      Optional<Snapshot> snapshot = findSnapshot(id.getAsLong());
      if (snapshot.isPresent()) {
        return snapshot;
      }
      LOG.debug(
          "Latest snapshot {} of {} disappeared while reading it; listing again",
          id.getAsLong(),
          paths.root());
    }
    throw new IllegalStateException(
        "The latest snapshot of "
            + paths.root()
            + " kept disappearing while reading it "
            + "("
            + LATEST_READ_ATTEMPTS
            + " attempts); is a rollback running?");
  }

  @Override
  public Optional<Snapshot> findSnapshot(long id) {
    Path file = paths.snapshotFile(id);
    try {
      return Optional.of(SnapshotJson.load(io, file));
    } catch (UncheckedIOException e) {
      if (e.getCause() instanceof NoSuchFileException) {
        return Optional.empty();
      }
      throw e;
    }
  }

  @Override
  public void publish(Snapshot next) {
    requireNonNull(next, "next");
    Path file = paths.snapshotFile(next.id());
    byte[] json = SnapshotJson.toJson(next).getBytes(StandardCharsets.UTF_8);
    try {
      io.createExclusively(file, json);
    } catch (FileExistsException e) {
      throw new CommitConflictException(
          next.id(),
          "Snapshot "
              + next.id()
              + " of "
              + paths.root()
              + " was published by another writer first");
    } catch (RuntimeException e) {
      settleFailedPublish(next.id(), file, json, e);
    }
    // Paimon readers treat LATEST as a hint: if snapshot-<hint+1> exists they list the directory.
    // A stale hint is harmless, so it is written after the snapshot and the commit stays one atomic
    // create.
    writeHint(paths.latestHint(), next.id());
    if (next.id() == 1) {
      writeHint(paths.earliestHint(), next.id());
    }
  }

  /**
   * Returns normally only when {@code file} holds exactly {@code json}: the create succeeded
   * despite the error.
   */
  private void settleFailedPublish(long id, Path file, byte[] json, RuntimeException failure) {
    Optional<byte[]> found;
    try {
      found = io.findBytes(file);
    } catch (RuntimeException e) {
      failure.addSuppressed(e);
      throw new CommitStateUnknownException(
          "Publishing snapshot "
              + id
              + " failed ("
              + failure.getMessage()
              + ") and "
              + file
              + " cannot be read back; the snapshot may or may not exist",
          failure);
    }
    if (found.isPresent() && Arrays.equals(found.get(), json)) {
      LOG.warn(
          "Publishing {} reported an error but the snapshot is in place; treating it as published",
          file,
          failure);
      return;
    }
    if (found.isPresent()) {
      throw new CommitConflictException(
          id,
          "Snapshot " + id + " of " + paths.root() + " was published by another writer first",
          failure);
    }
    throw new CommitStateUnknownException(
        "Publishing snapshot "
            + id
            + " failed ("
            + failure.getMessage()
            + ") and "
            + file
            + " is absent; the storage does not tell whether it will appear",
        failure);
  }

  private void writeHint(Path hint, long id) {
    try {
      SnapshotHints.write(io, hint, id);
    } catch (RuntimeException e) {
      LOG.warn("Failed to write hint {} = {} (harmless: readers verify hints)", hint, id, e);
    }
  }
}
