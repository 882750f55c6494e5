package dev.lakeops.eval.sandbox;

import dev.lakeops.table.Table;
import dev.lakeops.table.catalog.Catalog;
import dev.lakeops.table.catalog.Identifier;
import dev.lakeops.table.catalog.TableDefinition;
import dev.lakeops.table.data.Row;
import dev.lakeops.table.types.AtomicType;
import dev.lakeops.table.types.TypeRoot;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The tables the sandbox's CDC hop carries: {@code shop.orders} and {@code shop.payments} in
 * MariaDB, and their lake tables of the same names: {@code shop.orders} a primary-key table (the
 * latest row of each order), {@code shop.payments} an append table (every payment, once). Columns
 * match by name; MariaDB's {@code DATETIME(3)} is the lake's {@code TIMESTAMP(3)}. {@code
 * shop.orders} is {@code write-only}, as tables with a dedicated compaction job are: its writers
 * never compact, and the sandbox runs no compaction job, so its sorted runs pile up with every
 * checkpoint that changes a bucket — the compaction backlog an approved compaction on Flink clears.
 */
public final class ShopTables {

  public static final String DATABASE = "shop";
  public static final String ORDERS = "orders";
  public static final String PAYMENTS = "payments";

  /** Debezium's signal table: not routed to the lake. */
  public static final String SIGNALS = "debezium_signal";

  /** Payments {@link #seed} writes. */
  public static final int SEED_PAYMENTS = 1;

  private ShopTables() {}

  /** Creates the MariaDB database and its two tables (dropped first should they exist). */
  public static void createInMariaDb(MariaDbServer server) {
    server.execute(
        "CREATE DATABASE IF NOT EXISTS " + DATABASE,
        "DROP TABLE IF EXISTS " + DATABASE + "." + ORDERS,
        "DROP TABLE IF EXISTS " + DATABASE + "." + PAYMENTS,
        "CREATE TABLE "
            + DATABASE
            + "."
            + ORDERS
            + " (order_id BIGINT NOT NULL PRIMARY KEY, shop_id INT NOT NULL,"
            + " amount DECIMAL(10,2) NOT NULL, status VARCHAR(16) NOT NULL,"
            + " updated_at DATETIME(3) NOT NULL)",
        "CREATE TABLE "
            + DATABASE
            + "."
            + PAYMENTS
            + " (payment_id BIGINT NOT NULL PRIMARY KEY, order_id BIGINT NOT NULL,"
            + " amount DECIMAL(10,2) NOT NULL, paid_at DATETIME(3) NOT NULL)",
        // Debezium's signal table, in the layout its documentation gives; the connector's user
        // writes the watermarks of an incremental snapshot to it
        "DROP TABLE IF EXISTS " + DATABASE + "." + SIGNALS,
        "CREATE TABLE "
            + DATABASE
            + "."
            + SIGNALS
            + " (id VARCHAR(42) PRIMARY KEY, type VARCHAR(32) NOT NULL, data VARCHAR(2048) NULL)",
        "GRANT INSERT, UPDATE, DELETE ON "
            + DATABASE
            + "."
            + SIGNALS
            + " TO '"
            + MariaDbServer.CDC_USER
            + "'@'%'");
  }

  /**
   * A first few rows in each table: the connector's snapshot reads them, which creates the change
   * topics before the Flink job subscribes to them.
   */
  public static void seed(MariaDbServer server) {
    server.execute(
        "INSERT INTO "
            + DATABASE
            + "."
            + ORDERS
            + " VALUES (1, 1, 10.00, 'new', '2026-01-01 00:00:00.001'),"
            + " (2, 2, 20.50, 'new', '2026-01-01 00:00:00.002'),"
            + " (3, 1, 5.25, 'paid', '2026-01-01 00:00:00.003')",
        "INSERT INTO "
            + DATABASE
            + "."
            + PAYMENTS
            + " VALUES (1, 3, 5.25, '2026-01-01 00:00:01.000')");
  }

  /** Inserts payments {@code firstId} .. {@code firstId + count - 1}, one per order 1-3. */
  public static void insertPayments(MariaDbServer server, long firstId, int count) {
    StringBuilder values = new StringBuilder();
    for (long id = firstId; id < firstId + count; id++) {
      values
          .append(values.length() == 0 ? "" : ", ")
          .append("(")
          .append(id)
          .append(", ")
          .append(1 + id % 3)
          .append(", ")
          .append(id % 100)
          .append(".25, '2026-01-03 00:00:00.000')");
    }
    server.execute("INSERT INTO " + DATABASE + "." + PAYMENTS + " VALUES " + values);
  }

  /**
   * Waits until lake table {@code name} has {@code rows} rows (as a reader sees it).
   *
   * @throws SandboxException it did not within {@code timeout} (says how many it had)
   */
  public static void awaitRows(Path warehouse, String name, long rows, Duration timeout) {
    long deadline = System.nanoTime() + timeout.toNanos();
    long seen = -1;
    while (true) {
      Table table = lakeTable(warehouse, name);
      seen = 0;
      if (table.latestSnapshot().isPresent()) {
        for (Row ignored : table.newRead().readAll(table.newScan().plan())) {
          seen++;
        }
      }
      if (seen == rows) {
        return;
      }
      if (System.nanoTime() > deadline) {
        throw new SandboxException(
            "Lake table "
                + DATABASE
                + "."
                + name
                + " has "
                + seen
                + " rows after "
                + timeout
                + ", expected "
                + rows);
      }
      try {
        Thread.sleep(200);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new SandboxException("Interrupted while waiting for " + DATABASE + "." + name, e);
      }
    }
  }

  /** Creates the two lake tables in {@code warehouse} unless they are there. */
  public static void createInLake(Path warehouse) {
    Catalog catalog = Catalog.local(warehouse);
    catalog.createDatabaseIfNotExists(DATABASE);
    catalog.createTableIfNotExists(
        Identifier.of(DATABASE, ORDERS),
        TableDefinition.builder()
            .column("order_id", AtomicType.of(TypeRoot.BIGINT).withNullable(false))
            .column("shop_id", AtomicType.of(TypeRoot.INT))
            .column("amount", AtomicType.decimal(10, 2))
            .column("status", AtomicType.string())
            .column("updated_at", AtomicType.timestamp(3))
            .primaryKey("order_id")
            .option("bucket", "2")
            .option("write-only", "true")
            .build());
    catalog.createTableIfNotExists(
        Identifier.of(DATABASE, PAYMENTS),
        TableDefinition.builder()
            .column("payment_id", AtomicType.of(TypeRoot.BIGINT))
            .column("order_id", AtomicType.of(TypeRoot.BIGINT))
            .column("amount", AtomicType.decimal(10, 2))
            .column("paid_at", AtomicType.timestamp(3))
            .build());
  }

  /** The lake table of {@code name} ({@link #ORDERS} or {@link #PAYMENTS}). */
  public static Table lakeTable(Path warehouse, String name) {
    return Catalog.local(warehouse).loadTable(Identifier.of(DATABASE, name));
  }

  /**
   * The pipeline's {@code --cdc} routes: each Debezium topic ({@code <topicPrefix>.shop.<table>})
   * to its lake table.
   */
  public static Map<String, String> routes(String topicPrefix) {
    Map<String, String> routes = new LinkedHashMap<>();
    for (String table : new String[] {ORDERS, PAYMENTS}) {
      routes.put(topicPrefix + "." + DATABASE + "." + table, DATABASE + "." + table);
    }
    return routes;
  }
}
