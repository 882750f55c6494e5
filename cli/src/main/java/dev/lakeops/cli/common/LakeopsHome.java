package dev.lakeops.cli.common;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Where the lakeops checkout is: the {@code lakeops.home} system property (set by ./lakeops), else
 * the working directory.
 */
public final class LakeopsHome {

  private LakeopsHome() {}

  public static Path path() {
    String home = System.getProperty("lakeops.home");
    return Path.of(home == null || home.isBlank() ? "." : home).toAbsolutePath().normalize();
  }

  /** The packaged agent application, or an error saying how to build it. */
  public static Path agentJar() {
    Path jar = path().resolve("agent/target/quarkus-app/quarkus-run.jar");
    if (!Files.isRegularFile(jar)) {
      throw new IllegalStateException(
          "The agent is not built ("
              + jar
              + " is missing): run ./lakeops again, which builds it, or mvn -DskipTests package");
    }
    return jar;
  }
}
