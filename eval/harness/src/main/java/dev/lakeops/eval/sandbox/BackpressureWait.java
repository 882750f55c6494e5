package dev.lakeops.eval.sandbox;

import dev.lakeops.tools.Finding;
import dev.lakeops.tools.ProbeException;
import dev.lakeops.tools.Severity;
import dev.lakeops.tools.flink.BackpressureAnalyzer;
import dev.lakeops.tools.flink.FlinkJobProbe;
import dev.lakeops.tools.flink.FlinkRestClient;
import dev.lakeops.tools.flink.Sampling;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/** Waits, through the real REST API, until a job's backpressure has built up (or gone). */
public final class BackpressureWait {

  private BackpressureWait() {}

  /** Returns once the analyzer finds a bottleneck; throws after {@code timeout}. */
  public static void untilBottleneck(String restUrl, String job, Duration timeout) {
    until(restUrl, job, timeout, "flink.backpressure.bottleneck");
  }

  /**
   * Returns once the bottleneck is saturated (a CRITICAL finding), or after {@code timeout} without
   * failing: Flink averages load over a minute, so figures keep rising for a while after
   * backpressure starts.
   */
  public static void untilSaturated(String restUrl, String job, Duration timeout) {
    FlinkJobProbe probe =
        new FlinkJobProbe(
            new FlinkRestClient(restUrl, Duration.ofSeconds(5)),
            Sampling.once(),
            Clock.systemUTC());
    Instant deadline = Instant.now().plus(timeout);
    while (Instant.now().isBefore(deadline)) {
      try {
        if (new BackpressureAnalyzer()
            .analyze(probe.capture(job)).stream()
                .anyMatch(
                    f ->
                        f.code().equals("flink.backpressure.bottleneck")
                            && f.severity() == Severity.CRITICAL)) {
          return;
        }
      } catch (ProbeException e) {
        // not readable right now; keep waiting
      }
      pause();
    }
  }

  /** Returns once the analyzer finds no backpressure; throws after {@code timeout}. */
  public static void untilNoBackpressure(String restUrl, String job, Duration timeout) {
    until(restUrl, job, timeout, "flink.backpressure.none");
  }

  private static void until(String restUrl, String job, Duration timeout, String code) {
    FlinkJobProbe probe =
        new FlinkJobProbe(
            new FlinkRestClient(restUrl, Duration.ofSeconds(5)),
            Sampling.once(),
            Clock.systemUTC());
    BackpressureAnalyzer analyzer = new BackpressureAnalyzer();
    Instant deadline = Instant.now().plus(timeout);
    List<Finding> last = List.of();
    while (Instant.now().isBefore(deadline)) {
      try {
        last = analyzer.analyze(probe.capture(job));
        if (last.stream().anyMatch(f -> f.code().equals(code))) {
          return;
        }
      } catch (ProbeException e) {
        last = List.of();
      }
      pause();
    }
    throw new IllegalStateException(
        "Job '"
            + job
            + "' did not reach "
            + code
            + " within "
            + timeout.toSeconds()
            + " s; last findings: "
            + last.stream().map(Finding::code).toList());
  }

  private static void pause() {
    try {
      Thread.sleep(500);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("Interrupted while waiting for the job's backpressure", e);
    }
  }
}
