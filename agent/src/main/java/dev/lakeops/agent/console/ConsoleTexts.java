package dev.lakeops.agent.console;

import dev.lakeops.agent.chat.Language;
import dev.lakeops.agent.console.picture.PictureTexts;
import java.util.EnumMap;
import java.util.Map;
import java.util.ResourceBundle;
import java.util.Set;

/**
 * The console's words in each {@link Language}: {@code console.properties} (English) and {@code
 * console_zh_CN.properties} next to this class. Codes, states, actions and alert text are shown as
 * they are.
 */
public final class ConsoleTexts implements PictureTexts {

  private static final String BUNDLE = "dev.lakeops.agent.console.console";
  private static final Map<Language, ResourceBundle> BUNDLES = new EnumMap<>(Language.class);

  static {
    for (Language language : Language.values()) {
      BUNDLES.put(
          language,
          ResourceBundle.getBundle(
              BUNDLE,
              language.locale(),
              ResourceBundle.Control.getNoFallbackControl(
                  ResourceBundle.Control.FORMAT_PROPERTIES)));
    }
  }

  private static final java.util.regex.Pattern PLACEHOLDER =
      java.util.regex.Pattern.compile("\\{(\\d)\\}");

  private final Language language;

  public ConsoleTexts(Language language) {
    this.language = language;
  }

  /**
   * The language of a request: {@code ?lang=} when it names a supported one, else the first
   * supported language of {@code Accept-Language}, else English.
   */
  public static ConsoleTexts of(String lang, String acceptLanguage) {
    if (lang != null) {
      var chosen = Language.find(lang);
      if (chosen.isPresent()) {
        return new ConsoleTexts(chosen.get());
      }
    }
    if (acceptLanguage != null) {
      for (String part : acceptLanguage.split(",")) {
        String tag = part.split(";")[0].strip();
        var chosen = Language.find(tag);
        if (chosen.isPresent()) {
          return new ConsoleTexts(chosen.get());
        }
        if (tag.toLowerCase(java.util.Locale.ROOT).startsWith("zh")) {
          return new ConsoleTexts(Language.ZH_CN);
        }
        if (tag.toLowerCase(java.util.Locale.ROOT).startsWith("en")) {
          return new ConsoleTexts(Language.EN);
        }
      }
    }
    return new ConsoleTexts(Language.EN);
  }

  /** The text of {@code key}. */
  @Override
  public String t(String key) {
    return BUNDLES.get(language).getString(key);
  }

  /** The text of {@code key} with {@code arg} in place of {@code {0}}. */
  public String f(String key, Object arg) {
    return t(key).replace("{0}", String.valueOf(arg));
  }

  /** The text of {@code key} with {@code args[i]} in place of each {@code {i}}. */
  public String format(String key, Object... args) {
    // One pass, so an argument that itself contains {1} stays as written.
    return PLACEHOLDER
        .matcher(t(key))
        .replaceAll(
            m -> {
              int i = Integer.parseInt(m.group(1));
              return java.util.regex.Matcher.quoteReplacement(
                  i < args.length ? String.valueOf(args[i]) : m.group());
            });
  }

  /** The BCP 47 tag, for {@code <html lang>} and links. */
  public String tag() {
    return language.tag();
  }

  public Language language() {
    return language;
  }

  static Set<String> keys(Language language) {
    return BUNDLES.get(language).keySet();
  }
}
