package dev.lakeops.agent.chat;

import java.util.Locale;
import java.util.Optional;

/**
 * The languages lakeops answers in. Finding codes, JSON fields and the audit log stay
 * language-neutral.
 */
public enum Language {
  EN("en", Locale.ENGLISH),
  ZH_CN("zh-CN", Locale.SIMPLIFIED_CHINESE);

  private final String tag;
  private final Locale locale;

  Language(String tag, Locale locale) {
    this.tag = tag;
    this.locale = locale;
  }

  /** The BCP 47 tag, {@code en} or {@code zh-CN}. */
  public String tag() {
    return tag;
  }

  public Locale locale() {
    return locale;
  }

  /**
   * {@code en}, {@code zh-CN} (also {@code zh}, {@code zh_CN}, {@code zh-Hans}); case-insensitive.
   */
  public static Optional<Language> find(String tag) {
    if (tag == null) {
      return Optional.empty();
    }
    String t = tag.strip().replace('_', '-').toLowerCase(Locale.ROOT);
    return switch (t) {
      case "en", "en-us", "en-gb" -> Optional.of(EN);
      case "zh", "zh-cn", "zh-hans", "zh-hans-cn" -> Optional.of(ZH_CN);
      default -> Optional.empty();
    };
  }

  /**
   * The language of {@code tag}.
   *
   * @throws IllegalArgumentException it is none of the supported ones; the message names the tag
   */
  public static Language parse(String tag) {
    return find(tag)
        .orElseThrow(
            () ->
                new IllegalArgumentException(
                    "Unsupported language '" + tag + "' (expected en or zh-CN)"));
  }
}
