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
import java.nio.file.FileSystemException;
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

  private final IoCounters counters = new IoCounters();

  @Override
  public boolean isLocal() {
    return true;
  }

  @Override
  public IoStats stats() {
    return counters.snapshot();
  }

  @Override
  public byte[] readBytes(Path file) {
    try {
      byte[] bytes = Files.readAllBytes(file);
      counters.get(bytes.length);
      return bytes;
    } catch (IOException e) {
      throw new UncheckedIOException("Failed to read " + file, e);
    }
  }

  @Override
  public Optional<byte[]> findBytes(Path file) {
    try {
      byte[] bytes = Files.readAllBytes(file);
      counters.get(bytes.length);
      return Optional.of(bytes);
    } catch (NoSuchFileException e) {
      counters.get(0);
      return Optional.empty();
    } catch (IOException e) {
      throw new UncheckedIOException("Failed to read " + file, e);
    }
  }

  @Override
  public InputStream open(Path file) {
    try {
      InputStream in = Files.newInputStream(file);
      counters.get(0);
      return new CountingInputStream(in, counters);
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
    moveIntoPlace(tmp, file);
  }

  private void moveIntoPlace(Path tmp, Path file) {
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
    Path tmp = tempFor(file);
    try (FileChannel channel =
        FileChannel.open(tmp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
      OutputStream out = Channels.newOutputStream(channel);
      writer.writeTo(out);
      out.flush();
      channel.force(true);
      counters.put(channel.size());
    } catch (IOException | RuntimeException e) {
      deleteQuietly(tmp);
      if (e instanceof IOException io) {
        throw new UncheckedIOException("Failed to write " + file, io);
      }
      throw (RuntimeException) e;
    }
    return tmp;
  }

  private Path tempFor(Path file) {
    Path dir = parentOf(file);
    mkdirs(dir);
    return dir.resolve("." + file.getFileName() + "." + UUID.randomUUID() + ".tmp");
  }

  @Override
  public FileOutput create(Path file) {
    if (Files.exists(file, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
      throw new UncheckedIOException(
          "Failed to create " + file + ": it already exists",
          new FileAlreadyExistsException(file.toString()));
    }
    Path tmp = tempFor(file);
    FileChannel channel;
    try {
      channel = FileChannel.open(tmp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
    } catch (IOException e) {
      throw new UncheckedIOException("Failed to create " + file, e);
    }
    return new LocalOutput(file, tmp, channel);
  }

  /** Writes a temporary file; on close flushes it to disk and renames it into place. */
  private final class LocalOutput extends FileOutput {
    private final Path file;
    private final Path tmp;
    private final FileChannel channel;
    private final OutputStream out;
    private long position;
    private boolean done;

    LocalOutput(Path file, Path tmp, FileChannel channel) {
      this.file = file;
      this.tmp = tmp;
      this.channel = channel;
      this.out = new java.io.BufferedOutputStream(Channels.newOutputStream(channel), 1 << 16);
    }

    @Override
    public void write(int b) throws IOException {
      checkOpen();
      out.write(b);
      position++;
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
      checkOpen();
      out.write(b, off, len);
      position += len;
    }

    @Override
    public void flush() throws IOException {
      if (!done) {
        out.flush();
      }
    }

    private void checkOpen() throws IOException {
      if (done) {
        throw new IOException("Output to " + file + " is already closed or aborted");
      }
    }

    @Override
    public long position() {
      return position;
    }

    @Override
    public void abort() {
      if (done) {
        return;
      }
      done = true;
      try {
        channel.close();
      } catch (IOException e) {
        LOG.warn("Failed to close aborted file {}", tmp, e);
      }
      deleteQuietly(tmp);
    }

    @Override
    public void close() {
      if (done) {
        return;
      }
      done = true;
      try {
        try (channel) {
          out.flush();
          channel.force(true);
        }
      } catch (IOException e) {
        deleteQuietly(tmp);
        throw new UncheckedIOException("Failed to write " + file, e);
      }
      counters.put(position);
      publishExclusively(tmp, file);
    }
  }

  // A hard link fails with EEXIST when the target exists; the temporary name goes either way.
  private static void publishExclusively(Path tmp, Path file) {
    try {
      try {
        Files.createLink(file, tmp);
      } catch (UnsupportedOperationException | FileSystemException e) {
        if (e instanceof FileAlreadyExistsException exists) {
          throw exists;
        }
        Files.move(tmp, file);
      }
    } catch (FileAlreadyExistsException e) {
      throw new UncheckedIOException("Failed to create " + file + ": it already exists", e);
    } catch (IOException e) {
      throw new UncheckedIOException("Failed to move " + tmp + " to " + file, e);
    } finally {
      deleteQuietly(tmp);
    }
  }

  @Override
  public SeekableInput openSeekable(Path file) {
    FileChannel channel;
    long length;
    try {
      channel = FileChannel.open(file, StandardOpenOption.READ);
      length = channel.size();
    } catch (IOException e) {
      throw new UncheckedIOException("Failed to open " + file, e);
    }
    counters.head();
    return new SeekableInput() {
      @Override
      public long length() {
        return length;
      }

      @Override
      public int read(long position, byte[] buf, int off, int len) {
        java.util.Objects.checkFromIndexSize(off, len, buf.length);
        if (position >= length) {
          return -1;
        }
        try {
          int n = channel.read(java.nio.ByteBuffer.wrap(buf, off, len), position);
          counters.get(Math.max(n, 0));
          return n;
        } catch (IOException e) {
          throw SeekableInput.readFailure(file, position, e);
        }
      }

      @Override
      public void close() {
        try {
          channel.close();
        } catch (IOException e) {
          LOG.warn("Failed to close {}", file, e);
        }
      }

      @Override
      public String toString() {
        return file.toString();
      }
    };
  }

  @Override
  public boolean isDirectory(Path path) {
    counters.head();
    return Files.isDirectory(path);
  }

  @Override
  public List<Path> listFiles(Path dir) {
    counters.list();
    try (Stream<Path> all = Files.walk(dir)) {
      return all.filter(Files::isRegularFile).sorted().toList();
    } catch (NoSuchFileException e) {
      return List.of();
    } catch (IOException | UncheckedIOException e) {
      throw new UncheckedIOException(
          "Failed to list " + dir,
          e instanceof IOException io ? io : ((UncheckedIOException) e).getCause());
    }
  }

  @Override
  public boolean deleteRecursively(Path dir) {
    if (!Files.exists(dir)) {
      return false;
    }
    try (Stream<Path> all = Files.walk(dir)) {
      for (Path p : all.sorted(java.util.Comparator.reverseOrder()).toList()) {
        delete(p);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Failed to delete " + dir, e);
    }
    return true;
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
    counters.list();
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
    counters.head();
    return Files.exists(path);
  }

  @Override
  public boolean delete(Path path) {
    counters.delete();
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
    counters.head();
    try {
      return Files.size(file);
    } catch (IOException e) {
      throw new UncheckedIOException("Failed to read the size of " + file, e);
    }
  }

  @Override
  public Instant lastModified(Path file) {
    counters.head();
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

  /** Counts the bytes read through a stream opened by {@link #open}. */
  private static final class CountingInputStream extends java.io.FilterInputStream {
    private final IoCounters counters;

    CountingInputStream(InputStream in, IoCounters counters) {
      super(in);
      this.counters = counters;
    }

    @Override
    public int read() throws IOException {
      int b = in.read();
      if (b >= 0) {
        counters.read(1);
      }
      return b;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
      int n = in.read(b, off, len);
      if (n > 0) {
        counters.read(n);
      }
      return n;
    }
  }
}
