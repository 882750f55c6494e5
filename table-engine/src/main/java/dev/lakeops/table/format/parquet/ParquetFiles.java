package dev.lakeops.table.format.parquet;

import dev.lakeops.table.io.FileIO;
import dev.lakeops.table.io.FileOutput;
import dev.lakeops.table.io.SeekableInput;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import org.apache.parquet.io.DelegatingSeekableInputStream;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.OutputFile;
import org.apache.parquet.io.PositionOutputStream;
import org.apache.parquet.io.SeekableInputStream;

/** parquet-java's file abstractions over a {@link FileIO}, so Parquet files live on any store. */
final class ParquetFiles {

  private ParquetFiles() {}

  /** A file read by positioned reads; each stream opened from it holds its own input. */
  static InputFile input(FileIO io, Path path) {
    return input(io, path, -1);
  }

  /** {@link #input(FileIO, Path)} of a file whose length is known ({@code knownLength} >= 0). */
  static InputFile input(FileIO io, Path path, long knownLength) {
    return new InputFile() {
      private long length = knownLength;

      @Override
      public long getLength() {
        if (length < 0) {
          length = io.size(path);
        }
        return length;
      }

      @Override
      public SeekableInputStream newStream() throws IOException {
        // FileIO failures stay UncheckedIOExceptions through parquet-java, so they are not
        // mistaken for a damaged file.
        SeekableInput in = length >= 0 ? io.openSeekable(path, length) : io.openSeekable(path);
        length = in.length();
        return new Stream(new Positioned(in));
      }

      @Override
      public String toString() {
        return io.location(path);
      }
    };
  }

  /** The output of one data file; closing the stream publishes it. */
  static OutputFile output(FileOutput out, Path path) {
    return new OutputFile() {
      @Override
      public PositionOutputStream create(long blockSizeHint) {
        return new PositionOutputStream() {
          @Override
          public long getPos() {
            return out.position();
          }

          @Override
          public void write(int b) throws IOException {
            out.write(b);
          }

          @Override
          public void write(byte[] b, int off, int len) throws IOException {
            out.write(b, off, len);
          }

          @Override
          public void flush() throws IOException {
            out.flush();
          }

          @Override
          public void close() throws IOException {
            try {
              out.close();
            } catch (UncheckedIOException e) {
              throw e.getCause();
            }
          }
        };
      }

      @Override
      public PositionOutputStream createOrOverwrite(long blockSizeHint) {
        return create(blockSizeHint);
      }

      @Override
      public boolean supportsBlockSize() {
        return false;
      }

      @Override
      public long defaultBlockSize() {
        return 0;
      }

      @Override
      public String getPath() {
        return path.toString();
      }
    };
  }

  /** A sequential stream with a movable position over a {@link SeekableInput}. */
  private static final class Positioned extends InputStream {
    private final SeekableInput in;
    private long pos;

    Positioned(SeekableInput in) {
      this.in = in;
    }

    @Override
    public int read() throws IOException {
      byte[] one = new byte[1];
      return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
      if (len == 0) {
        return 0;
      }
      int n = in.read(pos, b, off, len);
      if (n > 0) {
        pos += n;
      }
      return n;
    }

    @Override
    public void close() {
      in.close();
    }
  }

  private static final class Stream extends DelegatingSeekableInputStream {
    private final Positioned in;

    Stream(Positioned in) {
      super(in);
      this.in = in;
    }

    @Override
    public long getPos() {
      return in.pos;
    }

    @Override
    public void seek(long newPos) throws IOException {
      if (newPos < 0 || newPos > in.in.length()) {
        throw new EOFException(
            "Seek to " + newPos + " outside " + in.in + " of " + in.in.length() + " bytes");
      }
      in.pos = newPos;
    }
  }
}
