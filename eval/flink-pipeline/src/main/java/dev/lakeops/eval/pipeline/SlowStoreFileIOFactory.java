package dev.lakeops.eval.pipeline;

import dev.lakeops.table.io.FileIO;
import dev.lakeops.table.io.FileIOFactory;
import dev.lakeops.table.io.FileOutput;
import dev.lakeops.table.io.LocalFileIO;
import dev.lakeops.table.io.SeekableInput;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
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

  private static final class SlowStore implements FileIO {

    private final LocalFileIO local = new LocalFileIO();
    private final SinkDelayControl delay;

    SlowStore(SinkDelayControl delay) {
      this.delay = delay;
    }

    @Override
    public FileOutput create(Path file) {
      FileOutput out = local.create(file);
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

    @Override
    public byte[] readBytes(Path file) {
      return local.readBytes(file);
    }

    @Override
    public Optional<byte[]> findBytes(Path file) {
      return local.findBytes(file);
    }

    @Override
    public InputStream open(Path file) {
      return local.open(file);
    }

    @Override
    public SeekableInput openSeekable(Path file) {
      return local.openSeekable(file);
    }

    @Override
    public SeekableInput openSeekable(Path file, long length) {
      return local.openSeekable(file, length);
    }

    @Override
    public void writeAtomically(Path file, byte[] content) {
      local.writeAtomically(file, content);
    }

    @Override
    public void writeAtomically(Path file, ContentWriter writer) {
      local.writeAtomically(file, writer);
    }

    @Override
    public void createExclusively(Path file, byte[] content) {
      local.createExclusively(file, content);
    }

    @Override
    public List<Path> list(Path dir) {
      return local.list(dir);
    }

    @Override
    public List<Path> listFiles(Path dir) {
      return local.listFiles(dir);
    }

    @Override
    public boolean isDirectory(Path path) {
      return local.isDirectory(path);
    }

    @Override
    public boolean exists(Path path) {
      return local.exists(path);
    }

    @Override
    public boolean delete(Path path) {
      return local.delete(path);
    }

    @Override
    public boolean deleteRecursively(Path dir) {
      return local.deleteRecursively(dir);
    }

    @Override
    public long size(Path file) {
      return local.size(file);
    }

    @Override
    public Instant lastModified(Path file) {
      return local.lastModified(file);
    }

    @Override
    public void mkdirs(Path dir) {
      local.mkdirs(dir);
    }

    @Override
    public String location(Path path) {
      return local.location(path);
    }
  }
}
