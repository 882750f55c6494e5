package dev.lakeops.cli.common;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.net.HttpURLConnection;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * The agent's class-data archive ({@code agent-cds.jsa} beside {@code quarkus-run.jar}, a JDK 17
 * dynamic AppCDS archive): the classes that a start loads, parsed and verified once and mapped by
 * every later start. Quarkus' own AppCDS build step ({@code app-cds.jsa}) stops the app before it
 * serves and records the jar by a path relative to its directory, so a start from anywhere else
 * cannot use it; this archive is recorded by a whole start of the agent, launched as {@link
 * AgentJvm} launches it.
 *
 * <p>Recorded once per build and JVM, on the first start that finds none: the agent runs on a free
 * loopback port with an empty data directory, a working directory of its own and no {@code
 * LAKEOPS_}/{@code QUARKUS_} environment (so no configuration of the caller reaches it), until
 * {@code /q/health/live} answers, then stops, and the JVM writes the archive as it exits. It is
 * used only while it is newer than {@code quarkus-run.jar} and names this JVM in its header; a JVM
 * that rejects it anyway (say the checkout moved) falls back silently to the JDK's own archive.
 */
final class AgentArchive {

  private static final Duration TIMEOUT = Duration.ofSeconds(120);

  /** The magic number of a JDK dynamic archive (0xf00baba8, little-endian). */
  private static final byte[] DYNAMIC_MAGIC = {(byte) 0xa8, (byte) 0xab, 0x0b, (byte) 0xf0};

  private static final int HEADER_BYTES = 4096;

  private final Path appDir;

  AgentArchive(Path appDir) {
    this.appDir = appDir;
  }

  Path file() {
    return appDir.resolve("agent-cds.jsa");
  }

  /** What the last recording printed, after a first line naming the JVM it was for. */
  Path log() {
    return appDir.resolve("agent-cds.log");
  }

  /** Newer than the app's jar and written by this JVM. */
  boolean usable() {
    return newerThanJar(file()) && madeByThisJvm(file());
  }

  /** A recording for this build and this JVM was tried already (it may have failed). */
  boolean attempted() {
    if (!newerThanJar(log())) {
      return false;
    }
    try (Stream<String> lines = Files.lines(log(), StandardCharsets.UTF_8)) {
      return lines.findFirst().filter(first -> first.equals("# " + jvmIdent())).isPresent();
    } catch (IOException | java.io.UncheckedIOException e) {
      return false;
    }
  }

