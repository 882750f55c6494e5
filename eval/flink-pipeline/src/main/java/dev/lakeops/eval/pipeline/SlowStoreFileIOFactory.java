package dev.lakeops.eval.pipeline;

import dev.lakeops.table.io.FileIO;
import dev.lakeops.table.io.FileIOFactory;
import dev.lakeops.table.io.FileOutput;
import dev.lakeops.table.io.ForwardingFileIO;
import dev.lakeops.table.io.LocalFileIO;
import dev.lakeops.table.io.SeekableInput;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;

/**
 * {@code slowstore://sandbox/<dir>}: the local directory {@code <dir>} as an object store that has
 * become slow to take new data files, the sandbox's cause of a slow lake sink. Each data file (a
 * name starting {@code data-}) is completed only after the delay the control file (option {@value
 * #CONTROL_FILE}) names, in microseconds, re-read at most every 300 ms; everything else, snapshots
 * and manifests included, goes through at once. The lake writer flushes its files when a checkpoint
 * starts, in its task thread: while it waits the job backs up, and its checkpoints take as long.
 */
public final class SlowStoreFileIOFactory implements FileIOFactory {

  public static final String SCHEME = "slowstore";
  public static final String CONTROL_FILE = "slowstore.control-file";

  @Override
  public Set<String> schemes() {
    return Set.of(SCHEME);
  }

  /**
   * @throws IllegalArgumentException the control file option is missing
   */
  @Override
  public FileIO open(URI warehouse, Map<String, String> options) {
    String control = options.get(CONTROL_FILE);
    if (control == null || control.isBlank()) {
      throw new IllegalArgumentException(
          "Invalid warehouse " + warehouse + ": option " + CONTROL_FILE + " is not set");
    }
    return new SlowStore(
        new SinkDelayControl(Path.of(control), "Store delay is now {} µs per data file (from {})"));
  }

  /** The warehouse URI of local directory {@code dir} behind the slow store. */
  public static String uri(Path dir) {
    return SCHEME + "://sandbox" + dir.toAbsolutePath().toUri().getPath();
  }

  private static final class SlowStore extends ForwardingFileIO {

    private final SinkDelayControl delay;

    SlowStore(SinkDelayControl delay) {
      super(new LocalFileIO());
      this.delay = delay;
    }

    @Override
    public FileOutput create(Path file) {
      FileOutput out = delegate.create(file);
      if (!file.getFileName().toString().startsWith("data-")) {
        return out;
      }
      return new FileOutput() {
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
        public long position() {
          return out.position();
        }

        @Override
        public void abort() {
          out.abort();
        }

        @Override
        public void close() throws IOException {
          pause();
          out.close();
        }
      };
    }

    // the local disk's own ranged reads, not the default that reads a whole file
    @Override
    public SeekableInput openSeekable(Path file) {
      return delegate.openSeekable(file);
    }

    @Override
    public SeekableInput openSeekable(Path file, long length) {
      return delegate.openSeekable(file, length);
    }

    private void pause() throws IOException {
      long micros;
      synchronized (delay) {
        micros = delay.delayMicros();
      }
      if (micros <= 0) {
        return;
      }
      try {
        Thread.sleep(micros / 1000, (int) (micros % 1000) * 1000);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IOException("Interrupted while the slow store took a data file", e);
      }
    }
  }
}
