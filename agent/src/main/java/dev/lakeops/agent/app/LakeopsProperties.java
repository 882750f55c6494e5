package dev.lakeops.agent.app;

import dev.lakeops.agent.binlog.BinlogServersConfig;
import dev.lakeops.agent.config.AlertsConfig;
import dev.lakeops.agent.config.ConnectConfig;
import dev.lakeops.agent.config.LakeopsConfig;
import dev.lakeops.agent.im.ChatConfig;
import dev.lakeops.agent.llm.LlmConfig;
import dev.lakeops.runbooks.setup.TriageConfig;
import dev.lakeops.tools.kafka.KafkaClusters;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.eclipse.microprofile.config.Config;

/**
 * The agent's {@code lakeops.*} keys as raw text, for {@link
 * dev.lakeops.runbooks.setup.TriageTools} to read exactly as the command line reads {@code
 * config/application.properties}: the same keys mean the same thing in both. Every key the agent's
 * typed configuration declares is taken from it, so a value set as an environment variable ({@code
 * LAKEOPS_TABLES_WAREHOUSE}) counts as the dotted key, defaults (the default Flink cluster's
 * address) apply, and durations are passed on as read.
 */
final class LakeopsProperties {

  private static final String PREFIX = "lakeops.";

  private LakeopsProperties() {}

  static Map<String, String> of(
      Config config,
      LakeopsConfig lakeops,
      BinlogServersConfig binlog,
      ConnectConfig connect,
      AlertsConfig alerts,
      ChatConfig chat,
      LlmConfig llm) {
    Map<String, String> out = new TreeMap<>();
    for (String name : config.getPropertyNames()) {
      if (name.startsWith(PREFIX)) {
        config.getOptionalValue(name, String.class).ifPresent(v -> out.put(name, v));
      }
    }
    out.put(TriageConfig.FLINK_REST_URL, lakeops.flink().restUrl());
    out.put(TriageConfig.FLINK_TIMEOUT, lakeops.flink().timeout().toMillis() + "ms");
    lakeops
        .flink()
        .clusters()
        .forEach((name, c) -> out.put("lakeops.flink.clusters." + name + ".rest-url", c.restUrl()));
    lakeops
        .kafka()
        .clusters()
        .forEach(
            (name, c) -> {
              String prefix = KafkaClusters.PREFIX + name + ".";
              out.put(prefix + "bootstrap-servers", c.bootstrapServers());
              c.properties().forEach((k, v) -> out.put(prefix + "properties." + k, v));
            });
    lakeops
        .kafka()
        .timeout()
        .ifPresent(t -> out.put(TriageConfig.KAFKA_TIMEOUT, t.toMillis() + "ms"));
    put(out, TriageConfig.WAREHOUSE, lakeops.tables().warehouse());
    out.keySet()
        .removeIf(k -> k.startsWith(TriageConfig.STORE_PREFIX)); // as the mapping reads them
    lakeops.tables().store().forEach((k, v) -> out.put(TriageConfig.STORE_PREFIX + k, v));
    put(out, TriageConfig.BINLOG_DIR, binlog.dir());
    put(out, TriageConfig.BINLOG_DIR_FALLBACKS.get(0), chat.binlogDir());
    put(out, TriageConfig.BINLOG_DIR_FALLBACKS.get(1), llm.binlogDir());
    out.put(TriageConfig.BINLOG_TIMEOUT, binlog.timeout().toMillis() + "ms");
    binlog
        .servers()
        .forEach(
            (name, s) -> {
              String prefix = "lakeops.binlog.servers." + name + ".";
              out.put(prefix + "jdbc-url", s.jdbcUrl());
              out.put(prefix + "user", s.user());
              put(out, prefix + "password", s.password());
            });
    out.put(TriageConfig.CONNECT_TIMEOUT, connect.timeout().toMillis() + "ms");
    out.put(TriageConfig.CONNECT_BEHIND, connect.behind().toMillis() + "ms");
    connect
        .workers()
        .forEach(
            (name, w) -> {
              out.put("lakeops.connect.workers." + name + ".url", w.url());
              put(out, "lakeops.connect.workers." + name + ".jmx-url", w.jmxUrl());
            });
    alerts.labelAliases().forEach((c, v) -> out.put("lakeops.alerts.label-aliases." + c, v));
    alerts
        .rules()
        .forEach((r, v) -> out.put("lakeops.alerts.rules." + r + ".runbook", v.runbook()));
    put(out, "lakeops.alerts.max-runbooks", alerts.maxRunbooks());
    put(out, "lakeops.alerts.budget", alerts.budget());
    put(out, "lakeops.alerts.similarity.model", alerts.similarity().model());
    put(out, "lakeops.alerts.similarity.min-score", alerts.similarity().minScore());
    return out;
  }

  private static void put(Map<String, String> out, String key, Optional<String> value) {
    value.ifPresent(v -> out.put(key, v));
  }
}
