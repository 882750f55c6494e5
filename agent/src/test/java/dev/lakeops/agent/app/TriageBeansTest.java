package dev.lakeops.agent.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.agent.binlog.BinlogServersConfig;
import dev.lakeops.agent.config.AlertsConfig;
import dev.lakeops.agent.config.ConnectConfig;
import dev.lakeops.agent.config.LakeopsConfig;
import dev.lakeops.agent.im.ChatConfig;
import dev.lakeops.agent.llm.LlmConfig;
import dev.lakeops.runbooks.setup.TriageTools;
import dev.lakeops.runbooks.tool.ToolRegistry;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.time.Clock;
import java.util.Map;
import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.api.Test;

/** {@code lakeops serve} triages with the tools {@code lakeops triage} builds from its keys. */
@QuarkusTest
class TriageBeansTest {

  @Inject ToolRegistry registry;
  @Inject LakeopsConfig config;
  @Inject BinlogServersConfig binlog;
  @Inject ConnectConfig connect;
  @Inject AlertsConfig alerts;
  @Inject ChatConfig chat;
  @Inject LlmConfig llm;

  @Test
  void theAgentsToolsAreTheCommandLinesForTheSameKeys() {
    Map<String, String> keys =
        LakeopsProperties.of(
            ConfigProvider.getConfig(), config, binlog, connect, alerts, chat, llm);

    assertThat(registry.names())
        .containsExactlyElementsOf(
            TriageTools.forCommandLine(keys, Clock.systemUTC()).registry().names())
        .contains("binlog.verify", "changes.recent", "flink.jobs", "kafka.lag");
  }

  @Test
  void theRawKeysAreTheAgentsConfigurationWithItsDefaults() {
    Map<String, String> keys =
        LakeopsProperties.of(
            ConfigProvider.getConfig(), config, binlog, connect, alerts, chat, llm);

    assertThat(keys)
        .containsEntry("lakeops.flink.rest-url", "http://127.0.0.1:1")
        .containsEntry("lakeops.flink.clusters.eu.rest-url", "http://127.0.0.1:2")
        .containsEntry("lakeops.flink.timeout", "1000ms")
        .containsEntry("lakeops.binlog.timeout", "10000ms")
        .containsEntry("lakeops.connect.timeout", "10000ms")
        .containsEntry("lakeops.alerts.similarity.model", "none");
    assertThat(keys.keySet()).allMatch(k -> k.startsWith("lakeops."));
  }
}
