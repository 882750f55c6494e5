package dev.lakeops.table.flink.sink;

import dev.lakeops.table.io.FileIO;
import dev.lakeops.table.io.FileIOFactory;
import dev.lakeops.table.io.LocalFileIO;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * {@code faulty://local/<dir>}: the local directory, with {@link Faults} injected where a sink's
 * tasks touch the warehouse: a data file write fails before it starts, and a snapshot publish fails
 * after the snapshot landed (the committer dies between its commit and its next checkpoint).
 */
public final class FaultyFileIOFactory implements FileIOFactory {

  @Override
  public Set<String> schemes() {
    return Set.of("faulty");
  }

  @Override
  public FileIO open(URI warehouse, Map<String, String> options) {
    return new FaultyFileIO();
  }

  /** The process dying at this point; not JVM-fatal, so Flink fails only the task over. */
  static final class InjectedCrash extends Error {
    InjectedCrash(String message) {
      super(message);
    }
  }

  static final class FaultyFileIO implements FileIO {
    private final LocalFileIO local = new LocalFileIO();

    @Override
    public void createExclusively(Path file, byte[] content) {
      local.createExclusively(file, content);
      if (file.getFileName().toString().startsWith("snapshot-")
          && Faults.strike(Faults.publishFailures)) {
        // not an exception: the commit path settles any failed publish; a crash stops it dead
        throw new InjectedCrash("Injected crash after publishing " + file);
      }
    }

    @Override
    public void writeAtomically(Path file, byte[] content) {
      failData(file);
      local.writeAtomically(file, content);
    }

    @Override
    public void writeAtomically(Path file, ContentWriter writer) {
      failData(file);
      local.writeAtomically(file, writer);
    }

    private static void failData(Path file) {
      if (file.getFileName().toString().startsWith("data-")
          && Faults.strike(Faults.writeFailures)) {
        throw new UncheckedIOException("Injected failure writing " + file, new IOException("EIO"));
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
    public List<Path> list(Path dir) {
      return local.list(dir);
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
  }
}
