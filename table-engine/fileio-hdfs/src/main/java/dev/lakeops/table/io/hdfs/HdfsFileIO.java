package dev.lakeops.table.io.hdfs;

import dev.lakeops.table.io.FileExistsException;
import dev.lakeops.table.io.FileIO;
import dev.lakeops.table.io.FileOutput;
import dev.lakeops.table.io.IoCounters;
import dev.lakeops.table.io.IoStats;
import dev.lakeops.table.io.SeekableInput;
import java.io.FileNotFoundException;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.UnknownHostException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.NoSuchFileException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.apache.hadoop.fs.Options;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RemoteIterator;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.ipc.RemoteException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@link FileIO} on HDFS, for one NameNode (or HA nameservice): the engine's path {@code /a/b} is
 * {@code hdfs://<authority>/a/b}. Directories are real directories, so {@link #mkdirs} and {@link
 * #list} need no markers and {@link #listFiles} is one recursive listing.
 *
 * <p>Every write goes to a temporary file {@code .<name>.<uuid>.tmp} in the target directory (the
 * name {@link dev.lakeops.table.paths.TablePaths#isTempFile} and orphan clean-up know) and is then
 * renamed into place; a rename is one NameNode operation, atomic for every reader. {@link
 * #writeAtomically} renames with {@code OVERWRITE}; {@link #createExclusively} and {@link #create}
 * rename without it, which the NameNode refuses when the target exists.
 *
 * <p>Requests are counted by the kinds of {@link IoStats}: a listing call (and each further batch
 * of a long listing) is a LIST, an open or positioned read a GET, a status query a HEAD, a create,
 * a rename or a mkdirs a PUT, a delete a DELETE.
 */
public final class HdfsFileIO implements FileIO, AutoCloseable {

  private static final Logger LOG = LoggerFactory.getLogger(HdfsFileIO.class);
  // dfs.ls.limit's default: the NameNode answers a listing in batches of this many entries.
  private static final int LIST_BATCH = 1000;

  private final FileSystem fs;
  private final URI root;
  private final HdfsSettings settings;
  private final IoCounters counters = new IoCounters();

  private HdfsFileIO(FileSystem fs, URI root, HdfsSettings settings) {
    this.fs = fs;
    this.root = root;
    this.settings = settings;
  }

  /**
   * A FileIO for the NameNode of {@code warehouse} ({@code hdfs://host:port/...}) with its own
   * client. Connecting is lazy: an unreachable NameNode fails the first request, with {@link
   * dev.lakeops.table.io.ObjectStoreException.Kind#UNREACHABLE}.
   *
   * @throws IllegalArgumentException the URI has no authority or the client cannot be set up
   */
  public static HdfsFileIO open(URI warehouse, HdfsSettings settings) {
    String authority = warehouse.getAuthority();
    if (authority == null || authority.isEmpty()) {
      throw new IllegalArgumentException(
          "Invalid warehouse "
              + warehouse
              + ": no NameNode (expected hdfs://<host>:<port>/<path>)");
    }
    URI root = URI.create("hdfs://" + authority);
    Configuration conf = configuration(settings);
    try {
      FileSystem fs =
          settings.user().isPresent()
              ? FileSystem.newInstance(root, conf, settings.user().get())
              : FileSystem.newInstance(root, conf);
      return new HdfsFileIO(fs, root, settings);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("Interrupted while opening " + root, e);
    } catch (IOException e) {
      throw new IllegalArgumentException(
          "Cannot open the HDFS warehouse " + warehouse + ": " + HdfsErrors.answer(e), e);
    } catch (IllegalArgumentException e) {
      // The client throws this, wrapping UnknownHostException, for an authority that is neither
      // a resolvable host nor a nameservice its configuration defines.
      if (e.getCause() instanceof UnknownHostException) {
        throw new IllegalArgumentException(
            "Cannot open the HDFS warehouse "
                + warehouse
                + ": '"
                + authority
                + "' is neither a host that resolves nor a nameservice the configuration defines"
                + " (dfs.nameservices in hdfs-site.xml, or hadoop.dfs.nameservices)",
            e);
      }
      throw new IllegalArgumentException(
          "Cannot open the HDFS warehouse " + warehouse + ": " + e.getMessage(), e);
    }
  }

  static Configuration configuration(HdfsSettings settings) {
    Configuration conf = new Configuration();
    for (java.nio.file.Path site : settings.siteFiles()) {
      conf.addResource(new Path(site.toUri()));
    }
    HdfsSettings.FAIL_FAST.forEach(conf::set);
    settings.hadoop().forEach(conf::set);
    // One client per FileIO, closed with it; the JVM-wide cache would share (and close) clients.
    conf.setBoolean("fs.hdfs.impl.disable.cache", true);
    return conf;
  }

  public HdfsSettings settings() {
    return settings;
  }

  /** The client, for administration in tests (permissions, owners). */
  FileSystem fileSystem() {
    return fs;
  }

  // Requires: path is absolute (the engine's paths under FileIOs.rootPath of an hdfs:// URI).
  Path hadoopPath(java.nio.file.Path path) {
    String s = path.normalize().toString().replace('\\', '/');
    if (!s.startsWith("/")) {
      throw new IllegalArgumentException(
          "Invalid HDFS path: " + path + " (paths are absolute names under " + root + "/)");
    }
    return new Path(root.getScheme(), root.getAuthority(), s);
  }

  @Override
  public String location(java.nio.file.Path path) {
    return hadoopPath(path).toString();
  }

  @Override
  public IoStats stats() {
    return counters.snapshot();
  }

  @Override
  public boolean isLocal() {
    return false;
  }

  private static UncheckedIOException missing(String what, String uri) {
    return new UncheckedIOException(
        "Failed to " + what + " " + uri + ": no such file", new NoSuchFileException(uri));
  }

  private static boolean isMissing(IOException e) {
    return e instanceof FileNotFoundException
        || e instanceof RemoteException r && r.getClassName().endsWith("FileNotFoundException");
  }

  // ---- reads

  @Override
  public byte[] readBytes(java.nio.file.Path file) {
    return find(file).orElseThrow(() -> missing("read", location(file)));
  }

  @Override
  public Optional<byte[]> findBytes(java.nio.file.Path file) {
    return find(file);
  }

  private Optional<byte[]> find(java.nio.file.Path file) {
    Path p = hadoopPath(file);
    try (FSDataInputStream in = fs.open(p)) {
      byte[] content = in.readAllBytes();
      counters.get(content.length);
      return Optional.of(content);
    } catch (IOException e) {
      counters.get(0);
      if (isMissing(e)) {
        return Optional.empty();
      }
      throw HdfsErrors.of("GET", p.toString(), e);
    }
  }

  @Override
  public InputStream open(java.nio.file.Path file) {
    Path p = hadoopPath(file);
    FSDataInputStream in;
    try {
      in = fs.open(p);
    } catch (IOException e) {
      counters.get(0);
      if (isMissing(e)) {
        throw missing("open", p.toString());
      }
      throw HdfsErrors.of("GET", p.toString(), e);
    }
    counters.get(0);
    return new FilterInputStream(in) {
      @Override
      public int read() throws IOException {
        int b = super.read();
        if (b >= 0) {
          counters.read(1);
        }
        return b;
      }

      @Override
      public int read(byte[] buf, int off, int len) throws IOException {
        int n = super.read(buf, off, len);
        if (n > 0) {
          counters.read(n);
        }
        return n;
      }
    };
  }

  @Override
  public SeekableInput openSeekable(java.nio.file.Path file) {
    Path p = hadoopPath(file);
    FSDataInputStream in;
    long length;
    try {
      length = fs.getFileStatus(p).getLen();
      counters.head();
      in = fs.open(p);
    } catch (IOException e) {
      counters.head();
      if (isMissing(e)) {
        throw missing("open", p.toString());
      }
      throw HdfsErrors.of("GET", p.toString(), e);
    }
    return new HdfsInput(p.toString(), in, length);
  }

  @Override
  public SeekableInput openSeekable(java.nio.file.Path file, long knownLength) {
    if (knownLength < 0) {
      return openSeekable(file);
    }
    Path p = hadoopPath(file);
    try {
      FSDataInputStream in = fs.open(p);
      return new HdfsInput(p.toString(), in, knownLength);
    } catch (IOException e) {
      if (isMissing(e)) {
        throw missing("open", p.toString());
      }
      throw HdfsErrors.of("GET", p.toString(), e);
    }
  }

  /** Positioned reads ({@code pread}) on one open stream; each read is a GET. */
  private final class HdfsInput implements SeekableInput {
    private final String uri;
    private final FSDataInputStream in;
    private final long length;

    HdfsInput(String uri, FSDataInputStream in, long length) {
      this.uri = uri;
      this.in = in;
      this.length = length;
    }

    @Override
    public long length() {
      return length;
    }

    @Override
    public int read(long position, byte[] buf, int off, int len) {
      Objects.checkFromIndexSize(off, len, buf.length);
      if (position < 0) {
        throw new IllegalArgumentException("Invalid position " + position + " in " + uri);
      }
      if (position >= length) {
        return -1;
      }
      if (len == 0) {
        return 0;
      }
      try {
        int n = in.read(position, buf, off, (int) Math.min(len, length - position));
        counters.get(Math.max(n, 0));
        return n;
      } catch (IOException e) {
        counters.get(0);
        throw HdfsErrors.of("GET", uri + " at offset " + position, e);
      }
    }

    @Override
    public void close() {
      try {
        in.close();
      } catch (IOException e) {
        LOG.warn("Failed to close {}", uri, e);
      }
    }

    @Override
    public String toString() {
      return uri;
    }
  }

  // ---- writes

  @Override
  public void writeAtomically(java.nio.file.Path file, byte[] content) {
    writeAtomically(file, out -> out.write(content));
  }

  @Override
  public void writeAtomically(java.nio.file.Path file, ContentWriter writer) {
    Path target = hadoopPath(file);
    Path tmp = writeTemp(target, writer);
    try {
      ((DistributedFileSystem) fs).rename(tmp, target, Options.Rename.OVERWRITE);
      counters.put(0);
    } catch (IOException e) {
      counters.put(0);
      deleteQuietly(tmp);
      throw HdfsErrors.of("PUT", target.toString(), e);
    }
  }

  /**
   * A snapshot file must appear complete or not at all, and only for one of any number of
   * concurrent creators. {@code create(target, overwrite=false)} alone decides the winner but is no
   * commit: the file is visible (and readable, short) from the create until the close, and a writer
   * that dies in between leaves a partial file under a lease that nobody completes. So the content
   * goes to a private temporary file first, and the rename without {@code OVERWRITE} is the commit
   * point: the NameNode executes it under its namespace lock and refuses it with {@code
   * FileAlreadyExistsException} when the target exists, so of concurrent renames to one name
   * exactly one succeeds and readers see either no file or the whole file.
   */
  @Override
  public void createExclusively(java.nio.file.Path file, byte[] content) {
    Path target = hadoopPath(file);
    Path tmp = writeTemp(target, out -> out.write(content));
    if (!renameExclusively(tmp, target)) {
      throw new FileExistsException(file);
    }
  }

  /** Returns false when {@code target} exists; the temporary file is gone either way. */
  private boolean renameExclusively(Path tmp, Path target) {
    try {
      ((DistributedFileSystem) fs).rename(tmp, target, Options.Rename.NONE);
      counters.put(0);
      return true;
    } catch (IOException e) {
      counters.put(0);
      deleteQuietly(tmp);
      IOException cause =
          e instanceof RemoteException r
              ? r.unwrapRemoteException(org.apache.hadoop.fs.FileAlreadyExistsException.class)
              : e;
      if (cause instanceof org.apache.hadoop.fs.FileAlreadyExistsException) {
        return false;
      }
      throw HdfsErrors.of("PUT", target.toString(), cause);
    }
  }

  private static Path tempFor(Path target) {
    return new Path(target.getParent(), "." + target.getName() + "." + UUID.randomUUID() + ".tmp");
  }

  // Creates the parent directories (create does) and writes the whole content to a new temp file.
  private Path writeTemp(Path target, ContentWriter writer) {
    Path tmp = tempFor(target);
    FSDataOutputStream out;
    try {
      out = fs.create(tmp, false);
    } catch (IOException e) {
      counters.put(0);
      throw HdfsErrors.of("PUT", target.toString(), e);
    }
    try {
      writer.writeTo(out);
      long written = out.getPos();
      out.close();
      counters.put(written);
      return tmp;
    } catch (IOException | RuntimeException e) {
      counters.put(0);
      closeQuietly(out);
      deleteQuietly(tmp);
      if (e instanceof IOException io) {
        throw new UncheckedIOException("Failed to write " + target, io);
      }
      throw (RuntimeException) e;
    }
  }

  @Override
  public FileOutput create(java.nio.file.Path file) {
    Path target = hadoopPath(file);
    Path tmp = tempFor(target);
    try {
      FSDataOutputStream out = fs.create(tmp, false);
      return new HdfsOutput(target, tmp, out);
    } catch (IOException e) {
      counters.put(0);
      throw HdfsErrors.of("PUT", target.toString(), e);
    }
  }

  /** Streams into the temporary file; close renames it into place exclusively. */
  private final class HdfsOutput extends FileOutput {
    private final Path target;
    private final Path tmp;
    private final FSDataOutputStream out;
    private long position;
    private boolean done;

    HdfsOutput(Path target, Path tmp, FSDataOutputStream out) {
      this.target = target;
      this.tmp = tmp;
      this.out = out;
    }

    private void checkOpen() throws IOException {
      if (done) {
        throw new IOException("Output to " + target + " is already closed or aborted");
      }
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
    public long position() {
      return position;
    }

    @Override
    public void abort() {
      if (done) {
        return;
      }
      done = true;
      closeQuietly(out);
      deleteQuietly(tmp);
    }

    @Override
    public void close() {
      if (done) {
        return;
      }
      done = true;
      try {
        out.close();
        counters.put(position);
      } catch (IOException e) {
        counters.put(0);
        deleteQuietly(tmp);
        throw HdfsErrors.of("PUT", target.toString(), e);
      }
      if (!renameExclusively(tmp, target)) {
        throw new UncheckedIOException(
            "Failed to create " + target + ": it already exists",
            new FileAlreadyExistsException(target.toString()));
      }
    }
  }

  private void closeQuietly(FSDataOutputStream out) {
    try {
      out.close();
    } catch (IOException e) {
      LOG.debug("Failed to close a discarded output", e);
    }
  }

  private void deleteQuietly(Path tmp) {
    try {
      fs.delete(tmp, false);
      counters.delete();
    } catch (IOException e) {
      counters.delete();
      LOG.warn("Failed to delete the temporary file {}", tmp, e);
    }
  }

  // ---- metadata

  private Optional<FileStatus> status(Path p, String operation) {
    try {
      FileStatus s = fs.getFileStatus(p);
      counters.head();
      return Optional.of(s);
    } catch (IOException e) {
      counters.head();
      if (isMissing(e)) {
        return Optional.empty();
      }
      throw HdfsErrors.of(operation, p.toString(), e);
    }
  }

  private FileStatus statusOrMissing(java.nio.file.Path file) {
    Path p = hadoopPath(file);
    return status(p, "HEAD").orElseThrow(() -> missing("read the attributes of", p.toString()));
  }

  @Override
  public long size(java.nio.file.Path file) {
    return statusOrMissing(file).getLen();
  }

  @Override
  public Instant lastModified(java.nio.file.Path file) {
    return Instant.ofEpochMilli(statusOrMissing(file).getModificationTime());
  }

  @Override
  public boolean exists(java.nio.file.Path path) {
    return status(hadoopPath(path), "HEAD").isPresent();
  }

  @Override
  public boolean isDirectory(java.nio.file.Path path) {
    return status(hadoopPath(path), "HEAD").map(FileStatus::isDirectory).orElse(false);
  }

  @Override
  public void mkdirs(java.nio.file.Path dir) {
    Path p = hadoopPath(dir);
    try {
      fs.mkdirs(p);
      counters.put(0);
    } catch (IOException e) {
      counters.put(0);
      throw HdfsErrors.of("PUT", p.toString(), e);
    }
  }

  // ---- listing

  @Override
  public List<java.nio.file.Path> list(java.nio.file.Path dir) {
    Path p = hadoopPath(dir);
    FileStatus[] children;
    try {
      children = fs.listStatus(p);
    } catch (IOException e) {
      counters.list();
      if (isMissing(e)) {
        return List.of();
      }
      throw HdfsErrors.of("LIST", p.toString(), e);
    }
    countListing(children.length);
    List<java.nio.file.Path> out = new ArrayList<>(children.length);
    for (FileStatus s : children) {
      out.add(dir.resolve(s.getPath().getName()));
    }
    out.sort(null);
    return out;
  }

  @Override
  public List<java.nio.file.Path> listFiles(java.nio.file.Path dir) {
    Path p = hadoopPath(dir);
    String prefix = p.toUri().getPath();
    List<java.nio.file.Path> files = new ArrayList<>();
    try {
      RemoteIterator<LocatedFileStatus> it = fs.listFiles(p, true);
      while (it.hasNext()) {
        String path = it.next().getPath().toUri().getPath();
        files.add(dir.resolve(path.substring(prefix.length() + 1)));
      }
    } catch (IOException e) {
      counters.list();
      if (isMissing(e)) {
        return List.of();
      }
      throw HdfsErrors.of("LIST", p.toString(), e);
    }
    countListing(files.size());
    files.sort(null);
    return files;
  }

  private void countListing(int entries) {
    for (int i = 0; i <= Math.max(0, entries - 1) / LIST_BATCH; i++) {
      counters.list();
    }
  }

  // ---- deletes

  @Override
  public boolean delete(java.nio.file.Path path) {
    Path p = hadoopPath(path);
    try {
      boolean deleted = fs.delete(p, false);
      counters.delete();
      return deleted;
    } catch (IOException e) {
      counters.delete();
      throw HdfsErrors.of("DELETE", p.toString(), e);
    }
  }

  @Override
  public boolean deleteRecursively(java.nio.file.Path dir) {
    Path p = hadoopPath(dir);
    try {
      boolean deleted = fs.delete(p, true);
      counters.delete();
      return deleted;
    } catch (IOException e) {
      counters.delete();
      throw HdfsErrors.of("DELETE", p.toString(), e);
    }
  }

  @Override
  public void close() {
    try {
      fs.close();
    } catch (IOException e) {
      LOG.warn("Failed to close the HDFS client of {}", root, e);
    }
  }

  @Override
  public String toString() {
    return "HdfsFileIO[" + root + ", " + settings + "]";
  }
}
