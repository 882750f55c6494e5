package dev.lakeops.tools.flink;

import dev.lakeops.tools.Finding;
import dev.lakeops.tools.Severity;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;
import java.util.stream.Collectors;

/**
 * Judges a job's state and restart history: a restart loop (failures keep coming within the
 * window), a recent restart, or none. Uses {@code numRestarts} (lifetime), exception-history
 * timestamps (which restarts happened when, listed as {@code failuresAgoMs} over {@code windowMs}
 * for a time axis) and {@code timestamps.RESTARTING}; {@code uptime} is evidence only because it
 * resets on every restart ({@code flink-rest.md} §5.3, §7). A job that has stopped (FAILED,
 * CANCELED ...) or has never restarted is not in a loop: it is not running, named by the root cause
 * of its latest failure ({@link FlinkException#rootCause()}). Pure.
 *
 * <p>Codes: {@code flink.restart.loop}, {@code flink.restart.recent}, {@code flink.restart.none},
 * {@code flink.job.not-running}.
 */
public final class RestartAnalyzer {

  /** Failures within the window that make a loop: one can be bad luck, three is a pattern. */
  static final int LOOP_FAILURES = 3;

  /**
   * Failures closer together than this are one failover (several tasks of a region fail at once).
   */
  static final long SAME_FAILOVER_MILLIS = 1_000;

  private final Duration window;

  public RestartAnalyzer(Duration window) {
    this.window = window;
  }

  public RestartAnalyzer() {
    this(Duration.ofMinutes(10));
  }

  public List<Finding> analyze(FlinkHealthSnapshot s) {
    long now = s.nowMillis();
    long since = now - window.toMillis();
    List<FlinkException> history = s.exceptions() == null ? List.of() : s.exceptions();
    int failovers = failovers(history, since);
    OptionalDouble restarts =
        s.metrics() == null ? OptionalDouble.empty() : s.metrics().find(JobMetrics.NUM_RESTARTS);
    long lastRestart = s.status().enteredAt("RESTARTING");
    String state = s.job().state();
    Evidence e =
        new Evidence()
            .put("job", s.job().name())
            .put("jobId", s.job().jobId())
            .put("state", state)
            .put("numRestarts", restarts.isPresent() ? restarts.getAsDouble() : null)
            .put("failuresInWindow", failovers)
            .put("window", Evidence.duration(window.toMillis()))
            .put("uptimeMs", metric(s, JobMetrics.UPTIME))
            .put(
                "lastRestartAgo",
                lastRestart > 0 ? Evidence.duration(Math.max(0, now - lastRestart)) : null)
            .put(
                "lastFailureAgo",
                history.isEmpty()
                    ? null
                    : Evidence.duration(Math.max(0, now - history.get(0).timestampMillis())))
            .put(
                "jobAge",
                s.job().startTimeMillis() > 0
                    ? Evidence.duration(Math.max(0, now - s.job().startTimeMillis()))
                    : null);
    List<Long> failureAgo = failoverAges(history, since, now);
    if (!failureAgo.isEmpty()) {
      e.put("windowMs", window.toMillis())
          .put(
              "failuresAgoMs",
              failureAgo.stream().map(String::valueOf).collect(Collectors.joining(",")));
    }
    String subject = "flink job " + s.job().name();
    if (!history.isEmpty()) {
      ExceptionLink root = history.get(0).rootCause();
      e.put("rootCause", root.toString()).put("rootCauseClass", root.className());
    }
    // A loop is a job that keeps restarting: one that has stopped (FAILED, CANCELED...) or that
    // never restarted is not in one, however many failures its history lists.
    boolean mayLoop = !isTerminal(state) && restarts.orElse(1) > 0;
    if (mayLoop
        && (failovers >= LOOP_FAILURES
            || (failovers > 0
                && "RESTARTING".equals(state)
                && restarts.orElse(0) >= LOOP_FAILURES))) {
      FlinkException latest = history.get(0);
      e.put("latestException", latest.exceptionName() + ": " + latest.message())
          .put("failingTask", latest.vertexName());
      return List.of(
          new Finding(
              Severity.CRITICAL,
              "flink.restart.loop",
              subject,
              "The job is in a restart loop: "
                  + failovers
                  + " failures in the last "
                  + Evidence.duration(window.toMillis())
                  + " ("
                  + (restarts.isPresent()
                      ? Evidence.number(restarts.getAsDouble()) + " restarts in its life"
                      : "restart count unknown")
                  + "); latest root cause: "
                  + rootCause(latest)
                  + ".",
              e.map(),
              sources(s)));
    }
    if (isTerminal(state) || !s.job().isRunning()) {
      Severity severity =
          "FAILED".equals(state) || "FAILING".equals(state) || "RESTARTING".equals(state)
              ? Severity.CRITICAL
              : Severity.WARN;
      return List.of(
          new Finding(
              severity,
              "flink.job.not-running",
              subject,
              "The job is "
                  + state
                  + ", not RUNNING"
                  + (restarts.isPresent()
                      ? ", after " + Evidence.number(restarts.getAsDouble()) + " restarts"
                      : "")
                  + (history.isEmpty() ? "." : "; root cause: " + rootCause(history.get(0)) + "."),
              e.map(),
              sources(s)));
    }
    boolean recentRestart = failovers > 0 || (lastRestart > 0 && lastRestart >= since);
    if (recentRestart) {
      return List.of(
          new Finding(
              Severity.WARN,
              "flink.restart.recent",
              subject,
              "The job restarted in the last "
                  + Evidence.duration(window.toMillis())
                  + " and runs again; not (yet) a loop.",
              e.map(),
              sources(s)));
    }
    return List.of(
        new Finding(
            Severity.OK,
            "flink.restart.none",
            subject,
            "The job is RUNNING and has not restarted in the last "
                + Evidence.duration(window.toMillis())
                + ".",
            e.map(),
            sources(s)));
  }

