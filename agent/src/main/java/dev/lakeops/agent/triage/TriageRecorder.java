package dev.lakeops.agent.triage;

import dev.lakeops.agent.incident.Incident;
import dev.lakeops.agent.incident.IncidentTriaged;
import dev.lakeops.agent.incident.Incidents;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import java.time.Clock;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Stores a triage's proposals on the approval gate ({@link TriageProposals}), saves its outcome on
 * its incident and then announces it with {@link IncidentTriaged}, on which the report is posted,
 * the triage metered and the LLM review queued.
 */
@ApplicationScoped
public class TriageRecorder {

  private static final Logger LOG = LoggerFactory.getLogger(TriageRecorder.class);

  private final Incidents incidents;
  private final Event<IncidentTriaged> triaged;
  private final Clock clock;

  private final TriageProposals proposals;

  @Inject
  public TriageRecorder(
      Incidents incidents, Event<IncidentTriaged> triaged, Clock clock, TriageProposals proposals) {
    this.incidents = incidents;
    this.triaged = triaged;
    this.clock = clock;
    this.proposals = proposals;
  }

  /** A recorder that stores no proposals. */
  public TriageRecorder(Incidents incidents, Event<IncidentTriaged> triaged, Clock clock) {
    this(incidents, triaged, clock, TriageProposals.NONE);
  }

  /**
   * Saves {@code outcome} on incident {@code incidentId} and fires {@link IncidentTriaged} with the
   * result. When the incident cannot be saved, the error is logged and nothing is fired: the
   * incident stays {@code TRIAGING} in the database and is triaged again at the next start.
   *
   * @return the incident as saved; empty when it is gone or could not be saved
   */
  public Optional<Incident> record(String incidentId, TriageOutcome outcome) {
    if (outcome.report() != null) {
      // Before the incident reads TRIAGED: whoever sees the triage finds its proposals stored.
      proposals.store(incidentId, outcome.report());
    }
    Optional<Incident> stored;
    try {
      stored = incidents.update(incidentId, i -> outcome.applyTo(i, clock.instant()));
    } catch (RuntimeException e) {
      LOG.error("Could not save the triage of incident {}", incidentId, e);
      return Optional.empty();
    }
    stored.ifPresent(
        incident -> {
          try {
            triaged.fire(new IncidentTriaged(incident));
          } catch (RuntimeException e) {
            // An observer broke its promise not to throw; the triage is saved and stands.
            LOG.error("An observer of the triage of incident {} failed", incidentId, e);
          }
        });
    return stored;
  }
}
