package dev.lakeops.runbooks.alert;

import static java.util.Objects.requireNonNull;

import dev.lakeops.runbooks.RouteReason;

/**
 * One place an alert says that a signal fired.
 *
 * @param signal e.g. {@code flink.restarts}
 * @param kind {@link RouteReason.Kind#METRIC}, {@link RouteReason.Kind#NAME} or {@link
 *     RouteReason.Kind#TEXT}
 * @param detail what was found where: {@code metric flink_jobmanager_job_numRestarts}, {@code
 *     'restart' in alertname}
 * @param weight what it adds to a runbook that answers the signal
 */
public record SignalHit(String signal, RouteReason.Kind kind, String detail, double weight) {

  public SignalHit {
    requireNonNull(signal, "signal");
    requireNonNull(kind, "kind");
    requireNonNull(detail, "detail");
  }

  public RouteReason reason(double factor, String why) {
    return new RouteReason(kind, detail + " -> " + signal + why, weight * factor);
  }
}
