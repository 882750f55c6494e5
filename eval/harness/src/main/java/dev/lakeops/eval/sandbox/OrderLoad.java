package dev.lakeops.eval.sandbox;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A steady stream of new orders into the sandbox's MariaDB {@code shop.orders}: one multi-row
 * insert (one transaction) every 100 ms, from order id {@code firstId} on, until closed. What the
 * CDC pipeline carries while a fault is shown on it.
 */
public final class OrderLoad implements AutoCloseable {

  private static final Logger LOG = LoggerFactory.getLogger(OrderLoad.class);
  private static final Duration TICK = Duration.ofMillis(100);

  private final MariaDbServer server;
  private final long firstId;
  private final int perTick;
  private final AtomicLong next;
  private final AtomicReference<@Nullable Exception> failure = new AtomicReference<>();
  private final Thread thread;
  private volatile boolean stopping;

  private OrderLoad(MariaDbServer server, long firstId, int perSecond) {
    this.server = server;
    this.firstId = firstId;
    this.perTick = Math.max(1, perSecond / 10);
    this.next = new AtomicLong(firstId);
    this.thread = new Thread(this::run, "order-load");
    this.thread.setDaemon(true);
  }

  /**
   * Starts inserting about {@code perSecond} orders a second.
   *
   * @throws IllegalArgumentException {@code perSecond} is not 10 to 10000
   */
  static OrderLoad start(MariaDbServer server, long firstId, int perSecond) {
    if (perSecond < 10 || perSecond > 10_000) {
      throw new IllegalArgumentException(
          "Invalid order load: " + perSecond + " orders/s (must be 10 to 10000)");
    }
    OrderLoad load = new OrderLoad(server, firstId, perSecond);
    load.thread.start();
    LOG.info(
        "Order load started: {} orders every {} ms from id {}",
        load.perTick,
        TICK.toMillis(),
        firstId);
    return load;
  }

  private void run() {
    try (Connection c = server.connectAdmin();
        Statement s = c.createStatement()) {
      long deadline = System.nanoTime();
      while (!stopping) {
        long from = next.get();
        StringBuilder values = new StringBuilder();
        for (long id = from; id < from + perTick; id++) {
          values
              .append(values.length() == 0 ? "" : ", ")
              .append('(')
              .append(id)
              .append(", ")
              .append(1 + id % 50)
              .append(", ")
              .append(id % 1000)
              .append(".50, 'new', NOW(3))");
        }
        s.executeUpdate(
            "INSERT INTO " + ShopTables.DATABASE + "." + ShopTables.ORDERS + " VALUES " + values);
        next.set(from + perTick);
        deadline += TICK.toNanos();
        long wait = deadline - System.nanoTime();
        if (wait > 0) {
          Thread.sleep(wait / 1_000_000, (int) (wait % 1_000_000));
        }
      }
    } catch (SQLException e) {
      failure.set(e);
      LOG.warn("Order load stopped by MariaDB: {}", e.getMessage());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** The id the next order gets: orders {@code firstId} to this minus one are committed. */
  public long nextId() {
    return next.get();
  }

  /** How many orders were committed so far. */
  public long written() {
    return next.get() - firstId;
  }

  /**
   * Stops after the insert under way and waits for it.
   *
   * @throws SandboxException MariaDB refused an insert while the load ran
   */
  @Override
  public void close() {
    stopping = true;
    try {
      thread.join(Duration.ofSeconds(10).toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    LOG.info("Order load stopped after {} orders", written());
    Exception e = failure.get();
    if (e != null) {
      throw new SandboxException("The order load failed: " + e.getMessage(), e);
    }
  }
}
