package dev.lakeops.agent.chat;

import dev.lakeops.tools.ToolReport;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * The read-only tools chat commands call, each present only when configured. An absent tool is
 * answered with "not configured" and the key to set, never with an error.
 */
public interface ChatTools {

  /** Kafka consumer lag of {@code group} (every group when null), when a Kafka cluster is configured. */
  Optional<ToolReport> lag(@Nullable String group);

  /** The snapshots of lake table {@code table} ({@code db.table}), when a warehouse is configured. */
  Optional<ToolReport> tableSnapshots(String table);

  /** Integrity of binlog file {@code file} inside the configured binlog directory, when there is one. */
  Optional<ToolReport> binlogVerify(String file);

  /** No tool configured at all. */
  static ChatTools none() {
    return new ChatTools() {
      @Override
      public Optional<ToolReport> lag(@Nullable String group) {
        return Optional.empty();
      }

      @Override
      public Optional<ToolReport> tableSnapshots(String table) {
        return Optional.empty();
      }

      @Override
      public Optional<ToolReport> binlogVerify(String file) {
        return Optional.empty();
      }
    };
  }
}
