package dev.lakeops.agent.llm;

import dev.lakeops.runbooks.plan.DeterministicPlanner;
import dev.lakeops.runbooks.setup.TriageConfig;
import dev.lakeops.runbooks.setup.TriageTools;
import dev.lakeops.runbooks.tool.ToolBinding;
import dev.lakeops.tools.ToolReport;
import dev.lakeops.tools.binlog.BinlogTools;
import dev.lakeops.tools.binlog.live.BinlogServerAnalyzer;
import dev.lakeops.tools.binlog.live.BinlogServerTools;
import dev.lakeops.tools.change.ChangeTools;
import dev.lakeops.tools.flink.FlinkClusters;
import dev.lakeops.tools.spec.ToolFunction;
import dev.lakeops.tools.spec.ToolSet;
import dev.lakeops.tools.table.TableLocator;
import dev.lakeops.tools.table.TableTools;
import java.time.Clock;
import java.util.List;
import java.util.concurrent.ExecutorService;

/**
 * The model's toolbox over the triage tools ({@link TriageTools}), so the model reaches what the
 * runbooks reach, configured by the same keys: each Flink cluster (the others' tool names suffixed
 * with {@code _<cluster>}), Kafka, the table tools inside the warehouse, the binlog tools inside
 * {@code lakeops.binlog.dir}, the binlog servers' status, the CDC connectors' state ({@code
 * lakeops.connect.workers}), {@code changes.recent} (the planner's own binding, confined to the
 * warehouse, with lakeops' audited actions) and the runbooks. A tool whose key is not set is not
 * offered: the model cannot act on "set this key".
 */
public final class TriageToolboxes {

  private TriageToolboxes() {}

  public static LlmToolbox.Builder of(
      TriageTools triage,
      DeterministicPlanner planner,
      ProposalPort proposals,
      ExecutorService threads,
      Clock clock) {
    TriageConfig config = triage.config();
    LlmToolbox.Builder tools =
        LlmToolbox.builder(proposals, threads).add(triage.kafka()).add(new RunbookTools(planner));
    if (!triage.flink().names().isEmpty()) {
      addFlink(tools, triage.flink());
    }
    config
        .warehouse()
        .map(TableLocator::in)
        .ifPresent(w -> tools.addInWarehouse(new TableTools(w), w));
    config.binlogDir().ifPresent(dir -> tools.addConfined(new BinlogTools(), dir));
    if (!config.binlogServers().isEmpty()) {
      tools.add(
          new BinlogServerTools(
              config.binlogServers(),
              config.binlogTimeout(),
              BinlogServerAnalyzer.defaults(),
              clock));
    }
    if (!config.connectWorkers().isEmpty()) {
      tools.add(config.cdcTools(clock));
    }
    ToolBinding changes = triage.registry().find(ChangeTools.RECENT).orElseThrow();
    tools.add(bound(changes));
    return tools;
  }

  private static void addFlink(LlmToolbox.Builder tools, FlinkClusters flink) {
    tools.add(flink.defaultCluster());
    for (String name : flink.names()) {
      if (!name.equals(flink.defaultName())) {
        tools.add(
            flink.find(name).orElseThrow(),
            "_" + name.replaceAll("[^A-Za-z0-9_-]", "_"),
            "[Flink cluster " + name + "] ");
      }
    }
  }

  private static ToolSet bound(ToolBinding binding) {
    List<ToolFunction<ToolReport>> functions =
        List.of(new ToolFunction<>(binding.spec(), binding.call()));
    return () -> functions;
  }
}
