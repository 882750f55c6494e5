package dev.lakeops.agent.incident;

import java.io.UncheckedIOException;
import java.util.List;
import java.util.Optional;

/**
 * Keeps incidents durably. Implementations are safe for concurrent use; callers that read, change
 * and save one incident serialize those steps themselves (see {@link Incidents}).
 */
public interface IncidentStore {

  /** The incident with this id, if one was saved. */
  Optional<Incident> find(String id);

  /** The incident of the alert with this fingerprint and start, if one was saved. */
  Optional<Incident> findByDedupKey(DedupKey key);

  /** Every incident, most recently received first. */
  List<Incident> list();

  /**
   * Saves {@code incident}, replacing the one with the same id. When this returns, the incident
   * survives a crash or restart; when it throws, the previously saved version is still intact.
   *
   * @throws UncheckedIOException when the incident could not be written durably
   */
  void save(Incident incident);
}
