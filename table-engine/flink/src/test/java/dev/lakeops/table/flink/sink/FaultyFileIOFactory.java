package dev.lakeops.table.flink.sink;

import dev.lakeops.table.io.FileIO;
import dev.lakeops.table.io.FileIOFactory;
import dev.lakeops.table.io.ForwardingFileIO;
import dev.lakeops.table.io.LocalFileIO;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Path;
import java.util.Map;
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

  static final class FaultyFileIO extends ForwardingFileIO {

    FaultyFileIO() {
      super(new LocalFileIO());
    }

    @Override
    public void createExclusively(Path file, byte[] content) {
      delegate.createExclusively(file, content);
      if (file.getFileName().toString().startsWith("snapshot-")
          && Faults.strike(Faults.publishFailures)) {
        // not an exception: the commit path settles any failed publish; a crash stops it dead
        throw new InjectedCrash("Injected crash after publishing " + file);
      }
    }

    @Override
    public void writeAtomically(Path file, byte[] content) {
      failData(file);
      delegate.writeAtomically(file, content);
    }

    @Override
    public void writeAtomically(Path file, ContentWriter writer) {
      failData(file);
      delegate.writeAtomically(file, writer);
    }

    private static void failData(Path file) {
      if (file.getFileName().toString().startsWith("data-")
          && Faults.strike(Faults.writeFailures)) {
        throw new UncheckedIOException("Injected failure writing " + file, new IOException("EIO"));
      }
    }
  }
}
