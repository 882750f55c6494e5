package dev.lakeops.cli.common;

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
    return AgentJvm.packaged(path()).jar();
  }
}
