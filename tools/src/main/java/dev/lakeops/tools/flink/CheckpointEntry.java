package dev.lakeops.tools.flink;

import static java.util.Objects.requireNonNull;

import org.jspecify.annotations.Nullable;

/**
 * One checkpoint as {@code /jobs/:jid/checkpoints} lists it ({@code history[]} or {@code
 * latest.*}). Sizes are bytes, times epoch millis, durations millis; -1 where Flink has no value
 * yet.
 */
public record CheckpointEntry(
    long id,
    String status,
    long triggerTimestamp,
    long latestAckTimestamp,
    long endToEndDurationMillis,
    long stateSize,
    long checkpointedSize,
    long alignmentBuffered,
    long persistedData,
    int numSubtasks,
    int numAcknowledgedSubtasks,
    @Nullable String failureMessage,
    long failureTimestamp) {

  public CheckpointEntry {
    requireNonNull(status, "status");
  }

  public boolean isCompleted() {
    return "COMPLETED".equals(status);
  }

  public boolean isFailed() {
    return "FAILED".equals(status);
  }

  public boolean isInProgress() {
    return "IN_PROGRESS".equals(status);
  }

  /** Failed because it outlived the checkpoint timeout. */
  public boolean isExpired() {
    return isFailed()
        && failureMessage != null
        && failureMessage.contains("expired before completing");
  }
}
