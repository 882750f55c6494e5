package dev.lakeops.tools.flink;

/**
 * A job's checkpoint configuration ({@code GET /jobs/:jid/checkpoints/config}).
 *
 * @param intervalMillis time between checkpoint triggers; {@code Long.MAX_VALUE} or less than 1
 *     when disabled
 * @param timeoutMillis a checkpoint older than this expires
 * @param unaligned whether unaligned checkpoints are on
 * @param tolerableFailures failed checkpoints tolerated before the job fails
 */
public record CheckpointSettings(
    long intervalMillis, long timeoutMillis, boolean unaligned, int tolerableFailures) {

  public boolean enabled() {
    return intervalMillis > 0 && intervalMillis < Long.MAX_VALUE / 2;
  }
}
