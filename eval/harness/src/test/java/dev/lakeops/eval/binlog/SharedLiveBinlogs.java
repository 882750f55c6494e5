package dev.lakeops.eval.binlog;

import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The private MariaDB and its binlogs that {@link BinlogLiveDamageIT} and {@link
 * BinlogLiveFlipPropertyIT} share: both only damage copies of its clean binlogs and compare with
 * its event listings, so the server runs the workload once per test JVM; it is stopped (and its
 * directory deleted) once the JVM's last test is done.
 */
final class SharedLiveBinlogs implements BeforeAllCallback {

  private static final int PORT = 61300;
  private static LiveBinlogs live;

  @Override
  public void beforeAll(ExtensionContext context) {
    context
        .getRoot()
        .getStore(ExtensionContext.Namespace.GLOBAL)
        .computeIfAbsent(SharedLiveBinlogs.class, k -> start(), Stopper.class);
  }

  /** The server and its binlogs; only inside a class extended with this. */
  static synchronized LiveBinlogs live() {
    if (live == null) {
      throw new IllegalStateException("no live binlogs: extend the test with SharedLiveBinlogs");
    }
    return live;
  }

  private static synchronized Stopper start() {
    try {
      live = LiveBinlogs.start("damage-and-flip-it", PORT);
    } catch (Exception e) {
      throw new IllegalStateException("the private MariaDB did not write its binlogs", e);
    }
    return new Stopper();
  }

  private static final class Stopper implements AutoCloseable {
    @Override
    public void close() {
      LiveBinlogs running;
      synchronized (SharedLiveBinlogs.class) {
        running = live;
        live = null;
      }
      running.close();
    }
  }
}
