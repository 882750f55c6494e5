package dev.lakeops.table.io.s3;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakeops.table.catalog.Catalog;
import dev.lakeops.table.io.FileIOs;
import dev.lakeops.table.io.ObjectStoreException;
import dev.lakeops.table.io.ObjectStoreException.Kind;
import dev.lakeops.table.io.SeekableInput;
import java.nio.file.Path;
import java.util.Map;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The store's refusals, each a typed error naming the URI, the operation and the answer. */
@ExtendWith(S3ProxyServer.class)
class S3FailuresTest {

  private static String messages(Throwable t) {
    StringBuilder all = new StringBuilder();
    for (Throwable c = t; c != null; c = c.getCause()) {
      all.append(c).append('\n');
    }
    return all.toString();
  }

  private static ObjectStoreException storeError(ThrowingCallable call) {
    Throwable thrown = org.assertj.core.api.Assertions.catchThrowable(call);
    assertThat(thrown).isInstanceOf(ObjectStoreException.class);
    return (ObjectStoreException) thrown;
  }

  @Test
  void reportsBadCredentialsAsForbiddenWithoutTheSecret() {
    S3ProxyServer server = S3ProxyServer.get();
    String bucket = server.newBucket();
    Map<String, String> options = server.options();
    String wrongSecret = "wrong-secret-" + server.credential();
    options.put(S3Settings.SECRET_KEY, wrongSecret);
    Catalog catalog = Catalog.open("s3://" + bucket + "/wh", options);

    ObjectStoreException e = storeError(() -> catalog.createDatabase("db"));

    assertThat(e.kind()).isEqualTo(Kind.FORBIDDEN);
    assertThat(e.uri()).startsWith("s3://" + bucket + "/wh");
    assertThat(e.getMessage()).contains("s3://" + bucket + "/wh").contains("403");
    assertThat(e.operation()).isIn("HEAD", "LIST", "PUT");
    assertThat(messages(e)).doesNotContain(wrongSecret).doesNotContain(server.credential());
    assertThat(catalog.io().toString()).doesNotContain(wrongSecret);
  }

  @Test
  void reportsAMissingBucket() {
    S3ProxyServer server = S3ProxyServer.get();
    Catalog catalog = Catalog.open("s3://no-such-bucket-lakeops/wh", server.options());

    ObjectStoreException e = storeError(catalog::listDatabases);

    assertThat(e.kind()).isEqualTo(Kind.NO_SUCH_BUCKET);
    assertThat(e.operation()).isEqualTo("LIST");
    assertThat(e.getMessage()).contains("s3://no-such-bucket-lakeops/wh").contains("NoSuchBucket");
  }

  @Test
  void reportsAnUnreachableStore() throws Exception {
    Map<String, String> options = S3ProxyServer.get().options();
    options.put(S3Settings.ENDPOINT, "http://127.0.0.1:" + S3ProxyServer.freePort());
    options.put(S3Settings.MAX_ATTEMPTS, "1");
    Catalog catalog = Catalog.open("s3://bucket/wh", options);

    ObjectStoreException e = storeError(() -> catalog.databaseExists("db"));

    assertThat(e.kind()).isEqualTo(Kind.UNREACHABLE);
    assertThat(e.getMessage()).contains("s3://bucket/wh/db.db").contains("unreachable");
  }

  @Test
  void retriesAThrottledRequestWithBackoffAndSucceeds() throws Exception {
    S3ProxyServer server = S3ProxyServer.get();
    String bucket = server.newBucket();
    S3FileIO direct = (S3FileIO) FileIOs.open("s3://" + bucket + "/wh", server.options());
    direct.writeAtomically(Path.of("/wh/snapshot/LATEST"), "7".getBytes(UTF_8));
    try (ThrottlingRelay relay = new ThrottlingRelay(server.endpoint().getPort(), 2)) {
      Map<String, String> options = server.options();
      options.put(S3Settings.ENDPOINT, "http://127.0.0.1:" + relay.port());
      S3FileIO io = (S3FileIO) FileIOs.open("s3://" + bucket + "/wh", options);

      assertThat(io.readBytes(Path.of("/wh/snapshot/LATEST"))).asString(UTF_8).isEqualTo("7");
      assertThat(relay.requests()).as("two throttled, then one passed").isEqualTo(3);
    }
  }

