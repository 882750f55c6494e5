package dev.lakeops.table.io;

import java.io.Closeable;
import java.io.EOFException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Objects;

/**
 * A file opened for positioned reads: on a local disk a file channel, on an object store ranged
 * GETs. Not thread-safe; the caller closes it.
 */
public interface SeekableInput extends Closeable {

  /** The file's length in bytes, as it was when opened. */
  long length();

  /**
   * Reads up to {@code len} bytes at {@code position} into {@code buf}; returns the number read, or
   * -1 when {@code position} is at or past the end.
   *
   * @throws UncheckedIOException the read failed; the message names the file
   */
  int read(long position, byte[] buf, int off, int len);

  /**
   * Reads exactly {@code len} bytes at {@code position}.
   *
   * @throws UncheckedIOException the file ends first (cause {@link EOFException}) or the read
   *     failed
   */
  default void readFully(long position, byte[] buf, int off, int len) {
    Objects.checkFromIndexSize(off, len, buf.length);
    int done = 0;
    while (done < len) {
      int n = read(position + done, buf, off + done, len - done);
      if (n < 0) {
        throw new UncheckedIOException(
            "Failed to read "
                + len
                + " bytes at offset "
                + position
                + " of "
                + this
                + ": the file ends at "
                + length(),
            new EOFException("end of file at " + (position + done)));
      }
      done += n;
    }
  }

  @Override
  void close();

  /** A file held in memory (for {@link FileIO}s without positioned reads of their own). */
  static SeekableInput of(Path file, byte[] content) {
    return new SeekableInput() {
      @Override
      public long length() {
        return content.length;
      }

      @Override
      public int read(long position, byte[] buf, int off, int len) {
        Objects.checkFromIndexSize(off, len, buf.length);
        if (position < 0) {
          throw new IllegalArgumentException("Invalid position: " + position + " in " + file);
        }
        if (position >= content.length) {
          return -1;
        }
        int n = (int) Math.min(len, content.length - position);
        System.arraycopy(content, (int) position, buf, off, n);
        return n;
      }

      @Override
      public void close() {}

      @Override
      public String toString() {
        return file.toString();
      }
    };
  }

  /** Wraps an {@link IOException} of a positioned read so that the message names the file. */
  static UncheckedIOException readFailure(Object file, long position, IOException e) {
    return new UncheckedIOException("Failed to read " + file + " at offset " + position, e);
  }
}
