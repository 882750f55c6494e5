package dev.lakeops.table.io;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LocalFileIOTest {

  @TempDir Path dir;

  private final FileIO io = new LocalFileIO();

  @Test
  void writesAtomicallyReplacingTheOldContentAndLeavingNoTempFile() {
    Path file = dir.resolve("snapshot/LATEST");

    io.writeAtomically(file, "1".getBytes(UTF_8));
    io.writeAtomically(file, "2".getBytes(UTF_8));

    assertThat(io.readBytes(file)).asString(UTF_8).isEqualTo("2");
    assertThat(io.list(file.getParent())).containsExactly(file);
  }

  @Test
  void leavesNothingBehindWhenAStreamingWriteFails() {
    Path file = dir.resolve("manifest/m-0");

    assertThatThrownBy(
            () ->
                io.writeAtomically(
                    file,
                    out -> {
                      out.write(1);
                      throw new IOException("disk full");
                    }))
        .isInstanceOf(UncheckedIOException.class)
        .hasMessageContaining("m-0");

    assertThat(io.list(file.getParent())).isEmpty();
  }

  @Test
  void createsExclusivelyOnlyWhenTheTargetIsAbsent() {
    Path file = dir.resolve("snapshot/snapshot-1");

    io.createExclusively(file, "first".getBytes(UTF_8));

    assertThatThrownBy(() -> io.createExclusively(file, "second".getBytes(UTF_8)))
        .isInstanceOf(FileExistsException.class)
        .hasMessageContaining("snapshot-1")
        .satisfies(e -> assertThat(((FileExistsException) e).path()).isEqualTo(file));
    assertThat(io.readBytes(file)).asString(UTF_8).isEqualTo("first");
    assertThat(io.list(file.getParent())).containsExactly(file);
  }

  @Test
  void letsExactlyOneOfManyConcurrentCreatorsWin() throws Exception {
    Path file = dir.resolve("snapshot/snapshot-7");
    int writers = 8;
    ExecutorService pool = Executors.newFixedThreadPool(writers);
    CountDownLatch start = new CountDownLatch(1);
    List<Future<Boolean>> results = new ArrayList<>();
    try {
      for (int i = 0; i < writers; i++) {
        byte[] content = ("writer-" + i).getBytes(UTF_8);
        results.add(
            pool.submit(
                () -> {
                  start.await();
                  try {
                    io.createExclusively(file, content);
                    return true;
                  } catch (FileExistsException e) {
                    return false;
                  }
                }));
      }
      start.countDown();
      int winners = 0;
      for (Future<Boolean> r : results) {
        winners += r.get() ? 1 : 0;
      }
      assertThat(winners).isEqualTo(1);
      assertThat(io.readBytes(file)).asString(UTF_8).startsWith("writer-");
      assertThat(io.list(file.getParent())).containsExactly(file);
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void reportsAMissingFileAsNoSuchFileOnReadAndEmptyOnFind() {
    Path missing = dir.resolve("nope");

    assertThatThrownBy(() -> io.readBytes(missing))
        .isInstanceOf(UncheckedIOException.class)
        .hasMessageContaining("nope")
        .hasCauseInstanceOf(NoSuchFileException.class);
    assertThat(io.findBytes(missing)).isEmpty();
    assertThat(io.exists(missing)).isFalse();
    assertThat(io.delete(missing)).isFalse();
  }

  @Test
  void listsChildrenSortedAndAMissingDirectoryAsEmpty() {
    io.writeAtomically(dir.resolve("d/b"), new byte[0]);
    io.writeAtomically(dir.resolve("d/a"), new byte[0]);

    assertThat(io.list(dir.resolve("d"))).containsExactly(dir.resolve("d/a"), dir.resolve("d/b"));
    assertThat(io.list(dir.resolve("missing"))).isEmpty();
  }

  @Test
  void reportsSizeModificationTimeAndDeletes() throws IOException {
    Path file = dir.resolve("f");
    io.writeAtomically(file, new byte[42]);

    assertThat(io.size(file)).isEqualTo(42);
    assertThat(io.lastModified(file)).isCloseTo(Instant.now(), within());
    try (InputStream in = io.open(file)) {
      assertThat(in.readAllBytes()).hasSize(42);
    }
    assertThat(io.delete(file)).isTrue();
    assertThat(Files.exists(file)).isFalse();
  }

  @Test
  void refusesToDeleteANonEmptyDirectory() {
    io.writeAtomically(dir.resolve("d/f"), new byte[0]);

    assertThatThrownBy(() -> io.delete(dir.resolve("d")))
        .isInstanceOf(UncheckedIOException.class)
        .hasMessageContaining("not empty");
  }

  private static org.assertj.core.data.TemporalUnitOffset within() {
    return new org.assertj.core.data.TemporalUnitWithinOffset(
        Duration.ofMinutes(1).toSeconds(), java.time.temporal.ChronoUnit.SECONDS);
  }
}
