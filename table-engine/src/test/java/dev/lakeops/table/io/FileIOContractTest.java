package dev.lakeops.table.io;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The {@link FileIO} contract, run by every implementation against its real store: extend it and
 * give a FileIO and a fresh, empty directory for each test.
 */
public abstract class FileIOContractTest {

  /** The FileIO under test (may be the same instance for every test). */
  protected abstract FileIO io();

  /** A directory of {@link #io()} that holds nothing yet, different for each test. */
  protected abstract Path freshDir();

  private static byte[] bytes(String s) {
    return s.getBytes(UTF_8);
  }

  @Test
  void writesAtomicallyAndReplacesTheOldContent() {
    Path file = freshDir().resolve("snapshot/LATEST");

    io().writeAtomically(file, bytes("1"));
    io().writeAtomically(file, bytes("2"));

    assertThat(io().readBytes(file)).asString(UTF_8).isEqualTo("2");
    assertThat(io().list(file.getParent())).containsExactly(file);
  }

  @Test
  void leavesNothingWhenAStreamingWriteFails() {
    Path file = freshDir().resolve("manifest/m-0");

    assertThatThrownBy(
            () ->
                io().writeAtomically(
                        file,
                        out -> {
                          out.write(1);
                          throw new IOException("disk full");
                        }))
        .isInstanceOf(UncheckedIOException.class)
        .hasMessageContaining("m-0");

    assertThat(io().exists(file)).isFalse();
    assertThat(io().list(file.getParent())).isEmpty();
  }

  @Test
  void readsAMissingFileAsEmptyOrAsAnErrorNamingIt() {
    Path file = freshDir().resolve("schema/schema-7");

    assertThat(io().findBytes(file)).isEmpty();
    assertThat(io().exists(file)).isFalse();
    assertThatThrownBy(() -> io().readBytes(file))
        .isInstanceOf(UncheckedIOException.class)
        .hasMessageContaining("schema-7")
        .hasCauseInstanceOf(NoSuchFileException.class);
    assertThatThrownBy(() -> io().openSeekable(file))
        .isInstanceOf(UncheckedIOException.class)
        .hasMessageContaining("schema-7")
        .hasCauseInstanceOf(NoSuchFileException.class);
  }

  @Test
  void createsExclusivelyOnlyWhenTheTargetIsAbsent() {
    Path file = freshDir().resolve("snapshot/snapshot-1");

    io().createExclusively(file, bytes("first"));

    assertThatThrownBy(() -> io().createExclusively(file, bytes("second")))
        .isInstanceOf(FileExistsException.class)
        .hasMessageContaining("snapshot-1");
    assertThat(io().readBytes(file)).asString(UTF_8).isEqualTo("first");
  }

