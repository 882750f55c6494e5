package dev.lakeops.runbooks;

import static java.util.Objects.requireNonNull;

import java.util.List;

/**
 * How well one runbook fits an alert, and what became of it.
 *
 * @param runbook the runbook's id
 * @param score the sum of its reasons' weights
 * @param reasons why it fits, strongest first
 * @param missing required inputs the alert does not provide, each with the labels it is read from
 * @param outcome whether it ran
 */
public record RouteScore(
    String runbook,
    double score,
    List<RouteReason> reasons,
    List<String> missing,
    Outcome outcome) {

  public RouteScore {
    requireNonNull(runbook, "runbook");
    reasons = reasons == null ? List.of() : List.copyOf(reasons);
    missing = missing == null ? List.of() : List.copyOf(missing);
    requireNonNull(outcome, "outcome");
  }

  public RouteScore withOutcome(Outcome o) {
    return new RouteScore(runbook, score, reasons, missing, o);
  }

  public enum Outcome {
    /** It ran; its verdict is the report's or one of the others. */
    RAN,
    /**
     * It fits and could run, but the planner's budget or its limit on runbooks per alert was spent
     * first.
     */
    NOT_RUN,
    /** It fits but the alert lacks a required input. */
    CANNOT_RUN,
    /** Its evidence is too weak next to the runbooks that fit. */
    NOT_CHOSEN
  }
}
