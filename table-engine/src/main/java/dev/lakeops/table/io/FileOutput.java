package dev.lakeops.table.io;

import java.io.OutputStream;

/**
 * A new file being written by {@link FileIO#create}: nothing appears at its path before {@link
 * #close()} returns, and then the complete content does (a rename on a local disk, a PUT or the
 * completion of a multipart upload on an object store). {@link #abort()} discards what was written;
 * a later {@code close()} then publishes nothing. Not thread-safe.
 */
public abstract class FileOutput extends OutputStream {

  /** The number of bytes written so far. */
  public abstract long position();

  /** Discards the file; does nothing after {@link #close()} or a previous abort. Never throws. */
  public abstract void abort();
}
