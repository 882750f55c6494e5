package dev.lakeops.runbooks.plan;

import dev.lakeops.runbooks.Category;
import dev.lakeops.runbooks.Confidence;
import dev.lakeops.runbooks.RouteScore;
import dev.lakeops.runbooks.Routing;
import dev.lakeops.runbooks.Verdict;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The verdict for an alert no runbook can run for: which runbooks fit but lack an input, and what
 * lakeops read (the labels it recognised, the metrics of the expression, what it took to have
 * fired, the best similarity), so that a person can tell a gap in lakeops from an alert that is not
 * about the pipeline.
 */
final class NoRunbookVerdict {

  private NoRunbookVerdict() {}

  static Verdict of(String alertname, Routing routing) {
    List<String> needs = new ArrayList<>();
    for (RouteScore s : routing.scores()) {
      if (s.outcome() == RouteScore.Outcome.CANNOT_RUN) {
        needs.add(s.runbook() + " needs " + String.join(", ", s.missing()));
      }
    }
    String read =
        "lakeops read "
            + list(
                "label",
                routing.recognised().entrySet().stream()
                    .map(e -> e.getKey() + "=" + e.getValue())
                    .toList())
            + ", "
            + list("metric", routing.metrics())
            + ", "
            + list("signal", routing.cues())
            + similarity(routing)
            + ".";
    String headline =
        needs.isEmpty()
            ? "No runbook fits alert '" + alertname + "': " + read
            : "No runbook can run for alert '"
                + alertname
                + "': "
                + String.join("; ", needs)
                + ". "
                + capitalized(read);
    Map<String, String> entities = new LinkedHashMap<>();
    entities.put(
        "labels",
        joined(
            routing.recognised().entrySet().stream()
                .map(e -> e.getKey() + "=" + e.getValue())
                .toList()));
    entities.put("metrics", joined(routing.metrics()));
    entities.put("signals", joined(routing.cues()));
    routing.notes().stream()
        .filter(n -> n.startsWith("best similarity"))
        .findFirst()
        .ifPresent(n -> entities.put("similarity", n));
    List<String> next = new ArrayList<>();
    if (!needs.isEmpty()) {
      next.add(
          "Add the label the runbook needs to the alert rule, or name the label your rules use:"
              + " lakeops.alerts.label-aliases.<concept>=<label> (e.g."
              + " lakeops.alerts.label-aliases.flink.job=pipeline).");
    }
    next.add(
        "If the alert is about the pipeline, pin a runbook for its rule: lakeops.alerts.rules."
            + alertname
            + ".runbook=<runbook> (./lakeops runbooks list), or triage by hand: ./lakeops flink"
            + " triage --rest URL --job NAME");
    return new Verdict(Category.NO_RUNBOOK, headline, entities, List.of(), Confidence.LOW, next);
  }

  private static String similarity(Routing routing) {
    return routing.notes().stream()
        .filter(n -> n.startsWith("best similarity"))
        .findFirst()
        .map(n -> ", " + n)
        .orElse("");
  }

  private static String list(String what, List<String> items) {
    if (items.isEmpty()) {
      return "no " + what + " it knows";
    }
    List<String> shown = items.size() > 6 ? items.subList(0, 6) : items;
    return what
        + (items.size() == 1 ? " " : "s ")
        + String.join(", ", shown)
        + (items.size() > 6 ? ", ..." : "");
  }

  private static String joined(List<String> items) {
    return items.isEmpty() ? "none" : String.join("; ", items);
  }

  private static String capitalized(String s) {
    return s.isEmpty() ? s : Character.toUpperCase(s.charAt(0)) + s.substring(1);
  }
}
