package dev.lakeops.runbooks;

/** What a triage concluded, as a closed set that evals and chat can match on. */
public enum Category {
  /** A bottleneck was located. */
  BACKPRESSURE,
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