  /** Failures since {@code since}, counting entries within a second of each other once. */
  static int failovers(List<FlinkException> newestFirst, long since) {
    int count = 0;
    long previous = Long.MAX_VALUE;
    for (FlinkException x : newestFirst) {
      if (x.timestampMillis() < since) {
        break;
      }
      if (previous - x.timestampMillis() > SAME_FAILOVER_MILLIS) {
        count++;
      }
      previous = x.timestampMillis();
    }
    return count;
  }

  /** Most failures a finding lists in {@code failuresAgoMs}; the newest are kept. */
  static final int MAX_LISTED_FAILURES = 50;

  /**
   * How long before {@code now} each failover since {@code since} happened (as {@link #failovers}
   * counts them), newest first, at most {@link #MAX_LISTED_FAILURES}.
   */
  static List<Long> failoverAges(List<FlinkException> newestFirst, long since, long now) {
    List<Long> ages = new ArrayList<>();
    long previous = Long.MAX_VALUE;
    for (FlinkException x : newestFirst) {
      if (x.timestampMillis() < since || ages.size() == MAX_LISTED_FAILURES) {
        break;
      }
      if (previous - x.timestampMillis() > SAME_FAILOVER_MILLIS) {
        ages.add(Math.max(0, now - x.timestampMillis()));
      }
      previous = x.timestampMillis();
    }
    return ages;
  }

  private static String rootCause(FlinkException latest) {
    String where = latest.vertexName() == null ? "" : " in '" + latest.vertexName() + "'";
    return latest.rootCause() + where;
  }

  private static boolean isTerminal(String state) {
    return List.of("FAILED", "CANCELED", "FINISHED", "SUSPENDED").contains(state);
  }

  private static Double metric(FlinkHealthSnapshot s, String name) {
    return s.metrics() == null || s.metrics().find(name).isEmpty()
        ? null
        : s.metrics().find(name).getAsDouble();
  }

  private static List<String> sources(FlinkHealthSnapshot s) {
    return s.endpoints().stream()
        .filter(p -> p.matches(".*/v1/jobs/[0-9a-f]{32}(/metrics.*|/exceptions.*)?"))
        .toList();
  }
}
