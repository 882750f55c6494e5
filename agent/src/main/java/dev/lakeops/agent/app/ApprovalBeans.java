package dev.lakeops.agent.app;

import dev.lakeops.agent.approval.ApprovalLinks;
import dev.lakeops.agent.approval.GateApprovals;
import dev.lakeops.agent.approval.GateProposals;
import dev.lakeops.agent.approval.GateTriageProposals;
import dev.lakeops.agent.approval.JdbcAuditLog;
import dev.lakeops.agent.approval.JdbcProposalStore;
import dev.lakeops.agent.approval.ProposalService;
import dev.lakeops.agent.approval.Users;
import dev.lakeops.agent.chat.ApprovalPort;
import dev.lakeops.agent.config.ConnectConfig;
import dev.lakeops.agent.config.LakeopsConfig;
import dev.lakeops.agent.im.ChatConfig;
import dev.lakeops.agent.llm.ProposalPort;
import dev.lakeops.agent.metrics.LakeopsMetrics;
import dev.lakeops.agent.store.Database;
import dev.lakeops.agent.triage.TriageProposals;
import dev.lakeops.runbooks.action.Actions;
import dev.lakeops.runbooks.action.ConfiguredTargets;
import dev.lakeops.runbooks.approval.ApprovalGate;
import dev.lakeops.runbooks.approval.ProposalStore;
import dev.lakeops.runbooks.audit.AuditLog;
import dev.lakeops.tools.kafka.KafkaClusters;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Dependent;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.Map;

/** Wires the approval gate of {@code runbooks} onto the app's database and configuration. */
@Dependent
public class ApprovalBeans {

  @Produces
  @Singleton
  Users users(LakeopsConfig config) {
    return Users.from(config.approvers());
  }

  @Produces
  @Singleton
  ProposalStore proposalStore(Database database) {
    return new JdbcProposalStore(database.dataSource());
  }

  @Produces
  @Singleton
  AuditLog auditLog(Database database, Clock clock) {
    return new JdbcAuditLog(database.dataSource(), clock);
  }

  @Produces
  @Singleton
  ApprovalGate approvalGate(
      ProposalStore store,
      AuditLog audit,
      Users users,
      KafkaClusters kafka,
      LakeopsConfig config,
      ConnectConfig connect,
      Clock clock) {
    Map<String, String> flink = new LinkedHashMap<>();
    flink.put("default", config.flink().restUrl());
    config.flink().clusters().forEach((name, c) -> flink.put(name, c.restUrl()));
    Actions actions =
        new Actions(
            new ConfiguredTargets(
                kafka,
                flink,
                config.flink().timeout(),
                config.tables().store(),
                config.tables().maintenance().flinkCluster().orElse(null),
                connectUrls(connect),
                connectJmx(connect)));
    return new ApprovalGate(store, audit, users.directory(), actions, clock);
  }

  private static Map<String, String> connectJmx(ConnectConfig connect) {
    Map<String, String> jmx = new LinkedHashMap<>();
    connect.workers().forEach((name, w) -> w.jmxUrl().ifPresent(a -> jmx.put(name, a)));
    return jmx;
  }

  private static Map<String, String> connectUrls(ConnectConfig connect) {
    Map<String, String> urls = new LinkedHashMap<>();
    connect.workers().forEach((name, w) -> urls.put(name, w.url()));
    return urls;
  }

  @Produces
  @Singleton
  ProposalService proposals(
      ApprovalGate gate,
      ProposalStore store,
      AuditLog audit,
      Users users,
      LakeopsConfig config,
      LakeopsMetrics metrics) {
    return new ProposalService(gate, store, audit, users, config.approval().proposalTtl(), metrics);
  }

  /** The triage's proposals on the gate, linked to their incident. */
  @Produces
  @Singleton
  TriageProposals triageProposals(ProposalService proposals, Database database) {
    return new GateTriageProposals(proposals, database.dataSource());
  }

  /** Chat approvals on the gate (replaces the chat layer's "not configured" default). */
  @Produces
  @ApplicationScoped
  ApprovalPort chatApprovals(
      ProposalService proposals, ApprovalLinks links, ChatConfig chat, LakeopsConfig config) {
    return new GateApprovals(proposals, links, chat.tableWarehouse(config));
  }

  /** The model's propose_action on the gate (replaces the LLM layer's "not configured" default). */
  @Produces
  @Singleton
  ProposalPort llmProposals(ProposalService proposals) {
    return new GateProposals(proposals);
  }
}
