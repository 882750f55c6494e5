package dev.lakeops.agent.app;

import dev.lakeops.agent.im.ChannelLanguages;
import dev.lakeops.agent.im.ImConfig;
import dev.lakeops.agent.im.ImHttp;
import dev.lakeops.agent.im.dingtalk.DingTalkAdapter;
import dev.lakeops.agent.im.dingtalk.DingTalkSignature;
import dev.lakeops.agent.im.feishu.FeishuAdapter;
import dev.lakeops.agent.im.feishu.FeishuClient;
import dev.lakeops.agent.im.slack.SlackAdapter;
import dev.lakeops.agent.im.slack.SlackClient;
import dev.lakeops.agent.im.slack.SlackSignature;
import dev.lakeops.agent.im.wecom.WeComAdapter;
import dev.lakeops.agent.im.wecom.WeComClient;
import dev.lakeops.agent.im.wecom.WeComCrypto;
import jakarta.enterprise.context.Dependent;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import java.time.Clock;
import java.util.Optional;

/**
 * One adapter per platform, from {@code lakeops.im.<platform>.*}; absent secrets leave parts
 * unconfigured.
 */
@Dependent
public class AdapterBeans {

  @Produces
  @Singleton
  SlackAdapter slack(ImConfig im, ImHttp http, ChannelLanguages languages, Clock clock) {
    ImConfig.Slack slack = im.slack();
    SlackSignature signature =
        present(slack.signingSecret()).map(s -> new SlackSignature(s, clock)).orElse(null);
    SlackClient client =
        present(slack.botToken())
            .map(t -> new SlackClient(slack.apiBaseUrl(), t, http))
            .orElse(null);
    return new SlackAdapter(signature, client, languages);
  }

  @Produces
  @Singleton
  FeishuAdapter feishu(ImConfig im, ImHttp http, ChannelLanguages languages, Clock clock) {
    ImConfig.Feishu feishu = im.feishu();
    FeishuClient client =
        present(feishu.appId()).isPresent() && present(feishu.appSecret()).isPresent()
            ? new FeishuClient(
                feishu.apiBaseUrl(), feishu.appId().get(), feishu.appSecret().get(), http, clock)
            : null;
    return new FeishuAdapter(
        feishu.verificationToken().orElse(null),
        feishu.encryptKey().orElse(null),
        client,
        languages);
  }

  @Produces
  @Singleton
  DingTalkAdapter dingTalk(ImConfig im, ImHttp http, ChannelLanguages languages, Clock clock) {
    ImConfig.DingTalk dingTalk = im.dingTalk();
    DingTalkSignature signature =
        present(dingTalk.appSecret()).map(s -> new DingTalkSignature(s, clock)).orElse(null);
    return new DingTalkAdapter(signature, dingTalk.sessionWebhookPrefix(), http, languages, clock);
  }

  @Produces
  @Singleton
  WeComAdapter weCom(ImConfig im, ImHttp http, ChannelLanguages languages, Clock clock) {
    ImConfig.WeCom weCom = im.weCom();
    WeComCrypto crypto =
        present(weCom.token()).isPresent()
                && present(weCom.encodingAesKey()).isPresent()
                && present(weCom.corpId()).isPresent()
            ? new WeComCrypto(
                weCom.token().get(), weCom.encodingAesKey().get(), weCom.corpId().get())
            : null;
    WeComClient client =
        crypto != null && present(weCom.secret()).isPresent() && weCom.agentId().isPresent()
            ? new WeComClient(
                weCom.apiBaseUrl(),
                weCom.corpId().get(),
                weCom.secret().get(),
                weCom.agentId().get(),
                http,
                clock)
            : null;
    return new WeComAdapter(crypto, client, languages);
  }

  private static Optional<String> present(Optional<String> value) {
    return value.filter(v -> !v.isBlank());
  }
}