  @Test
  void letsExactlyOneOfManyConcurrentCreatorsWin() throws Exception {
    Path file = freshDir().resolve("snapshot/snapshot-5");
    int writers = 8;
    ExecutorService pool = Executors.newFixedThreadPool(writers);
    try {
      CountDownLatch start = new CountDownLatch(1);
      List<Future<Boolean>> results = new ArrayList<>();
      for (int i = 0; i < writers; i++) {
        byte[] content = bytes("writer-" + i);
        results.add(
            pool.submit(
                () -> {
                  start.await();
                  try {
                    io().createExclusively(file, content);
                    return true;
                  } catch (FileExistsException e) {
                    return false;
                  }
                }));
      }
      start.countDown();
      List<Integer> winners = new ArrayList<>();
      for (int i = 0; i < writers; i++) {
        if (results.get(i).get(60, TimeUnit.SECONDS)) {
          winners.add(i);
        }
      }
      assertThat(winners).hasSize(1);
      assertThat(io().readBytes(file)).asString(UTF_8).isEqualTo("writer-" + winners.get(0));
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void publishesACreatedFileOnlyWhenItsStreamCloses() throws IOException {
    Path file = freshDir().resolve("bucket-0/data-1.parquet");

    FileOutput out = io().create(file);
    out.write(bytes("hello "));
    out.write(bytes("world"), 0, 5);
    assertThat(out.position()).isEqualTo(11);
    assertThat(io().exists(file)).isFalse();
    out.close();

    assertThat(io().readBytes(file)).asString(UTF_8).isEqualTo("hello world");
    assertThat(io().size(file)).isEqualTo(11);
  }

  @Test
  void refusesToCreateOverAnExistingFile() {
    Path file = freshDir().resolve("bucket-0/data-0.orc");
    io().writeAtomically(file, bytes("old"));

    assertThatThrownBy(
            () -> {
              try (FileOutput out = io().create(file)) {
                out.write(bytes("new"));
              }
            })
        .isInstanceOf(UncheckedIOException.class)
        .hasMessageContaining("data-0.orc")
        .hasCauseInstanceOf(FileAlreadyExistsException.class);
    assertThat(io().readBytes(file)).asString(UTF_8).isEqualTo("old");
  }

  @Test
  void publishesNothingForAnAbortedFile() throws IOException {
    Path file = freshDir().resolve("bucket-0/data-2.parquet");

    FileOutput out = io().create(file);
    out.write(bytes("partial"));
    out.abort();
    out.close();

    assertThat(io().exists(file)).isFalse();
    assertThat(io().list(file.getParent())).isEmpty();
  }

  @Test
  void writesALargeFileThroughAStream() throws IOException {
    Path file = freshDir().resolve("bucket-0/data-large.avro");
    byte[] block = new byte[1 << 20];
    for (int i = 0; i < block.length; i++) {
      block[i] = (byte) (i * 31);
    }
    try (OutputStream out = io().create(file)) {
      for (int i = 0; i < 12; i++) {
        out.write(block);
      }
    }

    assertThat(io().size(file)).isEqualTo(12L << 20);
    try (SeekableInput in = io().openSeekable(file)) {
      byte[] tail = new byte[100];
      in.readFully((11L << 20) + 500, tail, 0, tail.length);
      for (int i = 0; i < tail.length; i++) {
        assertThat(tail[i]).isEqualTo(block[500 + i]);
      }
    }
  }

  @Test
  void readsAtAnyPositionAndFailsPastTheEnd() {
    Path file = freshDir().resolve("bucket-0/data-3.avro");
    io().writeAtomically(file, bytes("0123456789"));

    try (SeekableInput in = io().openSeekable(file)) {
      assertThat(in.length()).isEqualTo(10);
      byte[] buf = new byte[4];
      in.readFully(6, buf, 0, 4);
      assertThat(new String(buf, UTF_8)).isEqualTo("6789");
      in.readFully(0, buf, 1, 3);
      assertThat(new String(buf, 1, 3, UTF_8)).isEqualTo("012");
      assertThat(in.read(10, buf, 0, 4)).isEqualTo(-1);
      assertThatThrownBy(() -> in.readFully(8, buf, 0, 4))
          .isInstanceOf(UncheckedIOException.class)
          .hasMessageContaining("data-3.avro")
          .hasCauseInstanceOf(EOFException.class);
    }
  }

  @Test
  void opensAFileForSequentialReading() throws IOException {
    Path file = freshDir().resolve("index/index-1");
    io().writeAtomically(file, bytes("sequential"));

    try (InputStream in = io().open(file)) {
      assertThat(in.readAllBytes()).asString(UTF_8).isEqualTo("sequential");
    }
  }

  /**
   * A merge-on-read keeps one stream open per sorted run, hundreds in a busy bucket: more than an
   * object-store client's connection pool (50 by default for the AWS SDK).
   */
  @Test
  void keepsHundredsOfSequentialReadsOpenAtOnce() throws IOException {
    Path dir = freshDir().resolve("bucket-0");
    int files = 120;
    byte[][] contents = new byte[files][];
    for (int f = 0; f < files; f++) {
      contents[f] = new byte[(70 << 10) + f]; // more than one read-ahead, socket buffer or chunk
      java.util.Arrays.fill(contents[f], (byte) f);
      io().writeAtomically(dir.resolve("data-" + f + ".avro"), contents[f]);
    }
    List<InputStream> open = new ArrayList<>();
    try {
      for (int f = 0; f < files; f++) {
        InputStream in = io().open(dir.resolve("data-" + f + ".avro"));
        open.add(in);
        assertThat(in.read()).isEqualTo(f); // the first byte of each, while all stay open
      }
      for (int f = 0; f < files; f++) {
        byte[] rest = open.get(f).readAllBytes();
        assertThat(rest).hasSize(contents[f].length - 1).containsOnly((byte) f);
      }
    } finally {
      for (InputStream in : open) {
        in.close();
      }
    }
  }

  @Test
  void readsALargeFileSequentiallyAndAnEmptyOne() throws IOException {
    Path file = freshDir().resolve("bucket-0/data-seq.avro");
    byte[] content = new byte[(3 << 20) + 12345];
    for (int i = 0; i < content.length; i++) {
      content[i] = (byte) (i * 7 + i / 4096);
    }
    io().writeAtomically(file, content);
    try (InputStream in = io().open(file)) {
      byte[] got = new byte[content.length];
      int done = 0;
      for (int n; done < got.length && (n = in.read(got, done, got.length - done)) > 0; ) {
        done += n;
      }
      assertThat(done).isEqualTo(content.length);
      assertThat(got).isEqualTo(content);
      assertThat(in.read()).isEqualTo(-1);
    }

    Path empty = file.resolveSibling("data-empty.avro");
    io().writeAtomically(empty, new byte[0]);
    try (InputStream in = io().open(empty)) {
      assertThat(in.read()).isEqualTo(-1);
    }
  }

  @Test
  void listsDirectChildrenSortedWithDirectoriesAndEverythingBelowByPrefix() {
    Path table = freshDir().resolve("db.db/t");
    io().writeAtomically(table.resolve("schema/schema-0"), bytes("s"));
    io().writeAtomically(table.resolve("bucket-0/data-b"), bytes("b"));
    io().writeAtomically(table.resolve("bucket-0/data-a"), bytes("a"));
    io().writeAtomically(table.resolve("dt=1/bucket-1/data-c"), bytes("c"));

    assertThat(io().list(table))
        .containsExactly(table.resolve("bucket-0"), table.resolve("dt=1"), table.resolve("schema"));
    assertThat(io().list(table.resolve("bucket-0")))
        .containsExactly(table.resolve("bucket-0/data-a"), table.resolve("bucket-0/data-b"));
    assertThat(io().listFiles(table))
        .containsExactly(
            table.resolve("bucket-0/data-a"),
            table.resolve("bucket-0/data-b"),
            table.resolve("dt=1/bucket-1/data-c"),
            table.resolve("schema/schema-0"));
    assertThat(io().isDirectory(table.resolve("dt=1"))).isTrue();
    assertThat(io().isDirectory(table.resolve("schema/schema-0"))).isFalse();
    assertThat(io().exists(table.resolve("dt=1"))).isTrue();
    assertThat(io().list(table.resolve("missing"))).isEmpty();
    assertThat(io().listFiles(table.resolve("missing"))).isEmpty();
  }

  @Test
  void keepsAnEmptyDirectoryThatWasMade() {
    Path db = freshDir().resolve("warehouse/sales.db");

    io().mkdirs(db);

    assertThat(io().exists(db)).isTrue();
    assertThat(io().isDirectory(db)).isTrue();
    assertThat(io().list(db)).isEmpty();
    assertThat(io().list(db.getParent())).containsExactly(db);
  }

  @Test
  void deletesAFileAndSaysWhetherOneWasThere() {
    Path file = freshDir().resolve("manifest/manifest-1");
    io().writeAtomically(file, bytes("m"));

    assertThat(io().delete(file)).isTrue();
    assertThat(io().exists(file)).isFalse();
    assertThat(io().delete(file)).isFalse();
  }

  @Test
  void deletesADirectoryWithEverythingUnderIt() {
    Path root = freshDir();
    Path table = root.resolve("db.db/t");
    io().writeAtomically(table.resolve("schema/schema-0"), bytes("s"));
    io().writeAtomically(table.resolve("dt=1/bucket-0/data-1"), bytes("d"));
    io().writeAtomically(root.resolve("db.db/t2/schema/schema-0"), bytes("s"));

    assertThat(io().deleteRecursively(table)).isTrue();

    assertThat(io().exists(table)).isFalse();
    assertThat(io().listFiles(root)).containsExactly(root.resolve("db.db/t2/schema/schema-0"));
    assertThat(io().deleteRecursively(table)).isFalse();
  }

  @Test
  void reportsSizeAndModificationTime() {
    Path file = freshDir().resolve("snapshot/EARLIEST");
    Instant before = Instant.now().minus(Duration.ofSeconds(5));

    io().writeAtomically(file, bytes("12345"));

    assertThat(io().size(file)).isEqualTo(5);
    assertThat(io().lastModified(file))
        .isAfter(before)
        .isBefore(Instant.now().plus(Duration.ofSeconds(5)));
    assertThatThrownBy(() -> io().size(file.resolveSibling("LATEST")))
        .isInstanceOf(UncheckedIOException.class)
        .hasMessageContaining("LATEST");
  }

  @Test
  void countsRequestsAndBytes() {
    Path dir = freshDir().resolve("stats");
    IoStats start = io().stats();

    io().writeAtomically(dir.resolve("a"), new byte[1000]);
    IoStats afterPut = io().stats().minus(start);
    assertThat(afterPut.puts()).isGreaterThanOrEqualTo(1);
    assertThat(afterPut.bytesWritten()).isGreaterThanOrEqualTo(1000);

    io().readBytes(dir.resolve("a"));
    io().list(dir);
    io().exists(dir.resolve("a"));
    io().delete(dir.resolve("a"));
    IoStats all = io().stats().minus(start);
    assertThat(all.gets()).isGreaterThanOrEqualTo(1);
    assertThat(all.bytesRead()).isGreaterThanOrEqualTo(1000);
    assertThat(all.lists()).isGreaterThanOrEqualTo(1);
    assertThat(all.heads()).isGreaterThanOrEqualTo(1);
    assertThat(all.deletes()).isGreaterThanOrEqualTo(1);
    assertThat(all.requests())
        .isEqualTo(all.lists() + all.gets() + all.heads() + all.puts() + all.deletes());
  }
}
