package dev.lakeops.agent.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.agent.chat.Language;
import dev.lakeops.agent.im.ChannelLanguages;
import dev.lakeops.agent.im.Inbound;
import dev.lakeops.agent.im.MutableClock;
import dev.lakeops.agent.im.Recorded;
import dev.lakeops.agent.im.feishu.FeishuAdapter;
import dev.lakeops.agent.im.slack.SlackAdapter;
import dev.lakeops.agent.im.slack.SlackSignature;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/**
 * A person's message in a report's thread, as the platform's adapter reads it from a recorded
 * event, has the very thread key the report's post was remembered under, so it finds the incident.
 */
class ReportThreadKeysTest {

  private final MutableClock clock = new MutableClock(Instant.parse("2026-05-01T12:00:00Z"));
  private final ChannelLanguages languages = ChannelLanguages.of(Language.EN);

  @Test
  void aSlackMentionInTheReportsThreadHasTheReportsKey() {
    // The report was posted to C123ABC456 and Slack answered ts 1515449500.000010; the mention is a
    // reply under it.
    String reportKey = ReportThreads.slackKey("C123ABC456", "1515449500.000010");
    SlackAdapter slack = new SlackAdapter(new SlackSignature("s", clock), null, languages);
    byte[] body = Recorded.text("slack/app_mention.json").getBytes(StandardCharsets.UTF_8);
    String ts = Long.toString(clock.instant().getEpochSecond());

    Inbound.Chat chat = (Inbound.Chat) slack.events(ts, SlackSignature.sign("s", ts, body), body);

    assertThat(chat.message().threadKey()).isEqualTo(reportKey);
  }

  @Test
  void aSlackMentionOutsideAnyThreadStartsItsOwnKey() {
    SlackAdapter slack = new SlackAdapter(new SlackSignature("s", clock), null, languages);
    byte[] body =
        Recorded.text("slack/app_mention.json")
            .replace(",\"thread_ts\":\"1515449500.000010\"", "")
            .getBytes(StandardCharsets.UTF_8);
    String ts = Long.toString(clock.instant().getEpochSecond());

    Inbound.Chat chat = (Inbound.Chat) slack.events(ts, SlackSignature.sign("s", ts, body), body);

    assertThat(chat.message().threadKey())
        .isEqualTo(ReportThreads.slackKey("C123ABC456", "1515449522.000016"))
        .isNotEqualTo(ReportThreads.slackKey("C123ABC456", "1515449500.000010"));
  }

  @Test
  void aFeishuReplyUnderTheReportHasTheReportsKey() {
    // The report is message om_..xxfsdfsdfdsf in chat oc_..xx51da133945; the person's reply has it
    // as root_id.
    String reportKey =
        ReportThreads.feishuKey(
            "oc_5ce6d572455d361153b7xx51da133945", "om_5ce6d572455d361153b7cb5xxfsdfsdfdsf");
    FeishuAdapter feishu =
        new FeishuAdapter("test-feishu-verification-token", null, null, languages);

    Inbound.Chat chat =
        (Inbound.Chat)
            feishu.events(
                null,
                null,
                null,
                Recorded.text("feishu/message_receive_v1.json").getBytes(StandardCharsets.UTF_8));

    assertThat(chat.message().threadKey()).isEqualTo(reportKey);
  }
}
