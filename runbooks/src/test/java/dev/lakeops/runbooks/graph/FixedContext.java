package dev.lakeops.runbooks.graph;

import dev.lakeops.runbooks.AlertSignal;
import dev.lakeops.tools.Finding;
import dev.lakeops.tools.Severity;
import dev.lakeops.tools.ToolReport;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** A run context over given outputs and inputs, for guard and template tests. */
record FixedContext(AlertSignal alert, Map<String, String> inputs, Map<String, ToolReport> byName)
    implements RunContext {

  static FixedContext of(Map<String, ToolReport> outputs) {
    return new FixedContext(
        new AlertSignal(Map.of("alertname", "A", "job_name", "orders"), Map.of("summary", "late")),
        Map.of("job", "orders"),
        new LinkedHashMap<>(outputs));
  }

  static Finding finding(Severity severity, String code, Map<String, String> evidence) {
    return new Finding(severity, code, "subject", code + " summary", evidence, List.of());
  }

  static ToolReport ok(String tool, Finding... findings) {
    return new ToolReport(
        ToolReport.Status.OK,
        tool,
        Map.of("job", "orders", "cluster", "eu"),
        List.of(findings),
        null);
  }

  @Override
  public Optional<String> input(String name) {
    return Optional.ofNullable(inputs.get(name));
  }

  @Override
  public Optional<ToolReport> output(String name) {
    return Optional.ofNullable(byName.get(name));
  }

  @Override
  public List<ToolReport> outputs() {
    return List.copyOf(byName.values());
  }
}
