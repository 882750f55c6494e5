package dev.lakeops.cli.common;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The JVM of the packaged agent ({@code agent/target/quarkus-app}): its java command line with the
 * options of {@code jvm.options} beside {@code quarkus-run.jar} and, when this JVM can use it, the
 * class-data archive ({@link AgentArchive}). {@code ./lakeops serve} and the sandbox start the
 * agent through this class, so its JVM options are written in that one file.
 */
public final class AgentJvm {

  /** Where {@code mvn package} puts the agent, under the lakeops checkout. */
  public static final String APP_DIR = "agent/target/quarkus-app";

  private final Path appDir;
  private final AgentArchive archive;

  private AgentJvm(Path appDir) {
    this.appDir = appDir;
    this.archive = new AgentArchive(appDir);
  }

  /**
   * The agent packaged under the checkout {@code home}.
   *
   * @throws IllegalStateException it is not built, with how to build it
   */
  public static AgentJvm packaged(Path home) {
    Path appDir = home.resolve(APP_DIR).toAbsolutePath().normalize();
    Path jar = appDir.resolve("quarkus-run.jar");
    if (!Files.isRegularFile(jar)) {
      throw new IllegalStateException(
          "The agent is not built ("
              + jar
              + " is missing): run ./lakeops again, which builds it, or mvn -DskipTests package");
    }
    return new AgentJvm(appDir);
  }

  public Path jar() {
    return appDir.resolve("quarkus-run.jar");
  }

  /**
   * Records the class-data archive if this build has none for this JVM yet (once: a failed attempt
   * is not repeated until the next build). Never fails: without an archive the agent starts more
   * slowly, that is all; {@code progress} gets one line when it records and one if that failed.
   */
  public void prepareArchive(Path java, PrintStream progress) {
    if (!archive.usable() && !archive.attempted()) {
      archive.record(java, options(), progress);
    }
  }

  /** The options of {@code jvm.options}, then the archive's when it is usable by this JVM. */
  public List<String> jvmOptions() {
    List<String> options = new ArrayList<>(options());
    if (archive.usable()) {
      options.add("-XX:SharedArchiveFile=" + archive.file());
    }
    return options;
  }

  /**
   * {@code java}, {@link #jvmOptions}, {@code more} (later options win), {@code -jar
   * quarkus-run.jar}.
   */
  public List<String> command(Path java, List<String> more) {
    List<String> command = new ArrayList<>();
    command.add(java.toString());
    command.addAll(jvmOptions());
    command.addAll(more);
    command.add("-jar");
    command.add(jar().toString());
    return command;
  }

  /**
   * The lines of {@code jvm.options} that are options (not blank, not {@code #} comments); none if
   * it is missing.
   */
  private List<String> options() {
    Path file = appDir.resolve("jvm.options");
    if (!Files.isRegularFile(file)) {
      return List.of();
    }
    try {
      return Files.readAllLines(file, StandardCharsets.UTF_8).stream()
          .map(String::strip)
          .filter(line -> !line.isEmpty() && !line.startsWith("#"))
          .toList();
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read " + file + ": " + e.getMessage(), e);
    }
  }
}
