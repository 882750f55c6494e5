package dev.lakeops.agent.im;

import dev.lakeops.agent.chat.Language;
import dev.lakeops.agent.chat.Platform;
import java.util.Map;

/**
 * The language to answer in, per channel: a channel's own setting ({@code
 * lakeops.chat.channel-language.<channel>}), else the platform's ({@code
 * lakeops.im.<platform>.language}), else {@code lakeops.chat.default-language}.
 */
public final class ChannelLanguages {

  private final Language defaultLanguage;
  private final Map<Platform, Language> byPlatform;
  private final Map<String, Language> byChannel;

  public ChannelLanguages(
      Language defaultLanguage,
      Map<Platform, Language> byPlatform,
      Map<String, Language> byChannel) {
    this.defaultLanguage = defaultLanguage;
    this.byPlatform = Map.copyOf(byPlatform);
    this.byChannel = Map.copyOf(byChannel);
  }

  public static ChannelLanguages of(Language defaultLanguage) {
    return new ChannelLanguages(defaultLanguage, Map.of(), Map.of());
  }

  public Language of(Platform platform, String channel) {
    Language channelLanguage = byChannel.get(channel);
    if (channelLanguage != null) {
      return channelLanguage;
    }
    return byPlatform.getOrDefault(platform, defaultLanguage);
  }
}
