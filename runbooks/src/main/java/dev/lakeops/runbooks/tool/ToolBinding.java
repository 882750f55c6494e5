package dev.lakeops.runbooks.tool;

import static java.util.Objects.requireNonNull;

import dev.lakeops.tools.ToolReport;
import java.util.Map;
import java.util.function.Function;

/**
 * A read-only tool a runbook step can call: its signature and the function that calls it with
 * the step's arguments. The function returns a report and does not throw; {@link ToolRegistry}
 * turns a throw into an error report all the same.
 */
public record ToolBinding(ToolSignature signature, Function<Map<String, String>, ToolReport> call) {

  public ToolBinding {
    requireNonNull(signature, "signature");
    requireNonNull(call, "call");
  }

  public String name() {
    return signature.name();
  }
}
