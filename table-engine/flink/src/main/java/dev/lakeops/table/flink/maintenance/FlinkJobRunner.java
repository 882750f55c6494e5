package dev.lakeops.table.flink.maintenance;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import java.util.function.Predicate;
import org.apache.flink.api.common.JobStatus;
import org.apache.flink.api.common.RuntimeExecutionMode;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.ExecutionOptions;
import org.apache.flink.configuration.RestOptions;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.jspecify.annotations.Nullable;

/**
 * Submits a maintenance job to a running Flink cluster through its REST API (the {@code
 * flink-clients} remote executor, which uploads the job's jars and submits the job graph), follows
 * it to its end and says how it ended. Needs {@code flink-clients} on the class path.
 */
public final class FlinkJobRunner {

  /** The jar list {@code table-engine/flink} writes at build time, under the product's home. */
  public static final Path JOB_CLASSPATH =
      Path.of("table-engine", "flink", "target", "job-classpath.txt");

  private FlinkJobRunner() {}

  /**
   * How a job ended.
   *
   * @param failure the root cause's message when it failed
   */
  public record Outcome(String jobId, JobStatus status, Duration took, @Nullable String failure) {
    public boolean succeeded() {
      return status == JobStatus.FINISHED;
    }

    /** {@code what} failed: this job, how it ended and why, for an error line. */
    public String failureOf(String what) {
      return what
          + ": Flink job "
          + jobId
          + " ended "
          + status
          + (failure == null ? "" : ": " + failure);
    }
  }

  /**
   * A JobManager REST address, {@code http(s)://HOST:PORT}.
   *
   * @throws IllegalArgumentException anything else; the message names {@code what} and the value
   */
  public static URI restAddress(String url, String what) {
    URI uri;
    try {
      uri = URI.create(url.strip());
    } catch (IllegalArgumentException e) {
      uri = null;
    }
    if (uri == null
        || uri.getScheme() == null
        || !(uri.getScheme().equals("http") || uri.getScheme().equals("https"))
        || uri.getHost() == null
        || uri.getPort() < 0) {
      throw new IllegalArgumentException(what + " " + url + ": expected http://HOST:PORT");
    }
    return uri;
  }

  /**
   * {@link #engineJars(Path)} of the installation this process runs from (the {@code lakeops.home}
   * system property the launcher sets); empty when it is not set.
   */
  public static List<Path> engineJarsOfThisInstallation() {
    String home = System.getProperty("lakeops.home");
    if (home == null) {
      return List.of();
    }
    try {
      return engineJars(Path.of(home));
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(
          "Cannot read the engine's job class path under " + home, e);
    }
  }

  /**
   * The jars a job of the engine needs on a cluster: this module's jar and its runtime class path
   * as the build wrote them under {@code home}; empty when the build left none (a cluster that has
   * the engine on its own class path, such as a MiniCluster in the same JVM).
   *
   * @throws IllegalStateException the list names a jar that does not exist (a stale build)
   */
  public static List<Path> engineJars(Path home) throws IOException {
    Path list = home.resolve(JOB_CLASSPATH);
    if (!Files.isRegularFile(list)) {
      return List.of();
    }
    List<Path> jars = new ArrayList<>();
    try (var built = Files.list(list.getParent())) {
      built
          .filter(
              p -> p.getFileName().toString().matches("table-engine-flink-[^-]+(-SNAPSHOT)?\\.jar"))
          .forEach(jars::add);
    }
    for (String entry : Files.readString(list).trim().split(java.io.File.pathSeparator)) {
      if (entry.isBlank() || !entry.endsWith(".jar")) {
        continue;
      }
      Path jar = Path.of(entry);
      if (!Files.isRegularFile(jar)) {
        throw new IllegalStateException(
            "The engine's job class path "
                + list
                + " names "
                + jar
                + ", which does not exist;"
                + " rebuild (mvn package)");
      }
      jars.add(jar);
    }
    return jars;
  }

  /**
   * Builds a batch job with {@code build}, submits it to the cluster at {@code rest} with {@code
   * jars}, and waits for its end, telling {@code progress} each status it passes. Empty, with
   * nothing submitted, when {@code build} says it added no work.
   *
   * @throws IllegalArgumentException the REST address is not http(s)://host:port
   * @throws IllegalStateException the cluster cannot be reached or refuses the job (names the
   *     address), or the job has not ended within {@code timeout} (names it; it keeps running)
   */
  public static Optional<Outcome> run(
      URI rest,
      List<Path> jars,
      String jobName,
      Predicate<StreamExecutionEnvironment> build,
      Duration timeout,
      Consumer<String> progress) {
    if (rest.getHost() == null || rest.getPort() < 0) {
      throw new IllegalArgumentException(
          "Invalid Flink REST address " + rest + " (expected http://HOST:PORT)");
    }
    Configuration conf = new Configuration();
    conf.set(ExecutionOptions.RUNTIME_MODE, RuntimeExecutionMode.BATCH);
    // a cluster that does not answer fails the submission at once, not after minutes of retries
    conf.set(RestOptions.RETRY_MAX_ATTEMPTS, 1);
    conf.set(RestOptions.RETRY_DELAY, Duration.ofMillis(200));
    StreamExecutionEnvironment env =
        StreamExecutionEnvironment.createRemoteEnvironment(
            rest.getHost(),
            rest.getPort(),
            conf,
            jars.stream().map(Path::toString).toArray(String[]::new));
    if (!build.test(env)) {
      return Optional.empty();
    }
    long start = System.nanoTime();
    JobClient job;
    try {
      job = env.executeAsync(jobName);
    } catch (Exception e) {
      throw new IllegalStateException(
          "Cannot submit " + jobName + " to the Flink cluster at " + rest + ": " + rootMessage(e),
          e);
    }
    String id = job.getJobID().toString();
    progress.accept("submitted " + jobName + " as Flink job " + id + " to " + rest);
    JobStatus last = null;
    long deadline = start + timeout.toNanos();
    while (true) {
      JobStatus status;
      try {
        status = job.getJobStatus().get(30, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("Interrupted while following Flink job " + id, e);
      } catch (ExecutionException | TimeoutException e) {
        throw new IllegalStateException(
            "Cannot follow Flink job " + id + " at " + rest + ": " + rootMessage(e), e);
      }
      if (status != last) {
        progress.accept("Flink job " + id + ": " + status);
        last = status;
      }
      if (status.isGloballyTerminalState()) {
        Duration took = Duration.ofNanos(System.nanoTime() - start);
        String failure = null;
        if (status != JobStatus.FINISHED) {
          try {
            job.getJobExecutionResult().get(30, TimeUnit.SECONDS);
          } catch (Exception e) {
            failure = rootMessage(e);
          }
        }
        return Optional.of(new Outcome(id, status, took, failure));
      }
      if (System.nanoTime() > deadline) {
        throw new IllegalStateException(
            "Flink job "
                + id
                + " ("
                + jobName
                + ") has not ended after "
                + timeout.toSeconds()
                + " s; it is still "
                + status
                + " on "
                + rest);
      }
      try {
        Thread.sleep(200);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("Interrupted while following Flink job " + id, e);
      }
    }
  }

  private static String rootMessage(Throwable e) {
    Throwable root = e;
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
    }
    return root.getMessage() == null ? root.getClass().getSimpleName() : root.getMessage();
  }
}
