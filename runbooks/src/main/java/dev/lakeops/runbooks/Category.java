package dev.lakeops.runbooks;

/** What a triage concluded, as a closed set that evals and chat can match on. */
public enum Category {
  /** A bottleneck was located. */
  BACKPRESSURE,
  /** The job keeps failing and restarting; the root cause is classified from its exceptions. */
  RESTART_LOOP,
  /** Checkpoints time out, fail or have not completed for too long. */
  CHECKPOINT_FAILURE,
  /** The job's sources are behind their input (records or event time). */
  SOURCE_LAG,
  /**
   * What looked like a fault is an artefact of observing the job (a stale job id, probes that
   * disagree).
   */
  MONITORING_ARTEFACT,
  /**
   * The job was measured and nothing is backpressured.
   *
   * @deprecated read from stored verdicts only: a runbook that finds nothing wrong concludes {@link
   *     #NO_FAULT} and names what it checked, so that the same state gets the same category
   *     whichever runbook measured it
   */
  @Deprecated
  NO_BACKPRESSURE,
  /** The job exists but is not running (failed, restarting, cancelled, finished). */
  JOB_NOT_RUNNING,
  /** The alert names a job, table or group that does not exist where lakeops looked. */
  NOT_FOUND,
  /** A system could not be read (unreachable, refused, timed out, answered garbage). */
  PROBE_FAILED,
  /** Measured, but the figures do not support a conclusion. */
  INCONCLUSIVE,
  /** No runbook applies to this alert. */
  NO_RUNBOOK,
  /** A consumer group is behind its topic and not catching up (growing, stalled or stopped). */
  KAFKA_LAG,
  /** Records were delivered or stored more than once (a replay after a rewind or a restart). */
  DUPLICATES,
  /** Records are gone before they were read or written (retention, truncation, a reset). */
  DATA_LOSS,
  /**
   * Two counts of the same data differ, and the difference is not yet explained as duplicates or
   * loss.
   */
  COUNT_MISMATCH,
  /** A binlog file is damaged: a bad checksum, header or a truncated event. */
  BINLOG_CORRUPTION,
  /** Level-0 files pile up in buckets faster than compaction merges them. */
  COMPACTION_BACKLOG,
  /** Partitions or buckets hold many small files. */
  SMALL_FILES,
  /**
   * The table's layout makes it slow: rows crowd into one bucket or key (skew, a hot key), a
   * partition is too big to scan, dynamic buckets are full. The fix is a rescale, another bucket
   * key or finer partitions, proposed with its numbers, never run by lakeops.
   */
  TABLE_LAYOUT,
  /**
   * The table's latest snapshots hold bad data and an earlier snapshot or tag is the way back.
   *
   * @deprecated read from stored verdicts only: a rollback is the proposed action, not a cause; a
   *     restarted writer or a repeated commit identifier is {@link #DUPLICATES}, a bad write the
   *     alert claims but nothing measured is {@link #INCONCLUSIVE}
   */
  @Deprecated
  ROLLBACK_NEEDED,
  /** Everything the runbook checks is healthy; the headline names what was checked. */
  NO_FAULT
}
