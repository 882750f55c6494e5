package dev.lakeops.cli.table;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.table.io.s3.S3ProxyServer;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@link TableStoreWarehouseTest} on a bucket of a real S3Proxy ({@code --warehouse
 * s3://bucket/lake}), and S3's refusals as one line naming the URI.
 */
@ExtendWith(S3ProxyServer.class)
class TableS3WarehouseTest extends TableStoreWarehouseTest {

  private String bucket;

  @Override
  protected String newWarehouse() {
    bucket = S3ProxyServer.get().newBucket();
    return "s3://" + bucket + "/lake";
  }

  @Override
  protected Map<String, String> storeOptions() {
    return S3ProxyServer.get().options();
  }

  @Test
  void wrongCredentialsAreOneLineNamingTheWarehouseNeverTheSecret() {
    Map<String, String> store = new java.util.HashMap<>(S3ProxyServer.get().options());
    store.put("s3.secret-key", "not-the-secret-0123456789");

    int exit = cli.run(args(store, "table", "list", "--warehouse", warehouse));

    assertThat(exit).isEqualTo(2);
    assertThat(cli.err())
        .contains("--warehouse " + warehouse)
        .contains("403")
        .doesNotContain("not-the-secret")
        .doesNotContain(S3ProxyServer.get().credential())
        .doesNotContain("Exception");
  }

  @Test
  void refusesABucketThatDoesNotExistAPrefixWithNothingAndAnUnknownScheme() {
    String missing = "s3://no-such-bucket-" + bucket + "/lake";
    assertThat(cli.run(args("table", "list", "--warehouse", missing))).isEqualTo(2);
    assertThat(cli.err()).contains(missing).doesNotContain("Exception");

    String empty = "s3://" + bucket + "/nothing-here";
    assertThat(cli.run(args("table", "list", "--warehouse", empty))).isEqualTo(2);
    assertThat(cli.err()).contains(empty).contains("no such warehouse");

    assertThat(cli.run("table", "list", "--warehouse", "gs://bucket/lake")).isEqualTo(2);
    assertThat(cli.err()).contains("gs://bucket/lake").contains("scheme 'gs'").contains("s3");

    assertThat(cli.run(args("table", "list", "--warehouse", warehouse, "--store", "s3.bogus=1")))
        .isEqualTo(2);
    assertThat(cli.err()).contains("s3.bogus").doesNotContain("Exception");
  }
}
