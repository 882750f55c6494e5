package dev.lakeops.agent.report;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.util.Optional;

/**
 * Where each incident's triage report is posted, under {@code lakeops.report}. Without {@code
 * channel} nothing is posted.
 */
@ConfigMapping(prefix = "lakeops.report")
public interface ReportConfig {

  /**
   * {@code <platform>:<target>}, see {@link ReportChannel#parse}: {@code slack:C0123}, {@code
   * feishu:oc_xxx}, {@code feishu-webhook:https://...}, {@code dingtalk-robot:https://...}, {@code
   * wecom:<userid>}, {@code wecom-robot:<key>}.
   */
  Optional<String> channel();

  /** {@code en} or {@code zh-CN}; the platform's chat language when absent. */
  Optional<String> language();

  /**
   * Base URL of this agent as people reach it; the report links to {@code
   * <public-url>/api/incidents/<id>?format=markdown}.
   */
  @WithDefault("http://127.0.0.1:8080")
  String publicUrl();

  /** Signing secret of a Feishu or DingTalk custom-bot webhook, when the bot has one. */
  Optional<String> webhookSecret();

  /**
   * Whether a repeat of an alert posts a short "still firing" reply in the report's thread (Slack
   * and Feishu chats only).
   */
  @WithDefault("true")
  boolean repeatReplies();
}
