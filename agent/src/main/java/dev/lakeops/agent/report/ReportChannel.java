package dev.lakeops.agent.report;

import static java.util.Objects.requireNonNull;

import dev.lakeops.agent.chat.Platform;
import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The chat channel reports go to, parsed from {@code lakeops.report.channel=<kind>:<target>}.
 *
 * @param kind how the report is sent
 * @param target the channel, chat, user, webhook URL or robot key, as the kind expects
 */
public record ReportChannel(Kind kind, String target) {

  /** The ways a report can be sent; only Slack channels and Feishu chats have threads. */
  public enum Kind {
    /** Slack {@code chat.postMessage} to a channel id; needs {@code lakeops.im.slack.bot-token}. */
    SLACK("slack", Platform.SLACK, true),
    /**
     * Feishu app message to a {@code chat_id}; needs {@code lakeops.im.feishu.app-id} and {@code
     * app-secret}.
     */
    FEISHU("feishu", Platform.FEISHU, true),
    /** Feishu custom-bot webhook URL. */
    FEISHU_WEBHOOK("feishu-webhook", Platform.FEISHU, false),
    /** DingTalk custom robot webhook URL ({@code .../robot/send?access_token=...}). */
    DINGTALK_ROBOT("dingtalk-robot", Platform.DINGTALK, false),
    /** WeCom app message to a user id; needs the {@code lakeops.im.wecom.*} app credentials. */
    WECOM("wecom", Platform.WECOM, false),
    /** WeCom group robot key (the {@code key} of its webhook URL). */
    WECOM_ROBOT("wecom-robot", Platform.WECOM, false);

    private final String id;
    private final Platform platform;
    private final boolean threaded;

    Kind(String id, Platform platform, boolean threaded) {
      this.id = id;
      this.platform = platform;
      this.threaded = threaded;
    }

    public String id() {
      return id;
    }

    public Platform platform() {
      return platform;
    }

    /** Whether a post starts a thread that later replies can join. */
    public boolean threaded() {
      return threaded;
    }
  }

  public ReportChannel {
    requireNonNull(kind, "kind");
    requireNonNull(target, "target");
  }

  /**
   * Parses {@code <kind>:<target>}.
   *
   * @throws IllegalArgumentException the value has no known kind or no target; the message names
   *     the value
   */
  public static ReportChannel parse(String value) {
    String v = value == null ? "" : value.strip();
    int colon = v.indexOf(':');
    String kinds = Arrays.stream(Kind.values()).map(Kind::id).collect(Collectors.joining(", "));
    if (colon <= 0 || colon == v.length() - 1) {
      throw new IllegalArgumentException(
          "Invalid lakeops.report.channel '"
              + v
              + "': expected <kind>:<target> with kind one of "
              + kinds);
    }
    String id = v.substring(0, colon).toLowerCase(Locale.ROOT);
    String target = v.substring(colon + 1).strip();
    Kind kind =
        Arrays.stream(Kind.values())
            .filter(k -> k.id.equals(id))
            .findFirst()
            .orElseThrow(
                () ->
                    new IllegalArgumentException(
                        "Invalid lakeops.report.channel '"
                            + v
                            + "': unknown kind '"
                            + id
                            + "' (expected one of "
                            + kinds
                            + ")"));
    if ((kind == Kind.FEISHU_WEBHOOK || kind == Kind.DINGTALK_ROBOT)
        && !target.startsWith("https://")
        && !target.startsWith("http://")) {
      throw new IllegalArgumentException(
          "Invalid lakeops.report.channel '"
              + kind.id
              + ":...': the target must be the webhook's http(s) URL");
    }
    if (target.isEmpty() || target.chars().anyMatch(Character::isWhitespace)) {
      throw new IllegalArgumentException(
          "Invalid lakeops.report.channel '" + v + "': the target must be one word without spaces");
    }
    return new ReportChannel(kind, target);
  }
}
