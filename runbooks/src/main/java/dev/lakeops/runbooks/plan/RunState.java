package dev.lakeops.runbooks.plan;

import dev.lakeops.runbooks.AlertSignal;
import dev.lakeops.runbooks.StepRecord;
import dev.lakeops.runbooks.graph.RunContext;
import dev.lakeops.runbooks.graph.Template;
import dev.lakeops.tools.Finding;
import dev.lakeops.tools.ToolReport;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The state of one run: inputs, outputs by name, every report in order, finding ids, the step
 * trace.
 */
final class RunState implements RunContext, Template.FindingIds {

  private final AlertSignal alert;
  private final Map<String, String> inputs;
  private final Map<String, ToolReport> outputs = new LinkedHashMap<>();
  final List<ToolReport> reports = new ArrayList<>();
  final List<StepRecord> trace = new ArrayList<>();
  private final Map<Finding, String> ids = new IdentityHashMap<>();
  private final Map<String, Integer> counters = new HashMap<>();
  private final Map<String, Integer> visits = new HashMap<>();

  RunState(AlertSignal alert, Map<String, String> inputs) {
    this.alert = alert;
    this.inputs = Map.copyOf(inputs);
  }

  /**
   * Stores a report under {@code output}, gives its findings ids {@code step#n}, and returns its
   * index.
   */
  int store(String step, String output, ToolReport report) {
    outputs.remove(output);
    outputs.put(output, report);
    reports.add(report);
    for (Finding f : report.findings()) {
      ids.put(f, step + "#" + counters.merge(step, 1, Integer::sum));
    }
    return reports.size() - 1;
  }

  int visit(String step) {
    return visits.merge(step, 1, Integer::sum);
  }

  @Override
  public AlertSignal alert() {
    return alert;
  }

  @Override
  public Optional<String> input(String name) {
    return Optional.ofNullable(inputs.get(name));
  }

  @Override
  public Optional<ToolReport> output(String name) {
    return Optional.ofNullable(outputs.get(name));
  }

  @Override
  public List<ToolReport> outputs() {
    return List.copyOf(outputs.values());
  }

  @Override
  public Optional<String> idOf(Finding finding) {
    return Optional.ofNullable(ids.get(finding));
  }
}
