package dev.lakeops.tools;

import java.time.Duration;

/** The wait between two samples of a probe, on the calling thread. */
public final class Pauses {

  private Pauses() {}

  /**
   * Sleeps {@code pause} (nothing for zero).
   *
   * @throws ProbeException {@code TIMEOUT} when the thread is interrupted meanwhile
   */
  public static void sleep(Duration pause) {
    if (pause.isZero() || pause.isNegative()) {
      return;
    }
    try {
      Thread.sleep(pause.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new ProbeException(
          ProbeException.Code.TIMEOUT,
          "sampling pause",
          "interrupted while waiting to probe again",
          e);
    }
  }
}
