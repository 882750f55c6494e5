package dev.lakeops.agent.chat;

import dev.lakeops.runbooks.tool.BinlogBindings;
import dev.lakeops.runbooks.tool.TableBindings;
import dev.lakeops.runbooks.tool.ToolBinding;
import dev.lakeops.runbooks.tool.ToolRegistry;
import dev.lakeops.tools.ToolReport;
import dev.lakeops.tools.binlog.BinlogTools;
import dev.lakeops.tools.kafka.KafkaTools;
import dev.lakeops.tools.table.TableLocator;
import dev.lakeops.tools.table.TableTools;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * The chat tools over what is configured: the Kafka tools on one cluster, the table tools on the
 * tables of one warehouse, the binlog verifier on the files of one directory. They are the declared
 * tools the planner binds, confined the same way ({@link TableBindings#inWarehouse}, {@link
 * BinlogBindings#confinedTo}): a chat user names a group, a table or a file, never an address or a
 * path outside the configured directory.
 */
public final class ConfiguredChatTools implements ChatTools {

  private final ToolRegistry tools = new ToolRegistry();

  /** The tools whose {@code cluster} is the configured one. */
  private final Set<String> onKafkaCluster = new HashSet<>();

  private final @Nullable String kafkaCluster;

  /**
   * @param kafka the Kafka tools, with {@code kafkaCluster} the configured cluster chat asks about;
   *     both null when none
   * @param warehouse the lake warehouse of {@code table} commands, or null
   * @param binlogDir the directory {@code binlog verify} may read, or null
   */
  public ConfiguredChatTools(
      @Nullable KafkaTools kafka,
      @Nullable String kafkaCluster,
      @Nullable TableLocator warehouse,
      @Nullable Path binlogDir) {
    this.kafkaCluster = kafka == null ? null : kafkaCluster;
    if (kafka != null && kafkaCluster != null) {
      kafka
          .functions()
          .forEach(
              f -> {
                tools.register(ToolBinding.of(f));
                onKafkaCluster.add(f.name());
              });
    }
    if (warehouse != null) {
      tools.registerAll(TableBindings.inWarehouse(new TableTools(warehouse), warehouse));
    }
    if (binlogDir != null) {
      tools.registerAll(BinlogBindings.confinedTo(new BinlogTools(), binlogDir));
    }
  }

  @Override
  public Optional<ToolReport> call(String tool, Map<String, String> args) {
    if (tools.find(tool).isEmpty()) {
      return Optional.empty();
    }
    Map<String, String> all = new LinkedHashMap<>(args);
    if (onKafkaCluster.contains(tool)) {
      all.put("cluster", kafkaCluster); // the configured one, whatever the message said
    }
    return Optional.of(tools.call(tool, all));
  }
}
