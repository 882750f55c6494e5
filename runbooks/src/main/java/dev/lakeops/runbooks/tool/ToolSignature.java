package dev.lakeops.runbooks.tool;

import static java.util.Objects.requireNonNull;

import java.util.List;

/**
 * The name and parameters of a read-only tool that runbooks may call.
 *
 * @param name e.g. {@code flink.backpressure}
 * @param required parameters every call must pass
 * @param optional parameters a call may pass
 */
public record ToolSignature(String name, List<String> required, List<String> optional) {

  public ToolSignature {
    requireNonNull(name, "name");
    required = List.copyOf(required);
    optional = List.copyOf(optional);
  }

  public boolean accepts(String param) {
    return required.contains(param) || optional.contains(param);
  }
}
