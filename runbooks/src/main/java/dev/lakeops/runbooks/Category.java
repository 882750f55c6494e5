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
  /** What looked like a fault is an artefact of observing the job (a stale job id, probes that disagree). */
  MONITORING_ARTEFACT,
  /** The job was measured and nothing is backpressured. */
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
  NO_RUNBOOK
}
