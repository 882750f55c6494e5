package dev.lakeops.table.paths;

import static java.util.Objects.requireNonNull;

import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Hands out new file names for one writer or one commit: one random UUID per namer plus a counter
 * per kind of file from 0, as Paimon's path factories do ({@code manifest-<uuid>-0}, {@code
 * manifest-<uuid>-1}, ...). The names themselves are made by {@link TablePaths}. Thread-safe.
 */
public final class FileNamer {

  private final UUID uuid;
  private final AtomicInteger manifests = new AtomicInteger();
  private final AtomicInteger manifestLists = new AtomicInteger();
  private final AtomicInteger indexManifests = new AtomicInteger();
  private final AtomicInteger indexFiles = new AtomicInteger();
  private final AtomicInteger statistics = new AtomicInteger();
  private final AtomicInteger dataFiles = new AtomicInteger();

  public FileNamer(UUID uuid) {
    this.uuid = requireNonNull(uuid, "uuid");
  }

  public static FileNamer random() {
    return new FileNamer(UUID.randomUUID());
  }

  public UUID uuid() {
    return uuid;
  }

  public String nextManifest() {
    return TablePaths.manifestFileName(uuid, manifests.getAndIncrement());
  }

  public String nextManifestList() {
    return TablePaths.manifestListFileName(uuid, manifestLists.getAndIncrement());
  }

  public String nextIndexManifest() {
    return TablePaths.indexManifestFileName(uuid, indexManifests.getAndIncrement());
  }

  public String nextIndexFile() {
    return TablePaths.indexFileName(uuid, indexFiles.getAndIncrement());
  }

  public String nextStatisticsFile() {
    return TablePaths.statisticsFileName(uuid, statistics.getAndIncrement());
  }

  /**
   * {@code data-<uuid>-<n>.<extension>}; data and changelog files share one counter, as in Paimon.
   */
  public String nextDataFile(String extension) {
    return TablePaths.dataFileName(
        TablePaths.DATA_FILE_PREFIX, uuid, dataFiles.getAndIncrement(), extension);
  }

  /** {@code changelog-<uuid>-<n>.<extension>}. */
  public String nextChangelogFile(String extension) {
    return nextChangelogFile(TablePaths.CHANGELOG_FILE_PREFIX, extension);
  }

  /**
   * {@code <prefix><uuid>-<n>.<extension>} with the table's {@code changelog-file.prefix}; shares
   * the counter of data files.
   */
  public String nextChangelogFile(String prefix, String extension) {
    return TablePaths.dataFileName(prefix, uuid, dataFiles.getAndIncrement(), extension);
  }
}
