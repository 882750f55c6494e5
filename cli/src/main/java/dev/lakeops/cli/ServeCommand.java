package dev.lakeops.cli;

import dev.lakeops.cli.common.LakeopsHome;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code lakeops serve}: runs the agent (the Quarkus app) in the foreground. It reads {@code
 * config/application.properties} in the working directory and environment variables such as {@code
 * LAKEOPS_FLINK_REST_URL}; options here override both.
 *
 * <p>{@code ./lakeops serve} hands over to the agent's JVM: this command only writes the agent's
 * command line ({@code --handover FILE}, NUL-separated) and the launcher {@code exec}s it, so one
 * process serves and no launcher JVM stays resident. Called without {@code --handover} (from a
 * plain {@code java} command), it starts the agent as a child and waits for it.
 */
@Command(
    name = "serve",
    mixinStandardHelpOptions = true,
    description = "Run the lakeops agent: alert webhooks and the incident API.")
final class ServeCommand implements Callable<Integer> {

  @Option(
      names = "--port",
      paramLabel = "PORT",
      description = "HTTP port (default: quarkus.http.port, 8080)")
  Integer port;

  @Option(
      names = "--flink-rest",
      paramLabel = "URL",
      description = "Flink REST address (default: lakeops.flink.rest-url)")
  String flinkRest;

  @Option(
      names = "--data-dir",
      paramLabel = "DIR",
      description = "Where incidents are stored (default: lakeops.data-dir)")
  String dataDir;

  @Option(
      names = "-D",
      paramLabel = "KEY=VALUE",
      description = "Any other configuration property, e.g. -Dquarkus.log.level=DEBUG")
  Map<String, String> properties = Map.of();

  @Option(
      names = "--handover",
      hidden = true,
      paramLabel = "FILE",
      description =
          "Write the agent's command line to FILE (NUL-separated) instead of starting it; ./lakeops"
              + " execs it")
  Path handover;

  @Override
  public Integer call() throws Exception {
    if (port != null && (port < 1 || port > 65535)) {
      throw new IllegalArgumentException("--port: " + port + " is not a TCP port (1-65535)");
    }
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    if (port != null) {
      command.add("-Dquarkus.http.port=" + port);
    }
    if (flinkRest != null) {
      command.add("-Dlakeops.flink.rest-url=" + flinkRest);
    }
    if (dataDir != null) {
      command.add("-Dlakeops.data-dir=" + dataDir);
    }
    properties.forEach((k, v) -> command.add("-D" + k + "=" + v));
    command.add("-jar");
    command.add(LakeopsHome.agentJar().toString());
    if (handover != null) {
      Files.writeString(handover, String.join("\0", command) + "\0", StandardCharsets.UTF_8);
      return 0;
    }
    Process agent = new ProcessBuilder(command).inheritIO().start();
    Thread stopper =
        new Thread(
            () -> {
              agent.destroy(); // SIGTERM: Quarkus shuts down cleanly
              try {
                agent.waitFor(10, TimeUnit.SECONDS);
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
              }
              agent.destroyForcibly();
            },
            "lakeops-serve-stop");
    Runtime.getRuntime().addShutdownHook(stopper);
    return agent.waitFor();
  }
}
