package dev.lakeops.eval.suite;

/**
 * One variant to triage: a scenario (already renamed), one of its alerts, and whether every free
 * text field carries a prompt injection.
 */
public record ScenarioRun(
    String id, Scenario scenario, Scenario.AlertSpec alert, boolean injected) {}
