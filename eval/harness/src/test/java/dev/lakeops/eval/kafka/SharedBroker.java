package dev.lakeops.eval.kafka;

import dev.lakeops.eval.sandbox.FreePorts;
import dev.lakeops.eval.sandbox.KafkaSandbox;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The KRaft broker (its own JVM) that {@link KafkaLagIT}, {@link KafkaTriageIT} and {@link
 * dev.lakeops.eval.actions.KafkaOffsetResetIT} share: started before the first of them in the test
 * JVM, stopped by PID once the JVM's last test is done (which fails if the process is still alive).
 * Each test there has topics and groups of its own names, so sharing the broker changes no window a
 * test reads.
 */
public final class SharedBroker implements BeforeAllCallback {

  private static KafkaSandbox broker;

  @Override
  public void beforeAll(ExtensionContext context) {
    context
        .getRoot()
        .getStore(ExtensionContext.Namespace.GLOBAL)
        .computeIfAbsent(SharedBroker.class, k -> start(), Stopper.class);
  }

  /** The running broker; only inside a class extended with this. */
  public static synchronized KafkaSandbox broker() {
    if (broker == null) {
      throw new IllegalStateException("no shared broker: extend the test with SharedBroker");
    }
    return broker;
  }

  private static synchronized Stopper start() {
    Path home = Path.of(System.getProperty("lakeops.home", "../.."));
    Path work;
    try {
      work =
          Files.createTempDirectory(
              Files.createDirectories(home.resolve("eval/harness/target/it").toAbsolutePath()),
              "kafka-shared-");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    int[] ports = FreePorts.take(2);
    broker = KafkaSandbox.start(home, work, ports[0], ports[1]);
    return new Stopper();
  }

  private static final class Stopper implements AutoCloseable {
    @Override
    public void close() {
      KafkaSandbox running;
      synchronized (SharedBroker.class) {
        running = broker;
        broker = null;
      }
      long pid = running.pid();
      running.close();
      if (ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)) {
        throw new IllegalStateException("shared Kafka broker (pid " + pid + ") still runs");
      }
    }
  }
}
