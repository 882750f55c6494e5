package dev.lakeops.eval.world.lake;

import dev.lakeops.table.io.FileExistsException;
import dev.lakeops.table.io.FileIO;
import dev.lakeops.table.io.LocalFileIO;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * {@link LocalFileIO} without {@code fsync}: the world's warehouse is thrown away after a run, so
 * its files need not survive a crash, and one {@code fsync} per file made writing a table of a few
 * dozen commits take seconds. The files written are the same bytes under the same names. Requires:
 * one writer at a time (the world writes its tables in turn), so an exclusive create needs no link.
 */
final class UnsyncedFileIO implements FileIO {

  private final LocalFileIO local = new LocalFileIO();

  @Override
  public boolean isLocal() {
    return true;
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
  public void writeAtomically(Path file, byte[] content) {
    writeAtomically(file, out -> out.write(content));
  }

  @Override
  public void writeAtomically(Path file, ContentWriter writer) {
    Path tmp = file.resolveSibling("." + file.getFileName() + ".tmp");
    mkdirs(file.toAbsolutePath().getParent());
    try {
      try (OutputStream out = Files.newOutputStream(tmp)) {
        writer.writeTo(out);
      }
      Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    } catch (IOException e) {
      throw new UncheckedIOException("Failed to write " + file, e);
    } finally {
      try {
        Files.deleteIfExists(tmp);
      } catch (IOException e) {
        throw new UncheckedIOException("Failed to delete " + tmp, e);
      }
    }
  }

  @Override
  public void createExclusively(Path file, byte[] content) {
    mkdirs(file.toAbsolutePath().getParent());
    try {
      Files.write(file, content, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
    } catch (FileAlreadyExistsException e) {
      throw new FileExistsException(file);
    } catch (IOException e) {
      throw new UncheckedIOException("Failed to create " + file, e);
    }
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
