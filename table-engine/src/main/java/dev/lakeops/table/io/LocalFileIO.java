package dev.lakeops.table.io;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@link FileIO} on a local (POSIX) file system.
 *
 * <p>Writes go to a temporary file {@code .<name>.<uuid>.tmp} in the target directory (the name
 * Paimon uses), which is flushed to disk ({@code fsync}) and then moved into place: {@code
 * rename(2)} for {@link #writeAtomically}, a hard link for {@link #createExclusively}. {@code
 * link(2)} fails with {@code EEXIST} when the target exists, which makes the create exclusive
 * across processes; {@code rename(2)} would silently replace the target (Paimon's local rename
 * guards this with a JVM-wide lock only). On a file system without hard links the create falls back
 * to {@code O_CREAT|O_EXCL} on the target itself, which stays exclusive but lets a concurrent
 * reader see the file before its content is complete.
 */
public final class LocalFileIO implements FileIO {

  private static final Logger LOG = LoggerFactory.getLogger(LocalFileIO.class);

  @Override
  public byte[] readBytes(Path file) {
    try {
      return Files.readAllBytes(file);
    } catch (IOException e) {
      throw new UncheckedIOException("Failed to read " + file, e);
    }
  }

  @Override
  public Optional<byte[]> findBytes(Path file) {
    try {
      return Optional.of(Files.readAllBytes(file));
    } catch (NoSuchFileException e) {
      return Optional.empty();
    } catch (IOException e) {
      throw new UncheckedIOException("Failed to read " + file, e);
    }
  }

  @Override
  public InputStream open(Path file) {
    try {
      return Files.newInputStream(file);
    } catch (IOException e) {
      throw new UncheckedIOException("Failed to open " + file, e);
    }
  }

  @Override
  public void writeAtomically(Path file, byte[] content) {
    writeAtomically(file, out -> out.write(content));
  }

  @Override
  public void writeAtomically(Path file, ContentWriter writer) {
    Path tmp = writeTemp(file, writer);
    try {
      try {
        Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      } catch (AtomicMoveNotSupportedException e) {
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
      }
    } catch (IOException e) {
      deleteQuietly(tmp);
      throw new UncheckedIOException("Failed to move " + tmp + " to " + file, e);
    }
  }

  @Override
  public void createExclusively(Path file, byte[] content) {
    Path tmp = writeTemp(file, out -> out.write(content));
    try {
      Files.createLink(file, tmp);
    } catch (FileAlreadyExistsException e) {
      throw new FileExistsException(file);
    } catch (UnsupportedOperationException | IOException e) {
      LOG.debug("Hard link to {} failed ({}); creating it with CREATE_NEW", file, e.toString());
      createNew(file, content);
    } finally {
      deleteQuietly(tmp);
    }
  }

  private static void createNew(Path file, byte[] content) {
    try (FileChannel channel =
        FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
      OutputStream out = Channels.newOutputStream(channel);
      out.write(content);
      out.flush();
      channel.force(true);
    } catch (FileAlreadyExistsException e) {
      throw new FileExistsException(file);
    } catch (IOException e) {
      throw new UncheckedIOException("Failed to create " + file, e);
    }
  }

  private Path writeTemp(Path file, ContentWriter writer) {
    Path dir = parentOf(file);
    mkdirs(dir);
    Path tmp = dir.resolve("." + file.getFileName() + "." + UUID.randomUUID() + ".tmp");
    try (FileChannel channel =
        FileChannel.open(tmp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
      OutputStream out = Channels.newOutputStream(channel);
      writer.writeTo(out);
      out.flush();
      channel.force(true);
    } catch (IOException | RuntimeException e) {
      deleteQuietly(tmp);
      if (e instanceof IOException io) {
        throw new UncheckedIOException("Failed to write " + file, io);
      }
      throw (RuntimeException) e;
    }
    return tmp;
  }

  private static Path parentOf(Path file) {
    Path parent = file.toAbsolutePath().getParent();
    if (parent == null) {
      throw new IllegalArgumentException("Invalid file path: " + file + " (no parent directory)");
    }
    return parent;
  }

  private static void deleteQuietly(Path path) {
    try {
      Files.deleteIfExists(path);
    } catch (IOException e) {
      LOG.warn("Failed to delete temporary file {}", path, e);
    }
  }

  @Override
  public List<Path> list(Path dir) {
    try (Stream<Path> children = Files.list(dir)) {
      return children.sorted().toList();
    } catch (NoSuchFileException e) {
      return List.of();
    } catch (IOException e) {
      throw new UncheckedIOException("Failed to list " + dir, e);
    }
  }

  @Override
  public boolean exists(Path path) {
    return Files.exists(path);
  }

  @Override
  public boolean delete(Path path) {
    try {
      return Files.deleteIfExists(path);
    } catch (DirectoryNotEmptyException e) {
      throw new UncheckedIOException("Failed to delete " + path + ": directory not empty", e);
    } catch (IOException e) {
      throw new UncheckedIOException("Failed to delete " + path, e);
    }
  }

  @Override
  public long size(Path file) {
    try {
      return Files.size(file);
    } catch (IOException e) {
      throw new UncheckedIOException("Failed to read the size of " + file, e);
    }
  }

  @Override
  public Instant lastModified(Path file) {
    try {
      return Files.getLastModifiedTime(file).toInstant();
    } catch (IOException e) {
      throw new UncheckedIOException("Failed to read the modification time of " + file, e);
    }
  }

  @Override
  public void mkdirs(Path dir) {
    try {
      Files.createDirectories(dir);
    } catch (IOException e) {
      throw new UncheckedIOException("Failed to create directory " + dir, e);
    }
  }
}
