package dev.lakeops.runbooks.tool;

import static java.util.Objects.requireNonNull;

import dev.lakeops.tools.ToolReport;
import dev.lakeops.tools.spec.ToolArgs;
import dev.lakeops.tools.spec.ToolFunction;
import dev.lakeops.tools.spec.ToolSpec;
import java.util.function.Function;

/**
 * A read-only tool a runbook step can call: its declaration and the function that calls it with the
 * step's arguments, read against the declaration. The function returns a report and does not throw;
 * {@link ToolRegistry} turns a throw into an error report all the same.
 */
public record ToolBinding(ToolSpec spec, Function<ToolArgs, ToolReport> call) {

  public ToolBinding {
    requireNonNull(spec, "spec");
    requireNonNull(call, "call");
  }

  /** A declared tool as it is, for callers that need nothing of their own around it. */
  public static ToolBinding of(ToolFunction<ToolReport> tool) {
    return new ToolBinding(tool.spec(), tool.call());
  }

  public String name() {
    return spec.name();
  }
}