  @Test
  void reportsThrottlingThatOutlastsTheRetries() throws Exception {
    S3ProxyServer server = S3ProxyServer.get();
    try (ThrottlingRelay relay = new ThrottlingRelay(server.endpoint().getPort(), 1000)) {
      Map<String, String> options = server.options();
      options.put(S3Settings.ENDPOINT, "http://127.0.0.1:" + relay.port());
      options.put(S3Settings.MAX_ATTEMPTS, "3");
      S3FileIO io = (S3FileIO) FileIOs.open("s3://bucket/wh", options);

      ObjectStoreException e = storeError(() -> io.readBytes(Path.of("/wh/snapshot/LATEST")));

      assertThat(e.kind()).isEqualTo(Kind.THROTTLED);
      assertThat(e.operation()).isEqualTo("GET");
      assertThat(e.getMessage())
          .contains("s3://bucket/wh/snapshot/LATEST")
          .contains("503")
          .contains("SlowDown");
      assertThat(relay.requests()).isEqualTo(3);
    }
  }

  @Test
  void refusesAnExclusiveCreateWhenConditionalWritesAreOff() {
    S3ProxyServer server = S3ProxyServer.get();
    String bucket = server.newBucket();
    Map<String, String> options = server.options();
    options.put(S3Settings.CONDITIONAL_WRITES, "false");
    S3FileIO io = (S3FileIO) FileIOs.open("s3://" + bucket + "/wh", options);
    Path snapshot = Path.of("/wh/db.db/t/snapshot/snapshot-1");

    ObjectStoreException e = storeError(() -> io.createExclusively(snapshot, new byte[] {1}));

    assertThat(e.kind()).isEqualTo(Kind.CONDITIONAL_WRITE_UNSUPPORTED);
    assertThat(e.getMessage())
        .contains("s3://" + bucket + "/wh/db.db/t/snapshot/snapshot-1")
        .contains("refusing to commit");
    assertThat(io.exists(snapshot)).isFalse();
  }

  @Test
  void reportsAnObjectThatBecameShorterThanWhenItWasOpened() {
    S3ProxyServer server = S3ProxyServer.get();
    String bucket = server.newBucket();
    S3FileIO io = (S3FileIO) FileIOs.open("s3://" + bucket + "/wh", server.options());
    Path file = Path.of("/wh/bucket-0/data-1.parquet");
    io.writeAtomically(file, new byte[200_000]);

    try (SeekableInput in = io.openSeekable(file)) {
      io.writeAtomically(file, "short".getBytes(UTF_8));
      byte[] buf = new byte[100];

      ObjectStoreException e = storeError(() -> in.readFully(150_000, buf, 0, buf.length));
      assertThat(e.kind()).isEqualTo(Kind.TRUNCATED);
      assertThat(e.operation()).isEqualTo("GET");
      assertThat(e.uri()).isEqualTo("s3://" + bucket + "/wh/bucket-0/data-1.parquet");
      assertThat(e.getMessage()).contains("truncated").contains("200000");
    }
  }

  @Test
  void reportsARangeThatComesBackShort() {
    S3ProxyServer server = S3ProxyServer.get();
    String bucket = server.newBucket();
    S3FileIO io = (S3FileIO) FileIOs.open("s3://" + bucket + "/wh", server.options());
    Path file = Path.of("/wh/bucket-0/data-2.parquet");
    io.writeAtomically(file, new byte[200_000]);

    try (SeekableInput in = io.openSeekable(file)) {
      io.writeAtomically(file, new byte[100_000]);
      byte[] buf = new byte[100];

      ObjectStoreException e = storeError(() -> in.readFully(99_950, buf, 0, buf.length));
      assertThat(e.kind()).isEqualTo(Kind.TRUNCATED);
      assertThat(e.answer()).contains("returned");
    }
  }

  @Test
  void refusesAWarehouseWithoutABucketOrWithAnUnknownOption() {
    assertThatThrownBy(() -> FileIOs.open("s3:///wh", Map.of()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("s3:///wh");
    assertThatThrownBy(() -> FileIOs.open("s3://b/wh", Map.of("s3.endpont", "http://x")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("s3.endpont");
  }
}
