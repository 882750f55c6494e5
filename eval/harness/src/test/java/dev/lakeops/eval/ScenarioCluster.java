package dev.lakeops.eval;

import dev.lakeops.eval.sandbox.FlinkScenarios;
import java.nio.file.Path;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The scenario cluster ({@link FlinkScenarios#ALL every scenario job}) that the suites which only
 * read its jobs share: started before the first such test class of the test JVM, stopped by PID
 * once the JVM's last test is done (which fails if the process is still alive). Suites that cancel
 * or resubmit jobs start a cluster of their own.
 */
final class ScenarioCluster implements BeforeAllCallback {

  private static Running running;

  @Override
  public void beforeAll(ExtensionContext context) {
    context
        .getRoot()
        .getStore(ExtensionContext.Namespace.GLOBAL)
        .computeIfAbsent(ScenarioCluster.class, k -> start(), Running.class);
  }

  /** The running cluster; only inside a class extended with this. */
  static synchronized FlinkScenarios cluster() {
    if (running == null) {
      throw new IllegalStateException("no scenario cluster: extend the test with ScenarioCluster");
    }
    return running.cluster;
  }

  /** {@link System#nanoTime()} when the cluster's jobs were all running. */
  static synchronized long startedNanos() {
    cluster();
    return running.startedNanos;
  }

  private static synchronized Running start() {
    Path home = Path.of(System.getProperty("lakeops.home", "../.."));
    Path work = home.resolve("eval/harness/target/it/flink-scenarios").toAbsolutePath();
    FlinkScenarios cluster =
        FlinkScenarios.start(
            home,
            work,
            Integer.getInteger("lakeops.it.flink-scenarios.port", 28082),
            FlinkScenarios.ALL);
    running = new Running(cluster, System.nanoTime());
    return running;
  }

  private record Running(FlinkScenarios cluster, long startedNanos) implements AutoCloseable {
    @Override
    public void close() {
      long pid = cluster.pid();
      cluster.close();
      synchronized (ScenarioCluster.class) {
        running = null;
      }
      if (ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)) {
        throw new IllegalStateException("scenario cluster (pid " + pid + ") still runs");
      }
    }
  }
}
