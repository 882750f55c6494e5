package dev.lakeops.agent.incident;

import static java.util.Objects.requireNonNull;

import java.time.Instant;

/**
 * What makes two notifications the same alert: Alertmanager repeats an alert with the same
 * fingerprint (its label set) and start time until it resolves; a new firing starts anew.
 */
public record DedupKey(String fingerprint, Instant startsAt) {

  public DedupKey {
    requireNonNull(fingerprint, "fingerprint");
    requireNonNull(startsAt, "startsAt");
  }
}
