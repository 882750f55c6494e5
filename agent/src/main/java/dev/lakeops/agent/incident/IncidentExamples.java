package dev.lakeops.agent.incident;

import static java.util.Objects.requireNonNull;

import dev.lakeops.runbooks.AlertSignal;
import dev.lakeops.runbooks.TriageReport;
import dev.lakeops.runbooks.plan.DeterministicPlanner;
import dev.lakeops.runbooks.route.AlertExample;
import dev.lakeops.runbooks.route.AlertExamples;
import dev.lakeops.runbooks.route.KnownAlerts;
import dev.lakeops.runbooks.route.TextSimilarity;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Past incidents as examples for routing: the most recent triaged incidents whose runbook concluded
 * a fault ({@link DeterministicPlanner#concludesFault}), each with that runbook, compared with an
 * alert as {@link KnownAlerts} does. A healthy, inconclusive or failed triage teaches nothing about
 * which runbook answers such an alert, so it is left out. Read from the store at each alert, so
 * every instance sharing the database learns from every incident. Never throws: a store that cannot
 * be read gives no examples and the alert is routed by its rules alone.
 */
public final class IncidentExamples implements AlertExamples {

  private static final Logger LOG = LoggerFactory.getLogger(IncidentExamples.class);

  /** Incidents read per alert: the recent past, not the whole history. */
  static final int RECENT = 500;

  private final IncidentStore store;
  private final TextSimilarity similarity;
  private final double minSimilarity;

  public IncidentExamples(IncidentStore store, TextSimilarity similarity, double minSimilarity) {
    this.store = requireNonNull(store, "store");
    this.similarity = requireNonNull(similarity, "similarity");
    this.minSimilarity = minSimilarity;
  }

  @Override
  public List<Match> like(AlertSignal alert, boolean bySimilarity) {
    try {
      return new KnownAlerts(cached(), similarity, minSimilarity).like(alert, bySimilarity);
    } catch (RuntimeException e) {
      LOG.warn(
          "Past incidents could not be read ({}); alert '{}' is routed without them",
          e.getClass().getSimpleName(),
          alert.name());
      return List.of();
    }
  }

  /**
   * {@link #examples()}, read again at most every {@link #REFRESH}: every triage routes with them,
   * and reading {@value #RECENT} stored incidents per alert made triage slower as incidents
   * accumulated. Incidents another instance triaged on the same database join within the period.
   */
  private List<AlertExample> cached() {
    Cache c = cache;
    long now = System.nanoTime();
    if (c == null || now - c.loadedAt > REFRESH.toNanos()) {
      synchronized (this) {
        c = cache;
        if (c == null || now - c.loadedAt > REFRESH.toNanos()) {
          c = new Cache(examples(), System.nanoTime());
          cache = c;
        }
      }
    }
    return c.examples;
  }

  private record Cache(List<AlertExample> examples, long loadedAt) {}

  /** How long the examples read from the store are used before they are read again. */
  static final Duration REFRESH = Duration.ofSeconds(30);

  private volatile Cache cache;

  /** The examples the store holds now, most recent first. */
  List<AlertExample> examples() {
    List<AlertExample> out = new ArrayList<>();
    for (Incident i : store.withStatus(IncidentStatus.TRIAGED, RECENT)) {
      TriageReport r = i.report();
      if (r != null && DeterministicPlanner.concludesFault(r)) {
        out.add(
            new AlertExample(
                i.id(),
                i.labels(),
                (i.annotations().getOrDefault("summary", "")
                        + " "
                        + i.annotations().getOrDefault("description", ""))
                    .strip(),
                r.runbook()));
      }
    }
    return out;
  }
}
