package dev.lakeops.agent.llm;

import com.fasterxml.jackson.databind.JsonNode;
import dev.lakeops.tools.Json;
import dev.lakeops.tools.spec.ToolArgs;
import dev.lakeops.tools.spec.ToolArgumentException;
import dev.lakeops.tools.spec.ToolFunction;
import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.service.tool.ToolExecutor;

/**
 * Runs one declared tool for the model: reads the call's JSON arguments against the declaration and
 * answers with the tool's result as compact JSON (a report, or the JSON a model-only tool returns).
 * Arguments that do not fit the declaration are refused with one line naming each problem
 * (parameter, value, what was expected), and the tool does not run.
 */
final class DeclaredToolExecutor implements ToolExecutor {

  private final String name;
  private final ToolFunction<?> tool;

  /**
   * @param name the tool's name as the model knows it
   */
  DeclaredToolExecutor(String name, ToolFunction<?> tool) {
    this.name = name;
    this.tool = tool;
  }

  @Override
  public String execute(ToolExecutionRequest request, Object memoryId) {
    JsonNode arguments = ToolArguments.parse(request).orElse(null);
    if (arguments == null || !arguments.isObject()) {
      return ToolArguments.NOT_AN_OBJECT;
    }
    ToolArgs args;
    try {
      args = ToolArgs.read(tool.spec(), ToolArguments.values(arguments));
    } catch (ToolArgumentException e) {
      return "REFUSED: "
          + ToolOutputs.sanitize(e.getMessage())
          + "; nothing ran: call "
          + name
          + " again with valid arguments";
    }
    Object result = tool.apply(args);
    return result instanceof String text ? text : Json.compact(result);
  }
}
