package dev.lakeops.agent.im;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import io.smallrye.config.WithName;
import java.util.Optional;

/**
 * The chat platforms, under {@code lakeops.im}. An adapter whose verification secret is absent
 * refuses every request with 401 and says which key to set; one without sending credentials
 * verifies and handles messages but cannot post replies (logged).
 */
@ConfigMapping(prefix = "lakeops.im")
public interface ImConfig {

  Slack slack();

  Feishu feishu();

  @WithName("dingtalk")
  DingTalk dingTalk();

  @WithName("wecom")
  WeCom weCom();

  /** Slack app: Events API, slash commands and interactivity. */
  interface Slack {
    /** Basic Information → Signing Secret; verifies {@code X-Slack-Signature}. */
    Optional<String> signingSecret();

    /** Bot User OAuth Token ({@code xoxb-...}) for {@code chat.postMessage}. */
    Optional<String> botToken();

    @WithDefault("https://slack.com/api")
    String apiBaseUrl();

    /**
     * Language of replies on Slack ({@code en} or {@code zh-CN}); {@code
     * lakeops.chat.default-language} when absent.
     */
    Optional<String> language();
  }

  /** Feishu/Lark app bot: event subscription and card callbacks. */
  interface Feishu {
    Optional<String> appId();

    Optional<String> appSecret();

    /** Events and callbacks → Verification Token. */
    Optional<String> verificationToken();

    /**
     * Events and callbacks → Encrypt Key; when set, bodies are decrypted and signatures checked.
     */
    Optional<String> encryptKey();

    /** {@code https://open.larksuite.com/open-apis} for Lark. */
    @WithDefault("https://open.feishu.cn/open-apis")
    String apiBaseUrl();

    Optional<String> language();
  }

  /** DingTalk enterprise-internal robot in HTTP mode. */
  interface DingTalk {
    /** The app's AppSecret; verifies the {@code sign} header. */
    Optional<String> appSecret();

    /** Replies go only to session webhooks under this prefix. */
    @WithDefault("https://oapi.dingtalk.com/")
    String sessionWebhookPrefix();

    Optional<String> language();
  }

  /** WeCom self-built app with an API callback ("接收消息"). */
  interface WeCom {
    /** Callback Token. */
    Optional<String> token();

    /** Callback EncodingAESKey (43 characters). */
    Optional<String> encodingAesKey();

    /** The corp id (企业ID); every callback must be addressed to it. */
    Optional<String> corpId();

    /** The app's AgentId, for sending replies. */
    Optional<Long> agentId();

    /** The app's Secret, for {@code gettoken}. */
    Optional<String> secret();

    @WithDefault("https://qyapi.weixin.qq.com")
    String apiBaseUrl();

    Optional<String> language();
  }
}
