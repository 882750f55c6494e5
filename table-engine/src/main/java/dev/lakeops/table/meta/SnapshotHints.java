package dev.lakeops.table.meta;

import dev.lakeops.table.io.FileIO;
import dev.lakeops.table.paths.TablePaths;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.OptionalLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The {@code snapshot/EARLIEST} and {@code snapshot/LATEST} hint files (source: Paimon {@code
 * HintFileUtils}; {@code paimon-format.md} §4): the decimal id in UTF-8, no newline. They are
 * hints, not truth: a reader always verifies them against the snapshot files, so a stale or
 * unreadable hint only costs a directory listing.
 */
public final class SnapshotHints {

  private static final Logger LOG = LoggerFactory.getLogger(SnapshotHints.class);

  private SnapshotHints() {}

  /**
   * The id in a hint file; empty when the file is missing or does not hold a positive id (logged).
   */
  public static OptionalLong find(FileIO io, Path hintFile) {
    return io.findBytes(hintFile).map(bytes -> parse(bytes, hintFile)).orElse(OptionalLong.empty());
  }

  private static OptionalLong parse(byte[] bytes, Path hintFile) {
    String text = new String(bytes, StandardCharsets.UTF_8).trim();
    try {
      long id = Long.parseLong(text);
      if (id > 0) {
        return OptionalLong.of(id);
      }
    } catch (NumberFormatException e) {
      // logged below
    }
    LOG.warn(
        "Ignoring hint file {}: content '{}' is not a snapshot id",
        hintFile,
        text.length() > 40 ? text.substring(0, 40) + "..." : text);
    return OptionalLong.empty();
  }

  /** Replaces a hint file atomically with {@code id}. */
  public static void write(FileIO io, Path hintFile, long id) {
    if (id < 1) {
      throw new IllegalArgumentException(
          "Invalid snapshot id for hint " + hintFile + ": " + id + " (must be >= 1)");
    }
    io.writeAtomically(hintFile, Long.toString(id).getBytes(StandardCharsets.UTF_8));
  }

  /**
   * The latest snapshot id: the {@code LATEST} hint if {@code snapshot-(hint+1)} does not exist,
   * else the largest id listed in {@code snapshot/}; empty for a table without snapshots.
   */
  public static OptionalLong latestSnapshotId(FileIO io, TablePaths paths) {
    OptionalLong hint = find(io, paths.latestHint());
    if (hint.isPresent()
        && io.exists(paths.snapshotFile(hint.getAsLong()))
        && !io.exists(paths.snapshotFile(hint.getAsLong() + 1))) {
      return hint;
    }
    return listed(io, paths, true);
  }

  /**
   * The earliest snapshot id: the {@code EARLIEST} hint if that snapshot exists, else the smallest
   * id listed in {@code snapshot/}; empty for a table without snapshots.
   */
  public static OptionalLong earliestSnapshotId(FileIO io, TablePaths paths) {
    OptionalLong hint = find(io, paths.earliestHint());
    if (hint.isPresent() && io.exists(paths.snapshotFile(hint.getAsLong()))) {
      return hint;
    }
    return listed(io, paths, false);
  }

  private static OptionalLong listed(FileIO io, TablePaths paths, boolean max) {
    OptionalLong best = OptionalLong.empty();
    for (Path p : io.list(paths.snapshotDir())) {
      OptionalLong id = TablePaths.parseSnapshotId(p.getFileName().toString());
      if (id.isPresent()
          && (best.isEmpty()
              || (max ? id.getAsLong() > best.getAsLong() : id.getAsLong() < best.getAsLong()))) {
        best = id;
      }
    }
    return best;
  }
}
