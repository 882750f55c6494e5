package dev.lakeops.agent.im;

import dev.lakeops.agent.config.LakeopsConfig;
import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.util.Map;
import java.util.Optional;

/** Chat settings common to every platform and the REST chat API, under {@code lakeops.chat}. */
@ConfigMapping(prefix = "lakeops.chat")
public interface ChatConfig {

  /**
   * {@code en} or {@code zh-CN}: replies where neither the channel nor the platform sets a
   * language.
   */
  @WithDefault("en")
  String defaultLanguage();

  /**
   * Per channel (Slack channel id, Feishu chat id, DingTalk conversation id, WeCom agent id): its
   * language.
   */
  Map<String, String> channelLanguage();

  /**
   * Messages remembered per thread (in the database; older ones are deleted as new ones arrive).
   */
  @WithDefault("20")
  int historyTurns();

  /** Threads that handle IM messages after they are acknowledged. */
  @WithDefault("2")
  int workers();

  /**
   * The lake warehouse that {@code table <db.table> snapshots} and {@code rollback} read; absent:
   * {@code lakeops.tables.warehouse}, and without that, not available. See {@link
   * #tableWarehouse(LakeopsConfig)}.
   */
  Optional<String> tableWarehouse();

  /** The chat's warehouse: this group's own, else the one the runbooks read. */
  default Optional<String> tableWarehouse(LakeopsConfig config) {
    return tableWarehouse()
        .filter(w -> !w.isBlank())
        .or(() -> config.tables().warehouse().filter(w -> !w.isBlank()))
        .map(String::strip);
  }

  /**
   * The older name of {@code lakeops.binlog.dir}, read when that key is not set: the only directory
   * {@code binlog verify <file>} may read; absent with it: not available.
   */
  Optional<String> binlogDir();

  /**
   * The Kafka cluster profile {@code lag} asks; absent: the only configured one, if exactly one is.
   */
  Optional<String> kafkaCluster();
}
