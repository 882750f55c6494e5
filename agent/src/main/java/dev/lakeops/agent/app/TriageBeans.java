package dev.lakeops.agent.app;

import dev.lakeops.agent.binlog.BinlogServersConfig;
import dev.lakeops.agent.config.AlertsConfig;
import dev.lakeops.agent.config.ConnectConfig;
import dev.lakeops.agent.config.LakeopsConfig;
import dev.lakeops.agent.im.ChatConfig;
import dev.lakeops.agent.incident.IncidentExamples;
import dev.lakeops.agent.incident.IncidentStore;
import dev.lakeops.agent.llm.LlmConfig;
import dev.lakeops.runbooks.audit.AuditLog;
import dev.lakeops.runbooks.plan.DeterministicPlanner;
import dev.lakeops.runbooks.route.embedding.Similarities;
import dev.lakeops.runbooks.setup.TriageTools;
import dev.lakeops.runbooks.tool.ToolRegistry;
import dev.lakeops.tools.flink.FlinkClusters;
import jakarta.enterprise.context.Dependent;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import java.time.Clock;
import org.eclipse.microprofile.config.ConfigProvider;

/**
 * Wires the plain-Java tools and runbooks from the configuration; they know nothing of CDI. The
 * tools and the planner are the command line's ({@link TriageTools}, from the same {@code
 * lakeops.*} keys), confined to what alerts may name. A key that does not read fails the start with
 * a message naming it.
 */
@Dependent
public class TriageBeans {

  @Produces
  @Singleton
  Clock clock() {
    return Clock.systemUTC();
  }

  /**
   * Flink ({@code lakeops.flink.*}), Kafka ({@code lakeops.kafka.*}), the table tools over {@code
   * lakeops.tables.warehouse}, {@code binlog.verify} inside {@code lakeops.binlog.dir}, the binlog
   * servers' status ({@code lakeops.binlog.servers.*}), the CDC connectors' state ({@code
   * lakeops.connect.workers.*}) and {@code changes.recent} with lakeops' own audited actions.
   */
  @Produces
  @Singleton
  TriageTools triageTools(
      LakeopsConfig config,
      BinlogServersConfig binlog,
      ConnectConfig connect,
      AlertsConfig alerts,
      ChatConfig chat,
      LlmConfig llm,
      AuditLog audit,
      Clock clock) {
    return TriageTools.forAgent(
        LakeopsProperties.of(
            ConfigProvider.getConfig(), config, binlog, connect, alerts, chat, llm),
        clock,
        audit);
  }

  /**
   * One set of tools per configured cluster: {@code default} from {@code lakeops.flink.rest-url},
   * the others from {@code lakeops.flink.clusters.<name>.rest-url}.
   */
  @Produces
  @Singleton
  FlinkClusters flinkClusters(TriageTools tools) {
    return tools.config().flink().orElseThrow();
  }

  /** The read-only tools the runbooks call. */
  @Produces
  @Singleton
  ToolRegistry toolRegistry(TriageTools tools) {
    return tools.registry();
  }

  /**
   * Every shipped runbook, reading alerts as {@code lakeops.alerts.*} says and routing like past
   * incidents; one that does not load fails the start with its problems.
   */
  @Produces
  @Singleton
  DeterministicPlanner planner(TriageTools tools, IncidentStore incidents, Clock clock) {
    return tools.planner(
        clock,
        new IncidentExamples(
            incidents,
            Similarities.of(tools.config().routing()),
            tools.config().routing().minSimilarity()));
  }
}
