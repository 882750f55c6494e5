package dev.lakeops.eval.sandbox;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A child JVM started from a {@link JavaLaunch}, with its output (stdout and stderr) in one log
 * file and its PID in a PID file.
 *
 * <p>The child runs the {@code java} of this JVM's {@code java.home}. It is not stopped when this
 * JVM exits; callers that need that register a shutdown hook that calls {@link #stop}. Thread safe.
 */
public final class JavaProcess {

  private static final Logger LOG = LoggerFactory.getLogger(JavaProcess.class);
  private static final int TAIL_LINES = 20;
  private static final int TAIL_BYTES = 16 * 1024;
  private static final Duration POLL = Duration.ofMillis(200);
  private static final Duration AFTER_KILL = Duration.ofSeconds(5);

  private final String name;
  private final Process process;
  private final Path logFile;
  private final Path pidFile;

  private JavaProcess(String name, Process process, Path logFile, Path pidFile) {
    this.name = name;
    this.process = process;
    this.logFile = logFile;
    this.pidFile = pidFile;
  }

  /**
   * Starts {@code launch}, truncating {@code logFile} and writing the PID to {@code pidFile}.
   *
   * <p>Returns as soon as the operating system has started the process; use {@link #awaitReady} to
   * wait until it can serve.
   *
   * @throws JavaProcessException the process could not be started
   * @throws UncheckedIOException the log or PID file could not be written
   */
  public static JavaProcess start(JavaLaunch launch, Path logFile, Path pidFile) {
    Path java = Path.of(System.getProperty("java.home"), "bin", "java");
    List<String> command = launch.command(java);
    createParent(logFile);
    createParent(pidFile);
    ProcessBuilder builder =
        new ProcessBuilder(command)
            .redirectErrorStream(true)
            .redirectOutput(ProcessBuilder.Redirect.to(logFile.toFile()));
    builder.environment().putAll(launch.environment());
    Process process;
    try {
      process = builder.start();
    } catch (IOException e) {
      throw new JavaProcessException(
          "Failed to start " + launch.name() + " with " + java + ": " + e.getMessage(), e);
    }
    try {
      Files.writeString(pidFile, process.pid() + "\n", StandardCharsets.UTF_8);
    } catch (IOException e) {
      process.destroyForcibly();
      throw new UncheckedIOException("Failed to write PID file " + pidFile, e);
    }
    LOG.debug("Started {} (pid {}): {}", launch.name(), process.pid(), command);
    return new JavaProcess(launch.name(), process, logFile, pidFile);
  }

  public String name() {
    return name;
  }

  public long pid() {
    return process.pid();
  }

  public boolean isAlive() {
    return process.isAlive();
  }

  public Path logFile() {
    return logFile;
  }

  public Path pidFile() {
    return pidFile;
  }

  /** Returns whether the log contains {@code text}; reads the whole log, so meant for start-up. */
  public boolean logContains(String text) {
    try {
      return Files.readString(logFile, StandardCharsets.UTF_8).contains(text);
    } catch (NoSuchFileException e) {
      return false;
    } catch (IOException e) {
      throw new UncheckedIOException("Failed to read log " + logFile, e);
    }
  }

  /** Returns up to the last {@code lines} lines of the log; empty if there is no log yet. */
  public List<String> logTail(int lines) {
    try (RandomAccessFile file = new RandomAccessFile(logFile.toFile(), "r")) {
      long length = file.length();
      long from = Math.max(0, length - TAIL_BYTES);
      byte[] bytes = new byte[(int) (length - from)];
      file.seek(from);
      file.readFully(bytes);
      List<String> all = Arrays.asList(new String(bytes, StandardCharsets.UTF_8).split("\\R"));
      return new ArrayList<>(all.subList(Math.max(0, all.size() - lines), all.size()));
    } catch (FileNotFoundException e) {
      return List.of();
    } catch (IOException e) {
      throw new UncheckedIOException("Failed to read log " + logFile, e);
    }
  }

  /**
   * Polls {@code check} until it returns true. An exception from the check counts as "not ready
   * yet" and is quoted if the wait times out. Does not stop the process on failure.
   *
   * @throws JavaProcessException the process exited first, or {@code timeout} passed; the message
   *     quotes the last lines of the log
   */
  public void awaitReady(String what, Duration timeout, ReadyCheck check) {
    long deadline = System.nanoTime() + timeout.toNanos();
    Exception lastError = null;
    while (true) {
      if (!process.isAlive()) {
        throw failure(
            name
                + " (pid "
                + pid()
                + ") exited with code "
                + process.exitValue()
                + " before "
                + what);
      }
      try {
        if (check.isReady()) {
          return;
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new JavaProcessException("Interrupted while waiting for " + what, e);
      } catch (Exception e) {
        lastError = e;
      }
      if (System.nanoTime() > deadline) {
        String last = lastError == null ? "" : " (last check failed with: " + lastError + ")";
        throw failure(
            "Timed out after "
                + timeout.toSeconds()
                + " s waiting for "
                + what
                + " from "
                + name
                + " (pid "
                + pid()
                + ")"
                + last);
      }
      sleep(POLL, what);
    }
  }

  /**
   * Waits for the process to exit and returns its exit code.
   *
   * @throws JavaProcessException it did not exit within {@code timeout}; it is then stopped
   */
  public int awaitExit(Duration timeout) {
    try {
      if (process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
        return process.exitValue();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      stop(Duration.ZERO);
      throw new JavaProcessException("Interrupted while waiting for " + name + " to exit", e);
    }
    stop(Duration.ZERO);
    throw failure(name + " (pid " + pid() + ") did not exit within " + timeout.toSeconds() + " s");
  }

  /**
   * Stops the process and its descendants: asks them to terminate, waits up to {@code grace}, then
   * kills whatever is left. Deletes the PID file. Does nothing more if already stopped.
   *
   * @throws JavaProcessException a process survived being killed
   */
  public void stop(Duration grace) {
    List<ProcessHandle> all = new ArrayList<>(process.descendants().toList());
    all.add(0, process.toHandle());
    if (all.stream().anyMatch(ProcessHandle::isAlive)) {
      LOG.debug("Stopping {} (pid {})", name, pid());
      all.forEach(ProcessHandle::destroy);
      if (!awaitExit(all, grace)) {
        if (!grace.isZero()) {
          LOG.warn(
              "{} (pid {}) did not stop within {} ms; killing it", name, pid(), grace.toMillis());
        }
        all.forEach(ProcessHandle::destroyForcibly);
        if (!awaitExit(all, AFTER_KILL)) {
          throw new JavaProcessException(name + " (pid " + pid() + ") survived being killed");
        }
      }
    }
    try {
      Files.deleteIfExists(pidFile);
    } catch (IOException e) {
      LOG.warn("Failed to delete PID file {}", pidFile, e);
    }
  }

  private static boolean awaitExit(List<ProcessHandle> handles, Duration timeout) {
    long deadline = System.nanoTime() + timeout.toNanos();
    for (ProcessHandle handle : handles) {
      long left = Math.max(0, deadline - System.nanoTime());
      try {
        handle.onExit().get(left, TimeUnit.NANOSECONDS);
      } catch (TimeoutException e) {
        return false;
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return false;
      } catch (ExecutionException e) {
        throw new IllegalStateException("Waiting for pid " + handle.pid() + " failed", e);
      }
    }
    return true;
  }

  private JavaProcessException failure(String message) {
    List<String> tail = logTail(TAIL_LINES);
    StringBuilder text = new StringBuilder(message).append("; ");
    if (tail.isEmpty()) {
      text.append("its log ").append(logFile).append(" is empty");
    } else {
      text.append("last lines of ").append(logFile).append(':');
      tail.forEach(line -> text.append("\n  | ").append(line));
    }
    return new JavaProcessException(text.toString());
  }

  private static void sleep(Duration duration, String what) {
    try {
      Thread.sleep(duration.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new JavaProcessException("Interrupted while waiting for " + what, e);
    }
  }

  private static void createParent(Path file) {
    Path parent = file.toAbsolutePath().getParent();
    try {
      Files.createDirectories(parent);
    } catch (IOException e) {
      throw new UncheckedIOException("Failed to create directory " + parent, e);
    }
  }

  /** A readiness test; an exception means "not ready yet". */
  @FunctionalInterface
  public interface ReadyCheck {
    boolean isReady() throws Exception;
  }
}
