package dev.lakeops.table.io;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * The few file operations a table needs, on a local disk ({@link LocalFileIO}) or an object store
 * (opened by {@link FileIOs#open}). On an object store a directory is a key prefix: it exists while
 * a file is under it (or after {@link #mkdirs} left a marker), and {@link #list} shows it as a
 * child.
 *
 * <p>Every {@link IOException} surfaces as an {@link UncheckedIOException} whose message names the
 * path; a missing file on read surfaces as one whose cause is a {@link
 * java.nio.file.NoSuchFileException}. Paths are those made by {@link
 * dev.lakeops.table.paths.TablePaths}.
 *
 * <p>Two write primitives carry the table's safety:
 *
 * <ul>
 *   <li>{@link #writeAtomically}: readers see the old content (or no file) or the complete new
 *       content, never a prefix. Used for manifests, data files and hint files.
 *   <li>{@link #createExclusively}: as above, and in addition at most one of any number of
 *       concurrent callers, in any process, creates the file. Used to publish {@code snapshot-N}.
 * </ul>
 */
public interface FileIO {

  /** Writes the content of a new file to {@code out}; the stream is closed by the caller. */
  @FunctionalInterface
  interface ContentWriter {
    void writeTo(OutputStream out) throws IOException;
  }

  /** Reads a whole file. */
  byte[] readBytes(Path file);

  /** Reads a whole file; empty when it does not exist. */
  Optional<byte[]> findBytes(Path file);

  /** Opens a file for sequential reading; the caller closes the stream. */
  InputStream open(Path file);

  /**
   * Writes {@code content} to {@code file}, replacing any existing file, so that readers never see
   * a partial file. Missing parent directories are created.
   */
  void writeAtomically(Path file, byte[] content);

  /**
   * Like {@link #writeAtomically(Path, byte[])}, streaming. When {@code writer} throws, nothing
   * appears at {@code file} and the exception propagates (an {@link IOException} wrapped).
   */
  void writeAtomically(Path file, ContentWriter writer);

  /**
   * Creates {@code file} with {@code content} only if no file of that name exists, atomically with
   * respect to every other writer (including other processes): of concurrent callers at most one
   * succeeds. Readers never see a partial file. Missing parent directories are created.
   *
   * @throws FileExistsException the file already exists; nothing was written
   */
  void createExclusively(Path file, byte[] content);

  /** The direct children of {@code dir}, sorted by name; empty when {@code dir} does not exist. */
  List<Path> list(Path dir);

  boolean exists(Path path);

  /** Deletes a file or an empty directory; returns false when nothing was there. */
  boolean delete(Path path);

  /** Size of a file in bytes. */
  long size(Path file);

  /** Last modification time of a file. */
  Instant lastModified(Path file);

  /** Creates a directory and its missing parents; does nothing when it exists. */
  void mkdirs(Path dir);

  /**
   * Opens a file for positioned reads (ranged GETs on an object store); the caller closes it. The
   * default reads the whole file into memory.
   *
   * @throws UncheckedIOException the file cannot be opened (cause {@link
   *     java.nio.file.NoSuchFileException} when it is missing)
   */
  default SeekableInput openSeekable(Path file) {
    return SeekableInput.of(file, readBytes(file));
  }

  /**
   * {@link #openSeekable(Path)} of a file whose length is known (a data file's size in its manifest
   * entry), so an object store need not be asked for it (one HEAD less per file read).
   */
  default SeekableInput openSeekable(Path file, long length) {
    return openSeekable(file);
  }

  /**
   * Starts a new file at {@code file} that appears, complete, when the returned stream is closed,
   * and never when it is {@linkplain FileOutput#abort aborted}. Missing parent directories are
   * created. The default buffers the content in memory and publishes it with {@link
   * #createExclusively}.
   *
   * @throws UncheckedIOException (from this method or from {@code close()}, cause {@link
   *     java.nio.file.FileAlreadyExistsException}) a file of that name exists; it is left as it is.
   *     A local disk refuses at once, an object store when the file is published.
   */
  default FileOutput create(Path file) {
    return new BufferedFileOutput(this, file);
  }

  /** Whether {@code path} is a directory (a key prefix with something under it). */
  default boolean isDirectory(Path path) {
    return exists(path) && !list(path).isEmpty();
  }

  /**
   * Every file under {@code dir}, at any depth, sorted; empty when {@code dir} does not exist. On
   * an object store one paginated listing by prefix, whatever the depth.
   */
  default List<Path> listFiles(Path dir) {
    List<Path> files = new java.util.ArrayList<>();
    for (Path p : list(dir)) {
      if (isDirectory(p)) {
        files.addAll(listFiles(p));
      } else {
        files.add(p);
      }
    }
    files.sort(null);
    return files;
  }

  /** Deletes {@code dir} with everything under it; returns false when nothing was there. */
  default boolean deleteRecursively(Path dir) {
    List<Path> files = listFiles(dir);
    for (Path f : files) {
      delete(f);
    }
    List<Path> dirs = new java.util.ArrayList<>();
    collectDirs(dir, dirs);
    dirs.sort(java.util.Comparator.reverseOrder());
    for (Path d : dirs) {
      delete(d);
    }
    return delete(dir) || !files.isEmpty();
  }

  private void collectDirs(Path dir, List<Path> out) {
    for (Path p : list(dir)) {
      if (isDirectory(p)) {
        out.add(p);
        collectDirs(p, out);
      }
    }
  }

  /** Requests made and bytes moved so far by this FileIO (zeros when it does not count). */
  default IoStats stats() {
    return IoStats.NONE;
  }

  /**
   * Whether the paths of this FileIO are paths of this machine's file system (so symbolic links and
   * {@link java.nio.file.Files} apply to them); false for an object store or HDFS.
   */
  default boolean isLocal() {
    return false;
  }

  /** Where {@code path} is, for messages: a local path, or the store URI ({@code s3://b/k}). */
  default String location(Path path) {
    return path.toString();
  }
}
