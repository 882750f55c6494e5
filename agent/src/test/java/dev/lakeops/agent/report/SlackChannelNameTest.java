package dev.lakeops.agent.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.agent.chat.ChatIntent;
import dev.lakeops.agent.chat.ChatReply;
import dev.lakeops.agent.chat.Language;
import dev.lakeops.agent.im.ImHttp;
import dev.lakeops.agent.im.slack.SlackClient;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * A report channel configured by name ({@code slack:#data-alerts}) is keyed by the channel id Slack
 * answers, the id that events from the thread carry, and replies go to that id.
 */
class SlackChannelNameTest {

  private static final int PORT = Integer.getInteger("lakeops-test.slack-channel-port", 62603);

  @Test
  void theThreadKeyTakesTheChannelIdSlackAnswersAndRepliesGoThere() {
    try (SlackLoopback slack = new SlackLoopback(PORT)) {
      ReportSender sender =
          ReportSenders.slack(
              "#data-alerts", new SlackClient(slack.apiBaseUrl(), "xoxb-test", new ImHttp()));
      ChatReply report =
          new ChatReply(ChatIntent.Kind.TRIAGE, "**Verdict:** BACKPRESSURE", Language.EN, null);

      Optional<String> key = sender.post(report);

      assertThat(slack.posts().get(0).path("channel").asText()).isEqualTo("#data-alerts");
      assertThat(key).hasValueSatisfying(k -> assertThat(k).startsWith("slack:C0123:1700000000."));
      String ts = key.orElseThrow().substring("slack:C0123:".length());

      sender.reply(
          key.orElseThrow(),
          new ChatReply(ChatIntent.Kind.TRIAGE, "still firing", Language.EN, null));

      assertThat(slack.posts().get(1).path("channel").asText()).isEqualTo("C0123");
      assertThat(slack.posts().get(1).path("thread_ts").asText()).isEqualTo(ts);
    }
  }
}
