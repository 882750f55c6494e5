package dev.lakeops.tools.spec;

import static dev.lakeops.tools.Checks.checkArgument;
import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * A read-only tool, declared once next to its implementation: the planner's bindings, the runbook
 * validator, the model's toolbox and chat commands all derive from it.
 *
 * @param name lower case, dotted by area, e.g. {@code kafka.lag}; runbooks and reports use it as is
 * @param description for a person or a model: what the tool reads and what it returns
 * @param params in the order a caller sees them; names are unique
 * @param codes the finding codes its analyzers can emit
 */
public record ToolSpec(
    String name, String description, List<ToolParam> params, FindingCodes codes) {

  public ToolSpec {
    requireNonNull(name, "name");
    checkArgument(
        name.matches("[a-z][a-z0-9_-]*(\\.[a-z][a-z0-9_-]*)+"), "Invalid tool name: %s", name);
    requireNonNull(description, "description");
    params = List.copyOf(params);
    Set<String> seen = new HashSet<>();
    for (ToolParam p : params) {
      checkArgument(seen.add(p.name()), "Tool %s declares parameter %s twice", name, p.name());
      if (p.defaultValue() != null) {
        try {
          ToolArgs.convert(p, p.defaultValue());
        } catch (IllegalArgumentException | ArithmeticException e) {
          throw new IllegalArgumentException(
              "Default '"
                  + p.defaultValue()
                  + "' of parameter "
                  + p.name()
                  + " of tool "
                  + name
                  + " is not "
                  + p.expected(),
              e);
        }
      }
    }
    requireNonNull(codes, "codes");
  }

  public Optional<ToolParam> param(String name) {
    return params.stream().filter(p -> p.name().equals(name)).findFirst();
  }

  public boolean accepts(String param) {
    return param(param).isPresent();
  }

  /** Names of the parameters every call must pass. */
  public List<String> required() {
    return params.stream().filter(ToolParam::required).map(ToolParam::name).toList();
  }

  /** Names of every parameter, in declaration order. */
  public List<String> paramNames() {
    return params.stream().map(ToolParam::name).toList();
  }

  /**
   * This tool with one more parameter, for a binding that adds what depends on configuration (e.g.
   * which Flink cluster to read).
   *
   * @throws IllegalArgumentException the tool has a parameter of that name
   */
  public ToolSpec withParam(ToolParam extra) {
    List<ToolParam> all = new ArrayList<>(params);
    all.add(extra);
    return new ToolSpec(name, description, all, codes);
  }
}
