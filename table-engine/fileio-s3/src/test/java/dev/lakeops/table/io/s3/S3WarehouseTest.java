package dev.lakeops.table.io.s3;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.table.catalog.Catalog;
import dev.lakeops.table.catalog.TestTables;
import dev.lakeops.table.io.WarehouseOnStoreTest;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** {@link WarehouseOnStoreTest} on a bucket of a real S3Proxy ({@code s3://}). */
@ExtendWith(S3ProxyServer.class)
class S3WarehouseTest extends WarehouseOnStoreTest {

  @Override
  protected String newWarehouse() {
    return "s3://" + S3ProxyServer.get().newBucket() + "/lake/wh";
  }

  @Override
  protected Map<String, String> storeOptions() {
    return S3ProxyServer.get().options();
  }

  @Test
  void opensTheSameWarehouseThroughS3a() {
    String bucket = S3ProxyServer.get().newBucket();
    Catalog s3 = Catalog.open("s3://" + bucket + "/wh", storeOptions());
    s3.createDatabaseIfNotExists("db");
    TestTables.orders(s3, "orders", Map.of());

    Catalog s3a = Catalog.open("s3a://" + bucket + "/wh", storeOptions());

    assertThat(s3a.listTables("db")).containsExactly("orders");
    assertThat(s3a.loadTable(dev.lakeops.table.catalog.Identifier.of("db", "orders")).schema())
        .isEqualTo(s3.loadTable(dev.lakeops.table.catalog.Identifier.of("db", "orders")).schema());
  }
}
