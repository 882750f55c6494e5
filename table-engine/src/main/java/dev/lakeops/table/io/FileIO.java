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
 * The few file operations a table needs, so that an object store can implement them later.
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
}
