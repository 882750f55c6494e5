package dev.lakeops.table.io;

import static dev.lakeops.table.catalog.TestTables.order;
import static dev.lakeops.table.catalog.TestTables.readAll;
import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.table.Table;
import dev.lakeops.table.catalog.Catalog;
import dev.lakeops.table.catalog.Identifier;
import dev.lakeops.table.catalog.TestTables;
import dev.lakeops.table.commit.ChangeSet;
import dev.lakeops.table.data.Row;
import dev.lakeops.table.meta.Snapshot;
import dev.lakeops.table.write.TableWrite;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Tables in a warehouse on a store, through {@link Catalog#open}: writes, commits and reads, drops,
 * request counts and two concurrent writers. Each store's module runs it on its real server.
 */
public abstract class WarehouseOnStoreTest {

  /** A warehouse URI no other test uses. */
  protected abstract String newWarehouse();

  /** The store's options. */
  protected abstract Map<String, String> storeOptions();

  private Catalog warehouse(String uri) {
    Catalog catalog = Catalog.open(uri, storeOptions());
    catalog.createDatabaseIfNotExists("db");
    return catalog;
  }

  @ParameterizedTest
  @ValueSource(strings = {"avro", "parquet"})
  void writesCommitsAndReadsATableBack(String format) {
    String uri = newWarehouse();
    Catalog catalog = warehouse(uri);
    Table table = TestTables.orders(catalog, "orders", Map.of("file.format", format));

    TestTables.commit(table, 1, List.of(order("d1", 1, "a", 1.0), order("d2", 2, "b", 2.0)));
    Snapshot second =
        TestTables.commit(table, 2, List.of(order("d1", 1, "a2", 1.5), order("d1", 3, "c", 3.0)));

    assertThat(second.id()).isEqualTo(2);
    Table reloaded = warehouse(uri).loadTable(Identifier.of("db", "orders"));
    assertThat(readAll(reloaded))
        .containsExactly(
            order("d1", 1, "a2", 1.5), order("d1", 3, "c", 3.0), order("d2", 2, "b", 2.0));
    assertThat(catalog.listDatabases()).containsExactly("db");
    assertThat(catalog.listTables("db")).containsExactly("orders");
    assertThat(catalog.io().location(table.paths().snapshotFile(2)))
        .isEqualTo(uri + "/db.db/orders/snapshot/snapshot-2");
    assertThat(catalog.io().listFiles(table.paths().root()))
        .as("no temporary file is left behind")
        .noneMatch(p -> p.getFileName().toString().endsWith(".tmp"));
  }

  @Test
  void seesAnEmptyDatabaseAndDropsATableWithAllItsFiles() {
    Catalog catalog = warehouse(newWarehouse());
    catalog.createDatabase("empty");
    Table table = TestTables.log(catalog, "events", Map.of());
    TestTables.commit(table, 1, List.of(Row.of(1L, "x")));

    assertThat(catalog.listDatabases()).containsExactly("db", "empty");
    catalog.dropTable(Identifier.of("db", "events"));

    assertThat(catalog.listTables("db")).isEmpty();
    assertThat(catalog.io().listFiles(table.paths().root())).isEmpty();
  }

  @Test
  void countsTheRequestsOfAScanPlan() {
    Catalog catalog = warehouse(newWarehouse());
    Table table = TestTables.orders(catalog, "orders", Map.of());
    for (int i = 1; i <= 3; i++) {
      TestTables.commit(table, i, List.of(order("d" + i, i, "n", 1.0)));
    }

    IoStats before = catalog.io().stats();
    table.newScan().plan();
    IoStats plan = catalog.io().stats().minus(before);

    assertThat(plan.gets()).as("snapshot, manifest list and manifests").isGreaterThanOrEqualTo(3);
    assertThat(plan.bytesRead()).isPositive();
    assertThat(plan.puts()).isZero();
    assertThat(plan.deletes()).isZero();
  }

  @Test
  void keepsEveryAcknowledgedCommitOfTwoConcurrentWritersExactlyOnce() throws Exception {
    String uri = newWarehouse();
    TestTables.log(warehouse(uri), "events", Map.of());
    int writers = 2;
    int commitsEach = 6;
    List<Long> acknowledged = Collections.synchronizedList(new ArrayList<>());
    ExecutorService pool = Executors.newFixedThreadPool(writers);
    try {
      List<Future<?>> done = new ArrayList<>();
      for (int w = 0; w < writers; w++) {
        int writer = w;
        done.add(
            pool.submit(
                () -> {
                  // each writer its own client, as two processes would have
                  Table table = warehouse(uri).loadTable(Identifier.of("db", "events"));
                  for (int c = 1; c <= commitsEach; c++) {
                    long id = writer * 1000L + c;
                    try (TableWrite write = table.newWrite("writer-" + writer)) {
                      write.write(Row.of(id, "w" + writer));
                      ChangeSet changes = write.prepareCommit(c);
                      table.newCommit().commit(changes);
                    }
                    acknowledged.add(id);
                  }
                  return null;
                }));
      }
      for (Future<?> f : done) {
        f.get(5, TimeUnit.MINUTES);
      }
    } finally {
      pool.shutdownNow();
    }

    Table table = warehouse(uri).loadTable(Identifier.of("db", "events"));
    List<Long> ids = readAll(table).stream().map(r -> (Long) r.get(0)).sorted().toList();
    assertThat(ids).hasSize(writers * commitsEach);
    assertThat(ids).containsExactlyInAnyOrderElementsOf(acknowledged);
    assertThat(table.latestSnapshot().orElseThrow().id()).isEqualTo(writers * commitsEach);
  }
}
