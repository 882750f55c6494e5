package dev.lakeops.table.commit;

import dev.lakeops.table.io.FileIO;
import dev.lakeops.table.io.LocalFileIO;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * A {@link LocalFileIO} whose exclusive creates fail with an I/O error, before or after creating
 * the file.
 */
final class FailingCreateFileIO implements FileIO {

  enum Mode {
    FAIL_BEFORE_CREATE,
    FAIL_AFTER_CREATE,
    FAIL_AND_LOSE_READS
  }

  private final LocalFileIO local = new LocalFileIO();
  private final Mode mode;
  private boolean creating;

  FailingCreateFileIO(Mode mode) {
    this.mode = mode;
  }

  @Override
  public void createExclusively(Path file, byte[] content) {
    if (mode == Mode.FAIL_AFTER_CREATE) {
      local.createExclusively(file, content);
    }
    creating = mode == Mode.FAIL_AND_LOSE_READS;
    throw new UncheckedIOException("Injected failure creating " + file, new IOException("EIO"));
  }

  @Override
  public byte[] readBytes(Path file) {
    return local.readBytes(file);
  }

  @Override
  public Optional<byte[]> findBytes(Path file) {
    if (creating) {
      throw new UncheckedIOException("Injected failure reading " + file, new IOException("EIO"));
    }
    return local.findBytes(file);
  }

  @Override
  public InputStream open(Path file) {
    return local.open(file);
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
