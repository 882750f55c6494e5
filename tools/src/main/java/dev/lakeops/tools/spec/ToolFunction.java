package dev.lakeops.tools.spec;

import static java.util.Objects.requireNonNull;

import java.util.function.Function;

/**
 * A declared tool and the function that runs it. The function reads its arguments through the
 * {@link ToolArgs} it is given, which a caller gets from {@link ToolArgs#read} and whose failure
 * the caller reports; it does not throw for anything the tool can report (a tool answers with a
 * report or a JSON error).
 *
 * @param spec the declaration
 * @param call runs the tool: a {@code ToolReport} for tools a runbook can call, JSON text or a
 *     value serialized to JSON for tools only a model calls
 * @param <R> what the tool returns
 */
public record ToolFunction<R>(ToolSpec spec, Function<ToolArgs, R> call) {

  public ToolFunction {
    requireNonNull(spec, "spec");
    requireNonNull(call, "call");
  }

  public String name() {
    return spec.name();
  }

  /**
   * Runs the tool. REQUIRES: {@code args} were read against this tool's declaration, or against one
   * that adds parameters to it ({@link ToolSpec#withParam}).
   */
  public R apply(ToolArgs args) {
    return call.apply(args);
  }
}
