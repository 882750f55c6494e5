package dev.lakeops.tools.spec;

import java.util.List;

/**
 * Arguments that do not fit a tool's declaration: a missing or unknown parameter, or a value that
 * does not read as its type. The message names the tool, and for each problem the parameter, the
 * value given and what was expected.
 */
public final class ToolArgumentException extends IllegalArgumentException {

  private final String tool;
  private final List<String> problems;

  public ToolArgumentException(String tool, List<String> problems) {
    super("tool " + tool + ": " + String.join("; ", problems));
    this.tool = tool;
    this.problems = List.copyOf(problems);
  }

  public String tool() {
    return tool;
  }

  /**
   * One line per problem, e.g. {@code parameter samples must be a whole number from 1 to 20, was
   * 'many'}.
   */
  public List<String> problems() {
    return problems;
  }
}
