package dev.lakeops.agent.incident;

import java.util.List;
import java.util.Optional;
import java.util.function.UnaryOperator;
import org.jspecify.annotations.Nullable;

/**
 * Keeps incidents durably, shared by every lakeops instance that uses the same database.
 * Implementations are safe for concurrent use, within one process and across processes.
 */
public interface IncidentStore {

  /** The incident with this id, if one was saved. */
  Optional<Incident> find(String id);

  /** The incident of the alert with this fingerprint and start, if one was saved. */
  Optional<Incident> findByDedupKey(DedupKey key);

  /** The most recently received incidents first, at most {@code limit}. */
  List<Incident> list(int limit);

  /** The most recently received incidents in {@code status} first, at most {@code limit}. */
  List<Incident> withStatus(IncidentStatus status, int limit);

  /**
   * One page of incidents, most recently received first: those in {@code status} (any status when
   * null), skipping the first {@code offset}, at most {@code limit}.
   *
   * @throws IllegalArgumentException {@code offset} is negative or {@code limit} is below 1
   */
  List<Incident> page(@Nullable IncidentStatus status, long offset, int limit);

  /**
   * Stores {@code incident} unless an incident with its dedup key is stored already (by this or
   * another instance). Durable when it returns.
   *
   * @return empty when {@code incident} was stored; otherwise the incident stored before, unchanged
   * @throws dev.lakeops.agent.store.StoreException when the database cannot be reached or written
   */
  Optional<Incident> insertIfNew(Incident incident);

  /**
   * Applies {@code change} to the stored incident and stores the result, atomically with respect to
   * every other update of that incident (in any instance).
   *
   * @return the stored result, or empty when there is no incident with this id
   * @throws dev.lakeops.agent.store.StoreException when the database cannot be reached or written
   */
  Optional<Incident> update(String id, UnaryOperator<Incident> change);

  /**
   * Deletes the incidents received before {@code cutoff} whose triage has finished (any status but
   * {@link IncidentStatus#TRIAGING}).
   *
   * @return how many were deleted
   */
  int deleteFinishedReceivedBefore(java.time.Instant cutoff);
}
