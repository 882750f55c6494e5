package dev.lakeops.eval.sandbox;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The lakeops agent (the packaged Quarkus app) in a JVM of its own, pointed at a Flink REST
 * address, with its data in a directory of its own. Stopped by PID on {@link #close} or when this
 * JVM exits.
 */
public final class AgentProcess implements AutoCloseable {

  private static final Duration START_TIMEOUT = Duration.ofSeconds(60);

  private final JavaProcess process;
  private final AgentClient client;
  private final Thread shutdownHook;
  private boolean closed;

  private AgentProcess(JavaProcess process, AgentClient client) {
    this.process = process;
    this.client = client;
    this.shutdownHook =
        new Thread(() -> process.stop(Duration.ofSeconds(10)), "lakeops-agent-shutdown");
    Runtime.getRuntime().addShutdownHook(shutdownHook);
  }

  /**
   * Starts the agent from {@code lakeopsHome/agent/target/quarkus-app} and waits until it is ready.
   *
   * @throws SandboxException the app is not built, the port is taken, or it did not become ready
   */
  public static AgentProcess start(Path lakeopsHome, Path workDir, int port, String flinkRestUrl) {
    return start(lakeopsHome, workDir, port, flinkRestUrl, List.of());
  }

  /**
   * As {@link #start(Path, Path, int, String)}, with more JVM arguments, e.g. {@code
   * -Dlakeops.database.kind=postgresql}.
   */
  public static AgentProcess start(
      Path lakeopsHome, Path workDir, int port, String flinkRestUrl, List<String> extraJvmArgs) {
    Path jar = lakeopsHome.resolve("agent/target/quarkus-app/quarkus-run.jar");
    if (!Files.isRegularFile(jar)) {
      throw new SandboxException(
          "The agent is not built: " + jar + " is missing (run mvn -DskipTests package)");
    }
    LocalPorts.requireFree(port, "lakeops agent HTTP");
    try {
      Files.createDirectories(workDir);
    } catch (java.io.IOException e) {
      throw new SandboxException("Cannot create " + workDir + ": " + e.getMessage());
    }
    List<String> jvm =
        new ArrayList<>(
            List.of(
                "-Xmx256m",
                "-Dquarkus.http.port=" + port,
                "-Dquarkus.http.host=127.0.0.1",
                "-Dlakeops.flink.rest-url=" + flinkRestUrl,
                "-Dlakeops.data-dir=" + workDir.resolve("data")));
    jvm.addAll(extraJvmArgs);
    JavaLaunch launch = JavaLaunch.jar("agent", jar).withJvmArgs(jvm);
    JavaProcess process =
        JavaProcess.start(launch, workDir.resolve("agent.log"), workDir.resolve("agent.pid"));
    AgentClient client = new AgentClient("http://127.0.0.1:" + port);
    AgentProcess agent = new AgentProcess(process, client);
    try {
      process.awaitReady("agent on port " + port, START_TIMEOUT, client::isReady);
    } catch (RuntimeException e) {
      agent.close();
      throw e;
    }
    return agent;
  }

  public AgentClient client() {
    return client;
  }

  public long pid() {
    return process.pid();
  }

  public Path logFile() {
    return process.logFile();
  }

  /** Stops the agent by PID (terminate, wait, then kill). Idempotent; also runs at JVM shutdown. */
  @Override
  public synchronized void close() {
    if (closed) {
      return;
    }
    closed = true;
    try {
      Runtime.getRuntime().removeShutdownHook(shutdownHook);
    } catch (IllegalStateException e) {
      // The JVM is shutting down; the hook stops the process.
    }
    process.stop(Duration.ofSeconds(10));
  }
}
