package dev.lakeops.agent.app;

import dev.lakeops.agent.chat.ApprovalPort;
import dev.lakeops.agent.chat.ChatFollowUps;
import dev.lakeops.agent.chat.ChatHandler;
import dev.lakeops.agent.chat.ChatThreadStore;
import dev.lakeops.agent.chat.ChatThreads;
import dev.lakeops.agent.chat.ChatTools;
import dev.lakeops.agent.chat.CommandChatHandler;
import dev.lakeops.agent.chat.ConfiguredChatTools;
import dev.lakeops.agent.chat.JdbcChatThreadStore;
import dev.lakeops.agent.chat.Language;
import dev.lakeops.agent.chat.Platform;
import dev.lakeops.agent.chat.ThreadIncidents;
import dev.lakeops.agent.chat.UnconfiguredApprovals;
import dev.lakeops.agent.config.LakeopsConfig;
import dev.lakeops.agent.im.ChannelLanguages;
import dev.lakeops.agent.im.ChatConfig;
import dev.lakeops.agent.im.ChatDispatcher;
import dev.lakeops.agent.im.ChatWorkers;
import dev.lakeops.agent.im.ImConfig;
import dev.lakeops.agent.im.ImHttp;
import dev.lakeops.agent.im.RecentKeys;
import dev.lakeops.agent.incident.IncidentStore;
import dev.lakeops.agent.llm.LlmChat;
import dev.lakeops.agent.llm.LlmChatFollowUps;
import dev.lakeops.agent.report.ReportThreadIncidents;
import dev.lakeops.agent.report.ReportThreads;
import dev.lakeops.agent.store.Database;
import dev.lakeops.runbooks.plan.DeterministicPlanner;
import dev.lakeops.runbooks.setup.TriageConfig;
import dev.lakeops.runbooks.setup.TriageTools;
import dev.lakeops.table.catalog.Catalog;
import dev.lakeops.table.io.FileIOs;
import dev.lakeops.tools.kafka.KafkaCluster;
import dev.lakeops.tools.kafka.KafkaTools;
import dev.lakeops.tools.table.TableLocator;
import io.quarkus.arc.DefaultBean;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Dependent;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import java.time.Clock;
import java.time.Duration;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Wires the chat layer from {@code lakeops.chat.*} and {@code lakeops.im.*}. Thread memory is kept
 * in the database. The handler, the thread store and the approvals port are default beans: an LLM
 * handler, another store and the approvals engine replace them by being beans of those types.
 */
@Dependent
public class ChatBeans {

  @Produces
  @Singleton
  ChannelLanguages channelLanguages(ChatConfig chat, ImConfig im) {
    Language fallback = language(chat.defaultLanguage(), "lakeops.chat.default-language");
    Map<Platform, Language> byPlatform = new EnumMap<>(Platform.class);
    im.slack()
        .language()
        .ifPresent(l -> byPlatform.put(Platform.SLACK, language(l, "lakeops.im.slack.language")));
    im.feishu()
        .language()
        .ifPresent(l -> byPlatform.put(Platform.FEISHU, language(l, "lakeops.im.feishu.language")));
    im.dingTalk()
        .language()
        .ifPresent(
            l -> byPlatform.put(Platform.DINGTALK, language(l, "lakeops.im.dingtalk.language")));
    im.weCom()
        .language()
        .ifPresent(l -> byPlatform.put(Platform.WECOM, language(l, "lakeops.im.wecom.language")));
    Map<String, Language> byChannel = new LinkedHashMap<>();
    chat.channelLanguage()
        .forEach(
            (channel, l) ->
                byChannel.put(channel, language(l, "lakeops.chat.channel-language." + channel)));
    return new ChannelLanguages(fallback, byPlatform, byChannel);
  }

  @Produces
  @Singleton
  @DefaultBean
  ChatThreadStore chatThreadStore(ChatConfig chat, Database database) {
    return new JdbcChatThreadStore(database.dataSource(), chat.historyTurns());
  }

  @Produces
  @Singleton
  ChatThreads chatThreads(ChatThreadStore store, Clock clock) {
    return new ChatThreads(store, clock);
  }

