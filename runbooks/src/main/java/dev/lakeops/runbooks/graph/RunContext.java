package dev.lakeops.runbooks.graph;

import dev.lakeops.runbooks.AlertSignal;
import dev.lakeops.tools.ToolReport;
import java.util.List;
import java.util.Optional;

/**
 * What guards and templates read while a runbook runs: the alert, its inputs, and tool outputs so
 * far.
 */
public interface RunContext {

  AlertSignal alert();

  /** A resolved runbook input; empty when the alert does not provide it and it has no default. */
  Optional<String> input(String name);

  /** The latest report stored under {@code name}. */
  Optional<ToolReport> output(String name);

  /** Every stored output's latest report, in the order the outputs were first stored. */
  List<ToolReport> outputs();
}
