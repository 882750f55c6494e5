package dev.lakeops.tools.change;

import static dev.lakeops.tools.Checks.checkArgument;
import static java.util.Objects.requireNonNull;

import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The period a change probe looks at, usually the hour before an alert: a change counts when its
 * time is at or after {@code since} and at or before {@code until}.
 *
 * @param since the start, inclusive
 * @param until the end, inclusive
 * @param alertAt when the alert started firing, for {@code minutesBeforeAlert}; null when the call
 *     names no alert
 */
public record ChangeWindow(Instant since, Instant until, @Nullable Instant alertAt) {

  public ChangeWindow {
    requireNonNull(since, "since");
    requireNonNull(until, "until");
    checkArgument(
        since.isBefore(until),
        "Invalid change window: since %s is not before until %s",
        since,
        until);
  }

  /** The {@code lookback} before {@code alertAt}, ending at the alert. */
  public static ChangeWindow beforeAlert(Instant alertAt, Duration lookback) {
    requireNonNull(alertAt, "alertAt");
    checkArgument(
        !lookback.isNegative() && !lookback.isZero(),
        "Invalid lookback: %s (must be positive)",
        lookback);
    return new ChangeWindow(alertAt.minus(lookback), alertAt, alertAt);
  }

  public boolean contains(Instant at) {
    return !at.isBefore(since) && !at.isAfter(until);
  }

  /**
   * Whether a change may lie in the window: its time is in it, or, for a change seen between two
   * probes ({@code notBefore} not null), the interval {@code (notBefore, at]} overlaps it.
   */
  public boolean admits(@Nullable Instant notBefore, Instant at) {
    return notBefore == null ? contains(at) : !at.isBefore(since) && notBefore.isBefore(until);
  }

  public Duration length() {
    return Duration.between(since, until);
  }

  /**
   * Whole minutes from {@code at} to the alert, rounded down (0 within the last minute; negative
   * after the alert); null without an alert time.
   */
  public @Nullable Long minutesBeforeAlert(Instant at) {
    return alertAt == null ? null : Math.floorDiv(Duration.between(at, alertAt).toSeconds(), 60);
  }

  /**
   * The timing evidence of a change at {@code at}: {@code at} and, with an alert, {@code
   * minutesBeforeAlert}.
   */
  public Map<String, String> timing(Instant at) {
    return timing(null, at);
  }

  /**
   * The timing evidence of a change at {@code at}, or seen between {@code notBefore} and {@code
   * at}: {@code at}, {@code notBefore}, and with an alert {@code minutesBeforeAlert} (for an
   * interval the least it can be: from its end, or 0 when it spans the alert) and {@code
   * minutesBeforeAlertAtMost} (from its start).
   */
  public Map<String, String> timing(@Nullable Instant notBefore, Instant at) {
    Map<String, String> e = new LinkedHashMap<>();
    e.put("at", at.toString());
    if (notBefore != null) {
      e.put("notBefore", notBefore.toString());
    }
    if (alertAt != null) {
      Instant end = notBefore != null && at.isAfter(alertAt) ? alertAt : at;
      e.put("minutesBeforeAlert", Long.toString(minutesBeforeAlert(end)));
      if (notBefore != null) {
        e.put("minutesBeforeAlertAtMost", Long.toString(minutesBeforeAlert(notBefore)));
      }
    }
    return e;
  }

  /** The window as evidence: {@code since}, {@code until} and, with an alert, {@code alertAt}. */
  public Map<String, String> evidence() {
    Map<String, String> e = new LinkedHashMap<>();
    e.put("since", since.toString());
    e.put("until", until.toString());
    if (alertAt != null) {
      e.put("alertAt", alertAt.toString());
    }
    return e;
  }
}