  @Produces
  @ApplicationScoped
  @DefaultBean
  ApprovalPort approvals() {
    return new UnconfiguredApprovals();
  }

  @Produces
  @Singleton
  ChatTools chatTools(ChatConfig chat, LakeopsConfig config, KafkaTools kafka, TriageTools triage) {
    String cluster = kafkaCluster(chat, config).map(KafkaCluster::name).orElse(null);
    return new ConfiguredChatTools(
        kafka,
        cluster,
        chat.tableWarehouse(config)
            .map(w -> chatWarehouse(w, config, triage))
            .map(TableLocator::in)
            .orElse(null),
        triage.config().binlogDir().orElse(null));
  }

  /**
   * The chat's warehouse: the runbooks' own when it is the same, else opened as they open theirs.
   */
  private static Catalog chatWarehouse(String uri, LakeopsConfig config, TriageTools triage) {
    Optional<Catalog> tables = triage.config().warehouse();
    if (tables.isPresent()
        && config.tables().warehouse().map(String::strip).filter(uri::equals).isPresent()) {
      return tables.get();
    }
    if (FileIOs.isLocal(uri)) {
      return Catalog.local(FileIOs.rootPath(uri).toAbsolutePath().normalize());
    }
    return TriageConfig.openWarehouse(
        "lakeops.chat.table-warehouse", uri, triage.config().storeOptions());
  }

  @Produces
  @ApplicationScoped
  @DefaultBean
  ChatHandler chatHandler(
      DeterministicPlanner planner,
      ChatTools tools,
      ApprovalPort approvals,
      ChatThreads threads,
      ThreadIncidents incidents,
      ChatFollowUps followUps) {
    return new CommandChatHandler(planner, tools, approvals, threads, incidents, followUps);
  }

  /**
   * A thread's incident: the one whose report started it, or on the REST API the incident named by
   * the thread.
   */
  @Produces
  @Singleton
  ThreadIncidents threadIncidents(ReportThreads threads, IncidentStore incidents) {
    return new ReportThreadIncidents(threads, incidents);
  }

  /** Text that is no command goes to the model when one is configured (lakeops.llm.provider). */
  @Produces
  @Singleton
  ChatFollowUps chatFollowUps(Optional<LlmChat> llm, ChatThreads threads) {
    return llm.<ChatFollowUps>map(chat -> new LlmChatFollowUps(chat, threads))
        .orElseGet(ChatFollowUps::none);
  }

  @Produces
  @Singleton
  ChatDispatcher chatDispatcher(ChatHandler handler, ChatWorkers workers, Clock clock) {
    // Slack retries for minutes, Feishu for hours: a day of event ids covers both.
    return new ChatDispatcher(
        handler, workers.executor(), new RecentKeys(Duration.ofDays(1), 100_000, clock));
  }

  @Produces
  @Singleton
  ImHttp imHttp() {
    return new ImHttp();
  }

  private static Optional<KafkaCluster> kafkaCluster(ChatConfig chat, LakeopsConfig config) {
    Map<String, LakeopsConfig.KafkaClusterProfile> clusters = config.kafka().clusters();
    String name;
    if (chat.kafkaCluster().isPresent()) {
      name = chat.kafkaCluster().get().strip();
      if (!clusters.containsKey(name)) {
        throw new IllegalArgumentException(
            "Invalid lakeops.chat.kafka-cluster: '"
                + name
                + "' is not in lakeops.kafka.clusters "
                + clusters.keySet());
      }
    } else if (clusters.size() == 1) {
      name = clusters.keySet().iterator().next();
    } else {
      return Optional.empty();
    }
    LakeopsConfig.KafkaClusterProfile profile = clusters.get(name);
    return Optional.of(new KafkaCluster(name, profile.bootstrapServers(), profile.properties()));
  }

  static Language language(String tag, String key) {
    return Language.find(tag)
        .orElseThrow(
            () ->
                new IllegalArgumentException(
                    "Invalid " + key + ": '" + tag + "' (expected en or zh-CN)"));
  }
}
