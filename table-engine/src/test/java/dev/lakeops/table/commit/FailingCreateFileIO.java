package dev.lakeops.table.commit;

import dev.lakeops.table.io.ForwardingFileIO;
import dev.lakeops.table.io.LocalFileIO;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Optional;

/**
 * A {@link LocalFileIO} whose exclusive creates fail with an I/O error, before or after creating
 * the file.
 */
final class FailingCreateFileIO extends ForwardingFileIO {

  enum Mode {
    FAIL_BEFORE_CREATE,
    FAIL_AFTER_CREATE,
    FAIL_AND_LOSE_READS
  }

  private final Mode mode;
  private boolean creating;

  FailingCreateFileIO(Mode mode) {
    super(new LocalFileIO());
    this.mode = mode;
  }

  @Override
  public void createExclusively(Path file, byte[] content) {
    if (mode == Mode.FAIL_AFTER_CREATE) {
      delegate.createExclusively(file, content);
    }
    creating = mode == Mode.FAIL_AND_LOSE_READS;
    throw new UncheckedIOException("Injected failure creating " + file, new IOException("EIO"));
  }

  @Override
  public Optional<byte[]> findBytes(Path file) {
    if (creating) {
      throw new UncheckedIOException("Injected failure reading " + file, new IOException("EIO"));
    }
    return delegate.findBytes(file);
  }
}
