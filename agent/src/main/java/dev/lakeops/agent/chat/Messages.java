package dev.lakeops.agent.chat;

import static java.util.Objects.requireNonNull;

import java.util.EnumMap;
import java.util.Map;
import java.util.MissingResourceException;
import java.util.ResourceBundle;

/**
 * The text of chat replies and cards in each {@link Language}: {@code messages.properties}
 * (English) and {@code messages_zh_CN.properties} (Simplified Chinese) next to this class.
 * Placeholders are {@code {0}}, {@code {1}}, ... and are replaced verbatim (no MessageFormat, so
 * quotes in the text need no escaping). Finding codes, categories and JSON never go through here.
 */
public final class Messages {

  private static final String BUNDLE = "dev.lakeops.agent.chat.messages";

  private final Map<Language, ResourceBundle> bundles = new EnumMap<>(Language.class);

  public Messages() {
    for (Language language : Language.values()) {
      bundles.put(
          language,
          ResourceBundle.getBundle(
              BUNDLE,
              language.locale(),
              ResourceBundle.Control.getNoFallbackControl(
                  ResourceBundle.Control.FORMAT_PROPERTIES)));
    }
  }

  /**
   * The text of {@code key} in {@code language} with {@code args} in its placeholders.
   *
   * @throws MissingResourceException the key is in neither bundle (a bug: every key is tested)
   */
  public String get(Language language, String key, Object... args) {
    requireNonNull(language, "language");
    String text = bundles.get(language).getString(key);
    for (int i = 0; i < args.length; i++) {
      text = text.replace("{" + i + "}", String.valueOf(args[i]));
    }
    return text;
  }

  /** Every key of the English bundle, for the test that both bundles have the same keys. */
  java.util.Set<String> keys(Language language) {
    return bundles.get(language).keySet();
  }
}
