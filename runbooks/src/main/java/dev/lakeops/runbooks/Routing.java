package dev.lakeops.runbooks;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What lakeops read from an alert and how it chose the runbooks it ran: kept in the report so a
 * person can see why.
 *
 * @param recognised concepts read from the alert, e.g. {@code flink.job -> orders (label job_name)}
 * @param metrics metric names of the rule's expression and Grafana's values
 * @param cues what fired as read: {@code flink.restarts: metric flink_jobmanager_job_numRestarts}
 * @param scores every runbook that relates to the alert, best first
 * @param notes what else a person should know: runbooks that disagree, an expression that could not
 *     be read, the best similarity when nothing else fitted
 */
public record Routing(
    Map<String, String> recognised,
    List<String> metrics,
    List<String> cues,
    List<RouteScore> scores,
    List<String> notes) {

  public Routing {
    recognised =
        recognised == null
            ? Map.of()
            : Collections.unmodifiableMap(new LinkedHashMap<>(recognised));
    metrics = metrics == null ? List.of() : List.copyOf(metrics);
    cues = cues == null ? List.of() : List.copyOf(cues);
    scores = scores == null ? List.of() : List.copyOf(scores);
    notes = notes == null ? List.of() : List.copyOf(notes);
  }

  public Routing withNotes(List<String> more) {
    List<String> all = new java.util.ArrayList<>(notes);
    all.addAll(more);
    return new Routing(recognised, metrics, cues, scores, all);
  }

  public Routing withScores(List<RouteScore> s) {
    return new Routing(recognised, metrics, cues, s, notes);
  }
}
