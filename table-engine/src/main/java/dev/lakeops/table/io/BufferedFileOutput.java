package dev.lakeops.table.io;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Path;

/** {@link FileIO#create}'s default: the content in memory, created exclusively on close. */
final class BufferedFileOutput extends FileOutput {

  private final FileIO io;
  private final Path file;
  private final ByteArrayOutputStream buffer = new ByteArrayOutputStream();
  private boolean done;

  BufferedFileOutput(FileIO io, Path file) {
    this.io = io;
    this.file = file;
  }

  @Override
  public void write(int b) throws IOException {
    checkOpen();
    buffer.write(b);
  }

  @Override
  public void write(byte[] b, int off, int len) throws IOException {
    checkOpen();
    buffer.write(b, off, len);
  }

  private void checkOpen() throws IOException {
    if (done) {
      throw new IOException("Output to " + file + " is already closed or aborted");
    }
  }

  @Override
  public long position() {
    return buffer.size();
  }

  @Override
  public void abort() {
    done = true;
  }

  @Override
  public void close() {
    if (done) {
      return;
    }
    done = true;
    try {
      io.createExclusively(file, buffer.toByteArray());
    } catch (FileExistsException e) {
      throw new UncheckedIOException(
          "Failed to create " + file + ": it already exists",
          new FileAlreadyExistsException(file.toString()));
    }
  }
}
