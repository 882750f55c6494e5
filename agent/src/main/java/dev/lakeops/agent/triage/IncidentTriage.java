package dev.lakeops.agent.triage;

import dev.lakeops.agent.incident.Incident;
import dev.lakeops.runbooks.TriageReport;
import dev.lakeops.runbooks.plan.DeterministicPlanner;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The deterministic triage of one incident: the planner runs the runbooks that fit its alert. A
 * runbook that breaks is an outcome with one line for a person (logged with its stack trace), never
 * an exception. Takes seconds: the probes re-sample the systems.
 */
@ApplicationScoped
public class IncidentTriage {

  private static final Logger LOG = LoggerFactory.getLogger(IncidentTriage.class);
  private static final int MAX_ERROR_CHARS = 300;

  private final DeterministicPlanner planner;

  @Inject
  public IncidentTriage(DeterministicPlanner planner) {
    this.planner = planner;
  }

  public TriageOutcome triage(Incident incident) {
    try {
      TriageReport report = planner.triage(incident.signal());
      LOG.info(
          "Incident {} ({}): {}", incident.id(), incident.alertname(), report.verdict().category());
      return TriageOutcome.of(report);
    } catch (RuntimeException | Error e) {
      // An Error too (out of memory while a model loads, a class that does not link): the
      // incident is marked FAILED with the reason instead of staying TRIAGING with its thread gone.
      LOG.error("Triage of incident {} ({}) failed", incident.id(), incident.alertname(), e);
      return TriageOutcome.failed(shortError(e));
    }
  }

  /** One line for a person: the exception's kind and message, never its stack trace. */
  static String shortError(Throwable e) {
    String message =
        e.getMessage() == null ? "" : ": " + e.getMessage().replaceAll("\\s+", " ").strip();
    String line = "triage failed (" + e.getClass().getSimpleName() + message + ")";
    return line.length() <= MAX_ERROR_CHARS ? line : line.substring(0, MAX_ERROR_CHARS) + "...";
  }
}