  /**
   * Starts and stops the agent once to write the archive; on failure says so on {@code progress}
   * and leaves none.
   */
  void record(Path java, List<String> options, PrintStream progress) {
    long started = System.nanoTime();
    progress.println(
        "lakeops: recording the agent's class-data archive (once per build, a few seconds)...");
    Path partial =
        appDir.resolve(file().getFileName() + "." + ProcessHandle.current().pid() + ".tmp");
    Path work = null;
    Process agent = null;
    Thread stopper = null;
    try {
      work = Files.createTempDirectory("lakeops-cds");
      int port = freeLoopbackPort();
      List<String> command = new ArrayList<>();
      command.add(java.toString());
      command.addAll(options);
      command.add("-XX:ArchiveClassesAtExit=" + partial);
      command.add("-Dquarkus.http.host=127.0.0.1");
      command.add("-Dquarkus.http.port=" + port);
      command.add("-Dlakeops.data-dir=" + work.resolve("data"));
      command.add("-jar");
      command.add(appDir.resolve("quarkus-run.jar").toString());
      Files.writeString(
          log(),
          "# " + jvmIdent() + "\n" + String.join(" ", command) + "\n",
          StandardCharsets.UTF_8);
      ProcessBuilder builder =
          new ProcessBuilder(command)
              .directory(work.toFile())
              .redirectErrorStream(true)
              .redirectOutput(ProcessBuilder.Redirect.appendTo(log().toFile()));
      builder
          .environment()
          .keySet()
          .removeIf(key -> key.startsWith("LAKEOPS_") || key.startsWith("QUARKUS_"));
      agent = builder.start();
      Process running = agent;
      stopper = new Thread(running::destroyForcibly, "lakeops-cds-stop");
      Runtime.getRuntime().addShutdownHook(stopper);
      awaitLive(agent, port, System.nanoTime() + TIMEOUT.toNanos());
      agent.destroy(); // SIGTERM: Quarkus stops, then the JVM writes the archive as it exits
      if (!agent.waitFor(TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
        throw new IOException("the agent did not stop within " + TIMEOUT.toSeconds() + " s");
      }
      if (!hasDynamicHeader(partial)) {
        throw new IOException("the JVM wrote no archive");
      }
      Files.move(
          partial, file(), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
      progress.printf(
          "lakeops: class-data archive recorded in %.1f s: %s%n",
          (System.nanoTime() - started) / 1e9, file());
    } catch (IOException e) {
      progress.println(
          "lakeops: no class-data archive ("
              + e.getMessage()
              + "; see "
              + log()
              + "): the agent starts without");
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      progress.println("lakeops: class-data archive not recorded (interrupted)");
    } finally {
      if (agent != null) {
        agent.destroyForcibly();
      }
      if (stopper != null) {
        try {
          Runtime.getRuntime().removeShutdownHook(stopper);
        } catch (IllegalStateException e) {
          // The JVM is shutting down: the hook stops the agent.
        }
      }
      deleteQuietly(partial);
      if (work != null) {
        deleteTreeQuietly(work);
      }
    }
  }

  private static void awaitLive(Process agent, int port, long deadline)
      throws IOException, InterruptedException {
    URI live = URI.create("http://127.0.0.1:" + port + "/q/health/live");
    while (System.nanoTime() < deadline) {
      if (!agent.isAlive()) {
        throw new IOException(
            "the agent exited with code " + agent.exitValue() + " before it was live");
      }
      try {
        HttpURLConnection connection = (HttpURLConnection) live.toURL().openConnection();
        connection.setConnectTimeout(1_000);
        connection.setReadTimeout(5_000);
        int status = connection.getResponseCode();
        connection.disconnect();
        if (status == 200) {
          return;
        }
      } catch (IOException e) {
        // Not listening yet.
      }
      Thread.sleep(50);
    }
    throw new IOException("the agent was not live within " + TIMEOUT.toSeconds() + " s");
  }

  private boolean newerThanJar(Path file) {
    try {
      FileTime jar = Files.getLastModifiedTime(appDir.resolve("quarkus-run.jar"));
      return Files.isRegularFile(file) && Files.getLastModifiedTime(file).compareTo(jar) > 0;
    } catch (IOException e) {
      return false;
    }
  }

  /**
   * The header of a dynamic archive names the JVM that wrote it, e.g. {@code OpenJDK 64-Bit Server
   * VM (17.0.15+6-...)}.
   */
  private static boolean madeByThisJvm(Path file) {
    byte[] header = header(file);
    return startsWith(header, DYNAMIC_MAGIC)
        && new String(header, StandardCharsets.ISO_8859_1).contains(jvmIdent());
  }

  private static boolean hasDynamicHeader(Path file) {
    return startsWith(header(file), DYNAMIC_MAGIC);
  }

  private static byte[] header(Path file) {
    try (InputStream in = Files.newInputStream(file)) {
      return in.readNBytes(HEADER_BYTES);
    } catch (IOException e) {
      return new byte[0];
    }
  }

  private static boolean startsWith(byte[] bytes, byte[] prefix) {
    return bytes.length >= prefix.length
        && Arrays.equals(bytes, 0, prefix.length, prefix, 0, prefix.length);
  }

  private static String jvmIdent() {
    return System.getProperty("java.vm.name") + " (" + System.getProperty("java.vm.version") + ")";
  }

  private static int freeLoopbackPort() throws IOException {
    try (ServerSocket socket = new ServerSocket()) {
      socket.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
      return socket.getLocalPort();
    }
  }

  private static void deleteQuietly(Path file) {
    try {
      Files.deleteIfExists(file);
    } catch (IOException e) {
      // A leftover partial archive is never used: it does not have the archive's name.
    }
  }

  private static void deleteTreeQuietly(Path dir) {
    try (Stream<Path> paths = Files.walk(dir)) {
      paths.sorted(Comparator.reverseOrder()).forEach(AgentArchive::deleteQuietly);
    } catch (IOException e) {
      // A temporary directory: left for the system to clean.
    }
  }
}
