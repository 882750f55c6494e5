package dev.lakeops.table.io;

import static java.util.Objects.requireNonNull;

import java.io.InputStream;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * A {@link FileIO} that hands every call to another one, for wrappers that change a few of them (a
 * test's injected failure or crash at a chosen write, the sandbox's slow store): they override
 * those and inherit the rest. The abstract methods and the plain queries ({@link #stats}, {@link
 * #isLocal}, {@link #location}) are forwarded; the composed defaults ({@code create}, {@code
 * openSeekable}, {@code listFiles}, ...) are not, so they go through this object's methods and a
 * fault injected into {@code writeAtomically} or {@code readBytes} reaches every write or read.
 */
public abstract class ForwardingFileIO implements FileIO {

  protected final FileIO delegate;

  protected ForwardingFileIO(FileIO delegate) {
    this.delegate = requireNonNull(delegate, "delegate");
  }

  @Override
  public byte[] readBytes(Path file) {
    return delegate.readBytes(file);
  }

  @Override
  public Optional<byte[]> findBytes(Path file) {
    return delegate.findBytes(file);
  }

  @Override
  public InputStream open(Path file) {
    return delegate.open(file);
  }

  @Override
  public void writeAtomically(Path file, byte[] content) {
    delegate.writeAtomically(file, content);
  }

  @Override
  public void writeAtomically(Path file, ContentWriter writer) {
    delegate.writeAtomically(file, writer);
  }

  @Override
  public void createExclusively(Path file, byte[] content) {
    delegate.createExclusively(file, content);
  }

  @Override
  public List<Path> list(Path dir) {
    return delegate.list(dir);
  }

  @Override
  public boolean exists(Path path) {
    return delegate.exists(path);
  }

  @Override
  public boolean delete(Path path) {
    return delegate.delete(path);
  }

  @Override
  public long size(Path file) {
    return delegate.size(file);
  }

  @Override
  public Instant lastModified(Path file) {
    return delegate.lastModified(file);
  }

  @Override
  public void mkdirs(Path dir) {
    delegate.mkdirs(dir);
  }

  @Override
  public IoStats stats() {
    return delegate.stats();
  }

  @Override
  public boolean isLocal() {
    return delegate.isLocal();
  }

  @Override
  public String location(Path path) {
    return delegate.location(path);
  }
}
