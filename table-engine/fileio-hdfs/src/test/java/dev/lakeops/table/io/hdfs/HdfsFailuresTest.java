package dev.lakeops.table.io.hdfs;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.lakeops.table.catalog.Catalog;
import dev.lakeops.table.io.FileIOs;
import dev.lakeops.table.io.ObjectStoreException;
import dev.lakeops.table.io.ObjectStoreException.Kind;
import dev.lakeops.table.io.UnsupportedWarehouseException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.apache.hadoop.fs.permission.FsPermission;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** HDFS's refusals, each a typed error naming the URI, the operation and the NameNode's answer. */
@ExtendWith(MiniDfs.class)
class HdfsFailuresTest {

  private static ObjectStoreException storeError(ThrowingCallable call) {
    Throwable thrown = catchThrowable(call);
    assertThat(thrown).isInstanceOf(ObjectStoreException.class);
    return (ObjectStoreException) thrown;
  }

  @Test
  void reportsAnUnreachableNameNodeFastNamingTheUri() throws Exception {
    String uri = "hdfs://127.0.0.1:" + MiniDfs.freePort() + "/wh";
    Catalog catalog = Catalog.open(uri, Map.of());

    long started = System.nanoTime();
    ObjectStoreException e = storeError(() -> catalog.databaseExists("db"));
    Duration took = Duration.ofNanos(System.nanoTime() - started);

    assertThat(e.kind()).isEqualTo(Kind.UNREACHABLE);
    assertThat(e.operation()).isEqualTo("HEAD");
    assertThat(e.uri()).isEqualTo(uri + "/db.db");
    assertThat(e.getMessage()).contains(uri + "/db.db").contains("unreachable");
    assertThat(e.answer()).contains("ConnectException");
    assertThat(took).as("one retry, not the client's ten").isLessThan(Duration.ofSeconds(10));
  }

  @Test
  void reportsAMissingFileAsNoSuchFileNamingIt() {
    HdfsFileIO io = (HdfsFileIO) FileIOs.open(MiniDfs.newWarehouse(), Map.of());
    Path file = Path.of("/wh/db.db/t/snapshot/snapshot-9");
    String location = io.location(file);

    assertThatThrownBy(() -> io.readBytes(file))
        .isInstanceOf(UncheckedIOException.class)
        .hasMessageContaining(location)
        .hasCauseInstanceOf(NoSuchFileException.class);
    assertThatThrownBy(() -> io.open(file))
        .isInstanceOf(UncheckedIOException.class)
        .hasMessageContaining(location)
        .hasCauseInstanceOf(NoSuchFileException.class);
    assertThatThrownBy(() -> io.lastModified(file))
        .isInstanceOf(UncheckedIOException.class)
        .hasMessageContaining(location)
        .hasCauseInstanceOf(NoSuchFileException.class);
    assertThat(io.findBytes(file)).isEmpty();
    io.close();
  }

  @Test
  void reportsPermissionDeniedAsForbiddenWithTheNameNodesAnswer() throws Exception {
    String warehouse = MiniDfs.newWarehouse();
    Path locked = FileIOs.rootPath(warehouse).resolve("locked");
    // the process user started the NameNode, so it is the superuser and can lock a directory
    try (HdfsFileIO owner = (HdfsFileIO) FileIOs.open(warehouse, Map.of())) {
      owner.mkdirs(locked);
      owner.writeAtomically(locked.resolve("kept"), "old".getBytes(UTF_8));
      owner.fileSystem().setPermission(owner.hadoopPath(locked), new FsPermission((short) 0700));
    }
    try (HdfsFileIO other =
        (HdfsFileIO) FileIOs.open(warehouse, Map.of(HdfsSettings.USER, "lakeops-reader"))) {

      ObjectStoreException write =
          storeError(() -> other.writeAtomically(locked.resolve("kept"), new byte[] {1}));
      ObjectStoreException list = storeError(() -> other.list(locked));

      assertThat(write.kind()).isEqualTo(Kind.FORBIDDEN);
      assertThat(write.operation()).isEqualTo("PUT");
      assertThat(write.uri()).isEqualTo(other.location(locked.resolve("kept")));
      assertThat(write.answer()).contains("AccessControlException").contains("lakeops-reader");
      assertThat(write.getMessage()).contains("access denied");
      assertThat(list.kind()).isEqualTo(Kind.FORBIDDEN);
      assertThat(list.operation()).isEqualTo("LIST");
    }
    try (HdfsFileIO owner = (HdfsFileIO) FileIOs.open(warehouse, Map.of())) {
      assertThat(owner.readBytes(locked.resolve("kept"))).asString(UTF_8).isEqualTo("old");
    }
  }

  @Test
  void passesHadoopOptionsToTheClientAndNeverShowsTheirValues() {
    String secret = "s3cr3t-value";
    HdfsFileIO io =
        (HdfsFileIO)
            FileIOs.open(
                MiniDfs.newWarehouse(),
                Map.of(
                    "hadoop.dfs.client.socket-timeout",
                    "7000",
                    "hadoop.fs.s3a.secret.key",
                    secret));

    assertThat(io.fileSystem().getConf().get("dfs.client.socket-timeout")).isEqualTo("7000");
    assertThat(io.fileSystem().getConf().get("ipc.client.connect.max.retries")).isEqualTo("1");
    assertThat(io.toString()).contains("fs.s3a.secret.key").doesNotContain(secret);
    io.close();
  }

  @Test
  void refusesAWarehouseWithoutANameNodeOrWithAnUnknownOption() {
    assertThatThrownBy(() -> FileIOs.open("hdfs:///wh", Map.of()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("hdfs:///wh");
    assertThatThrownBy(() -> FileIOs.open(MiniDfs.nameNode() + "/wh", Map.of("hdfs.usr", "x")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("hdfs.usr");
    assertThatThrownBy(
            () -> HdfsFileIO.open(URI.create("hdfs:/wh"), HdfsSettings.from(Map.of(), Map.of())))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("hdfs:/wh");
    assertThat(FileIOs.knownSchemes()).contains("hdfs");
    assertThatThrownBy(() -> FileIOs.open("webhdfs://nn/wh", Map.of()))
        .isInstanceOf(UnsupportedWarehouseException.class)
        .hasMessageContaining("hdfs");
  }
}
