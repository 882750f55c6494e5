package dev.lakeops.agent.alert;

import java.util.Optional;

/** Whether an alert is still firing, as Alertmanager reports it. */
public enum AlertStatus {
  FIRING,
  RESOLVED;

  /** The value of Alertmanager's {@code status} field ({@code firing} or {@code resolved}). */
  public static Optional<AlertStatus> fromWire(String value) {
    return switch (value) {
      case "firing" -> Optional.of(FIRING);
      case "resolved" -> Optional.of(RESOLVED);
      default -> Optional.empty();
    };
  }
}
