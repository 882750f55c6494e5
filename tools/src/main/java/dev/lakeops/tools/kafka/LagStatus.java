package dev.lakeops.tools.kafka;

import dev.lakeops.tools.Severity;

/**
 * Burrow's consumer status over a window of probes (Burrow wiki, "Consumer Lag Evaluation Rules"),
 * worst last, plus {@link #NO_TREND} for a window too short to judge.
 */
public enum LagStatus {
  /** Caught up at some point of the window, or the lag is not growing. */
  OK("kafka.lag.ok", Severity.OK),
  /** Lag but a single probe or too short a window: growing and draining look the same. */
  NO_TREND("kafka.lag.no-trend", Severity.INFO),
  /** Committing and moving, but the lag grew between every pair of probes. */
  WARN("kafka.lag.growing", Severity.WARN),
  /** Members present, the committed offset did not move, and there is lag. */
  STALL("kafka.lag.stalled", Severity.CRITICAL),
  /** No members, the committed offset did not move, and there is lag. */
  STOP("kafka.lag.stopped", Severity.CRITICAL),
  /** The committed offset is below the log start: the records in between were deleted unread. */
  ERR("kafka.offset.below-log-start", Severity.CRITICAL);

  private final String code;
  private final Severity severity;

  LagStatus(String code, Severity severity) {
    this.code = code;
    this.severity = severity;
  }

  /** The finding code of a group with this status. */
  public String code() {
    return code;
  }

  public Severity severity() {
    return severity;
  }

  public LagStatus worse(LagStatus other) {
    return compareTo(other) >= 0 ? this : other;
  }
}
