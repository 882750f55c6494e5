package dev.lakeops.agent.chat;

import dev.lakeops.tools.ToolReport;
import java.util.Map;
import java.util.Optional;

/**
 * The read-only tools chat commands call, by their declared names ({@code kafka.lag}, {@code
 * table.snapshots}, {@code binlog.verify}: the names and finding codes of the planner and the
 * model), each present only when configured. An absent tool is answered with "not configured" and
 * the key to set, never with an error.
 */
public interface ChatTools {

  /**
   * Calls tool {@code tool} with the arguments the chat user gave; what configuration fixes (the
   * Kafka cluster, the warehouse, the binlog directory) is added or enforced here. Never throws:
   * arguments that do not fit the tool's declaration are an error report naming them.
   *
   * @return empty when the tool is not configured for chat
   */
  Optional<ToolReport> call(String tool, Map<String, String> args);

  /** No tool configured at all. */
  static ChatTools none() {
    return (tool, args) -> Optional.empty();
  }
}
