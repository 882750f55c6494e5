package dev.lakeops.agent.incident;

/** Where an incident's triage stands. */
public enum IncidentStatus {
  /** Stored; the deterministic triage is queued or running. */
  TRIAGING,
  /** The triage finished; the incident carries its report. */
  TRIAGED,
  /** The triage itself broke (not a probe: a failed probe is part of a report); see the error. */
  FAILED,
  /** The alert was already resolved when it arrived, so it was stored and not triaged. */
  RESOLVED
}
