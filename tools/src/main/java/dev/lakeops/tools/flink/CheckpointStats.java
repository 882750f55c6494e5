package dev.lakeops.tools.flink;

import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * A job's checkpoint statistics ({@code GET /jobs/:jid/checkpoints}): lifetime counts, the recent
 * history (newest first, as Flink keeps it: 10 entries by default) and the latest of each kind.
 */
public record CheckpointStats(
    long total,
    long completed,
    long failed,
    long inProgress,
    long restored,
    List<CheckpointEntry> history,
    @Nullable CheckpointEntry latestCompleted,
    @Nullable CheckpointEntry latestFailed,
    long latestRestoreTimestamp) {

  public CheckpointStats {
    history = List.copyOf(history);
  }
}
