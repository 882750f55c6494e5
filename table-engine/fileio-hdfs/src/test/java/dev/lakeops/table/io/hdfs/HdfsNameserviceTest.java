package dev.lakeops.table.io.hdfs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.lakeops.table.Table;
import dev.lakeops.table.catalog.Catalog;
import dev.lakeops.table.catalog.TestTables;
import java.io.IOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A warehouse on an HA nameservice ({@code hdfs://NAMESERVICE/PATH}), defined as {@code
 * hdfs-site.xml} would define it, here through {@code hadoop.*} options: two NameNodes, the first
 * with nothing listening (down, as a failed NameNode is) and the second the real MiniDFSCluster's.
 * The client fails over to the one that answers, and every path lakeops shows names the
 * nameservice.
 */
@ExtendWith(MiniDfs.class)
class HdfsNameserviceTest {

  private static final String NAMESERVICE = "lake-ns";

  private static Map<String, String> nameservice(String name) throws IOException {
    Map<String, String> options = new HashMap<>(MiniDfs.options());
    options.put("hadoop.dfs.nameservices", name);
    options.put("hadoop.dfs.ha.namenodes." + name, "nn1,nn2");
    options.put(
        "hadoop.dfs.namenode.rpc-address." + name + ".nn1", "127.0.0.1:" + MiniDfs.freePort());
    options.put(
        "hadoop.dfs.namenode.rpc-address." + name + ".nn2",
        "127.0.0.1:" + MiniDfs.cluster().getNameNodePort());
    options.put(
        "hadoop.dfs.client.failover.proxy.provider." + name,
        "org.apache.hadoop.hdfs.server.namenode.ha.ConfiguredFailoverProxyProvider");
    return options;
  }

  @Test
  void writesCommitsAndReadsATableOnANameserviceWhoseFirstNameNodeIsDown() throws Exception {
    String dir = "/wh-" + UUID.randomUUID();
    String warehouse = "hdfs://" + NAMESERVICE + dir;
    Catalog catalog = Catalog.open(warehouse, nameservice(NAMESERVICE));
    catalog.createDatabaseIfNotExists("db");
    Table orders = TestTables.orders(catalog, "orders", Map.of());

    TestTables.commit(
        orders,
        1,
        List.of(
            TestTables.order("2024-01-01", 1, "apple", 1.5),
            TestTables.order("2024-01-02", 2, "pear", null)));
    TestTables.commit(orders, 2, List.of(TestTables.order("2024-01-01", 1, "apple, green", 2.0)));

    assertThat(catalog.location()).isEqualTo(warehouse);
    assertThat(TestTables.readAll(orders).stream().map(Object::toString))
        .hasSize(2)
        .anyMatch(r -> r.contains("apple, green"))
        .noneMatch(r -> r.contains("1.5"));
    // The same files, seen through the NameNode's own address.
    assertThat(
            MiniDfs.cluster()
                .getFileSystem()
                .exists(new Path(dir + "/db.db/orders/snapshot/snapshot-2")))
        .isTrue();
  }

  @Test
  void aNameserviceNoConfigurationDefinesIsRefusedNamingTheWarehouse() {
    String warehouse = "hdfs://undefined-ns/wh";

    Throwable thrown =
        catchThrowable(() -> Catalog.open(warehouse, MiniDfs.options()).databaseExists("db"));

    assertThat(thrown)
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining(warehouse)
        .hasMessageContaining("neither a host that resolves nor a nameservice");
    assertThat(thrown.getMessage()).doesNotContain("\tat ");
  }
}
